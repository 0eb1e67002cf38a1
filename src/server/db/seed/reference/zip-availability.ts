import { departmentId, findDepartmentSpec } from './departments';
import { stableUuid } from './random';
import { ZIP_CODES, hasZipCode } from './zip-codes';

/**
 * Postnummer styring: which zip codes each mobile-service van serves on which
 * weekdays. Near town every weekday; outer zones on fixed days; a few areas
 * are switched off (isActive false) but kept so they can be switched on again.
 */
export interface ZipAvailabilityRow {
  id: string;
  zipCode: string;
  departmentId: string;
  navResponsibilityCenter: string;
  monday: boolean;
  tuesday: boolean;
  wednesday: boolean;
  thursday: boolean;
  friday: boolean;
  saturday: boolean;
  sunday: boolean;
  isActive: boolean;
}

type Pattern = 'ALL' | 'MWF' | 'TT' | 'OFF';

interface Zone {
  pattern: Pattern;
  zips: string;
}

const DAYS: Record<Pattern, readonly number[]> = {
  ALL: [1, 2, 3, 4, 5],
  MWF: [1, 3, 5],
  TT: [2, 4],
  // Switched off, but the days it had are kept for when it is switched on again.
  OFF: [2, 4],
};

/** Every street-level code of central København and Frederiksberg C. */
const CENTRAL_COPENHAGEN = ZIP_CODES.filter((row) => Number(row.zipCode) < 2000)
  .map((row) => row.zipCode)
  .join(' ');

const COVERAGE: Record<string, readonly Zone[]> = {
  MARH: [
    { pattern: 'ALL', zips: '8000 8200 8210 8220 8230 8240 8245 8250 8260 8270 8310 8320 8330 8361 8381 8520 8530' },
    { pattern: 'MWF', zips: '8300 8340 8355 8362 8370 8380 8382 8462 8464 8471 8541 8543 8660' },
    { pattern: 'TT', zips: '8400 8410 8420 8450 8500 8544 8550 8560' },
    { pattern: 'OFF', zips: '8305 8592 8799' },
  ],
  MAAL: [
    { pattern: 'ALL', zips: '9000 9200 9210 9220 9400 9230 9260 9270 9310 9380' },
    { pattern: 'MWF', zips: '9240 9280 9293 9320 9381 9382 9430 9440 9530' },
    { pattern: 'TT', zips: '9330 9362 9370 9460 9500 9520 9700' },
    { pattern: 'OFF', zips: '9940' },
  ],
  MVEJ: [
    { pattern: 'ALL', zips: '7100 7120 7000 7080 6000' },
    { pattern: 'MWF', zips: '7300 7130 7140 7160 7171 7182 7183 7184 6040 6051 6052 6064 6091 6092 6093 6094 8722 8723' },
    { pattern: 'TT', zips: '7190 7323 7173 7150 6070 6100 6580 6640 8762 8763 8781 8783 5500 5580' },
    { pattern: 'OFF', zips: '8789' },
  ],
  MODE: [
    { pattern: 'ALL', zips: '5000 5200 5210 5220 5230 5240 5250 5260 5270 5290 5320 5330 5491 5792' },
    { pattern: 'MWF', zips: '5300 5350 5450 5462 5471 5474 5492 5540 5550 5560 5690 5750 5800' },
    { pattern: 'TT', zips: '5400 5600 5610 5620 5700 5771 5772 5853 5856 5863 5871 5874' },
    { pattern: 'OFF', zips: '5900 5960 5970 5985' },
  ],
  MKBH: [
    {
      pattern: 'ALL',
      zips:
        '2000 2100 2150 2200 2300 2400 2450 2500 2600 2605 2610 2620 2625 2630 2650 2660 2665 2700 2720 2730 2740 2750 ' +
        '2770 2860 2870 2900 2920',
    },
    {
      pattern: 'MWF',
      zips: '2635 2640 2670 2680 2690 2760 2765 2791 2800 2820 2830 2840 2850 2880 2930 2942 2950 2960 2970 2980 2990 3450 3460 3500 3520',
    },
    // Central København: narrow streets and paid parking, so only two fixed days.
    { pattern: 'TT', zips: CENTRAL_COPENHAGEN },
    { pattern: 'OFF', zips: '3700 3720 3730 3740' },
  ],
};

function rowsFor(code: string, zones: readonly Zone[]): ZipAvailabilityRow[] {
  const spec = findDepartmentSpec(code);
  return zones.flatMap(({ pattern, zips }) =>
    zips
      .split(/\s+/)
      .filter(Boolean)
      .map((zipCode) => {
        if (!hasZipCode(zipCode)) throw new Error(`Unknown zip code ${zipCode} in coverage of ${code}`);
        const days = DAYS[pattern];
        return {
          id: stableUuid(`zip-availability:${code}:${zipCode}`),
          zipCode,
          departmentId: departmentId(code),
          navResponsibilityCenter: spec.center,
          monday: days.includes(1),
          tuesday: days.includes(2),
          wednesday: days.includes(3),
          thursday: days.includes(4),
          friday: days.includes(5),
          saturday: false,
          sunday: false,
          isActive: pattern !== 'OFF',
        };
      }),
  );
}

export const ZIP_CODE_AVAILABILITY: readonly ZipAvailabilityRow[] = Object.entries(COVERAGE).flatMap(([code, zones]) =>
  rowsFor(code, zones),
);
