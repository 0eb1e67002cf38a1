import { findModel } from './cars';
import { COMPANY_NAMES, INSURERS, LEASERS, leaserOwnerName } from './parties';
import { personName, STREETS } from './people';
import { createRandom, type Random } from './random';
import { cityOf } from './zip-codes';

/**
 * The local car registry that answers a registration-number look-up: about
 * 80 Danish plates (two letters, five digits) with VIN, model, insurer as the
 * national statistics write it, leasing and owner/user.
 */
export interface VehicleRow {
  registrationNumber: string;
  vin: string;
  manuId: number;
  modelId: number;
  modelYear: number;
  insurance: string;
  leasing: string;
  leaser: string;
  owner: string;
  /** Where the owner lives, when the owner is a person (the register's address); empty otherwise. */
  ownerAddress: string;
  ownerZipCode: string;
  ownerCity: string;
  user: string;
  equipmentLine: string;
  segment: string;
  doorQuantity: number;
  colour: string;
  bodywork: string;
  firstRegistrationDate: string;
}

type Segment = 'Mikrobil' | 'Lille bil' | 'Mellemklasse' | 'Stor mellemklasse' | 'SUV' | 'Varebil' | 'Luksus';
type Bodywork = 'Hatchback' | 'Stationcar' | 'SUV' | 'Sedan' | 'Varebil';

/** [make, model, segment, bodywork, doors, equipment lines] — one registered car each. */
const REGISTERED: readonly (readonly [string, string, Segment, Bodywork, number, readonly string[]])[] = [
  ['Volkswagen', 'Golf VII', 'Mellemklasse', 'Hatchback', 5, ['Trendline', 'Comfortline', 'Highline']],
  ['Tesla', 'Model 3', 'Stor mellemklasse', 'Sedan', 4, ['Standard Range Plus', 'Long Range', 'Performance']],
  ['Skoda', 'Octavia IV', 'Mellemklasse', 'Stationcar', 5, ['Ambition', 'Style', 'RS']],
  ['Volkswagen', 'Golf Variant VIII', 'Mellemklasse', 'Stationcar', 5, ['Life', 'Style', 'R-Line']],
  ['Volkswagen', 'Golf VIII', 'Mellemklasse', 'Hatchback', 5, ['Life', 'Style', 'R-Line']],
  ['Volkswagen', 'Golf Variant VII', 'Mellemklasse', 'Stationcar', 5, ['Comfortline', 'Highline']],
  ['Volkswagen', 'Polo VI', 'Lille bil', 'Hatchback', 5, ['Trendline', 'Comfortline', 'Life', 'Style']],
  ['Volkswagen', 'up!', 'Mikrobil', 'Hatchback', 5, ['take up!', 'move up!', 'high up!', 'e-up!']],
  ['Volkswagen', 'Passat B8', 'Stor mellemklasse', 'Stationcar', 5, ['Comfortline', 'Highline', 'GTE']],
  ['Volkswagen', 'Tiguan II', 'SUV', 'SUV', 5, ['Life', 'Elegance', 'R-Line']],
  ['Volkswagen', 'T-Roc', 'SUV', 'SUV', 5, ['Life', 'Style', 'R-Line']],
  ['Volkswagen', 'ID.3', 'Mellemklasse', 'Hatchback', 5, ['Pro', 'Pro S', 'Life', 'Max']],
  ['Volkswagen', 'ID.4', 'SUV', 'SUV', 5, ['Pro', 'Pro Performance', 'GTX']],
  ['Volkswagen', 'Caddy V', 'Varebil', 'Varebil', 4, ['Cargo', 'Cargo Maxi']],
  ['Volkswagen', 'Transporter T6.1', 'Varebil', 'Varebil', 4, ['Kassevogn', 'Kassevogn lang']],
  ['Skoda', 'Octavia III', 'Mellemklasse', 'Stationcar', 5, ['Ambition', 'Style']],
  ['Skoda', 'Fabia IV', 'Lille bil', 'Hatchback', 5, ['Ambition', 'Style']],
  ['Skoda', 'Superb III', 'Stor mellemklasse', 'Stationcar', 5, ['Ambition', 'Style', 'L&K']],
  ['Skoda', 'Kodiaq', 'SUV', 'SUV', 5, ['Ambition', 'Style', 'Sportline']],
  ['Skoda', 'Enyaq iV', 'SUV', 'SUV', 5, ['60', '80', '80x Sportline']],
  ['Seat', 'Leon IV', 'Mellemklasse', 'Hatchback', 5, ['Style', 'FR']],
  ['Cupra', 'Formentor', 'SUV', 'SUV', 5, ['V1', 'V2', 'VZ']],
  ['Cupra', 'Born', 'Mellemklasse', 'Hatchback', 5, ['58 kWh', '77 kWh e-Boost']],
  ['Audi', 'A3 (8Y)', 'Mellemklasse', 'Hatchback', 5, ['Sportback Prestige', 'S line']],
  ['Audi', 'Q4 e-tron', 'SUV', 'SUV', 5, ['40 e-tron', '45 e-tron quattro']],
  ['Toyota', 'Yaris IV', 'Lille bil', 'Hatchback', 5, ['Active', 'Style', 'GR Sport']],
  ['Toyota', 'Yaris Cross', 'SUV', 'SUV', 5, ['Active', 'Style', 'Adventure']],
  ['Toyota', 'Aygo X', 'Mikrobil', 'Hatchback', 5, ['Active', 'Pulse']],
  ['Toyota', 'Corolla (E210)', 'Mellemklasse', 'Stationcar', 5, ['Active', 'Style', 'GR Sport']],
  ['Toyota', 'C-HR', 'SUV', 'SUV', 5, ['Active', 'Style']],
  ['Toyota', 'RAV4 V', 'SUV', 'SUV', 5, ['Active', 'Style', 'Plug-in']],
  ['Peugeot', '208 II', 'Lille bil', 'Hatchback', 5, ['Active', 'Allure', 'GT']],
  ['Peugeot', '2008 II', 'SUV', 'SUV', 5, ['Active', 'Allure', 'GT']],
  ['Peugeot', '308 III', 'Mellemklasse', 'Hatchback', 5, ['Active', 'Allure', 'GT']],
  ['Peugeot', '3008 II', 'SUV', 'SUV', 5, ['Active', 'Allure', 'GT']],
  ['Peugeot', 'Partner III', 'Varebil', 'Varebil', 4, ['Pro', 'Asphalt']],
  ['Citroën', 'C3 III', 'Lille bil', 'Hatchback', 5, ['Feel', 'Shine']],
  ['Citroën', 'Berlingo III', 'Varebil', 'Varebil', 4, ['Van', 'Van Driver']],
  ['Opel', 'Corsa F', 'Lille bil', 'Hatchback', 5, ['Edition', 'Elegance', 'GS Line']],
  ['Opel', 'Astra L', 'Mellemklasse', 'Stationcar', 5, ['Edition', 'Elegance']],
  ['Opel', 'Combo E', 'Varebil', 'Varebil', 4, ['Cargo', 'Cargo L2']],
  ['Ford', 'Focus IV', 'Mellemklasse', 'Stationcar', 5, ['Trend', 'Titanium', 'ST-Line']],
  ['Ford', 'Kuga III', 'SUV', 'SUV', 5, ['Titanium', 'ST-Line X']],
  ['Ford', 'Puma', 'SUV', 'SUV', 5, ['Titanium', 'ST-Line']],
  ['Ford', 'Transit Custom', 'Varebil', 'Varebil', 4, ['Trend', 'Limited']],
  ['BMW', '3-serie Touring (G21)', 'Stor mellemklasse', 'Stationcar', 5, ['320d', '330e', 'M Sport']],
  ['BMW', 'X1 (U11)', 'SUV', 'SUV', 5, ['sDrive18i', 'xDrive30e', 'iX1 xDrive30']],
  ['Mercedes-Benz', 'A-Klasse (W177)', 'Mellemklasse', 'Hatchback', 5, ['A 180', 'A 200', 'A 250 e']],
  ['Mercedes-Benz', 'C-Klasse (W206)', 'Stor mellemklasse', 'Stationcar', 5, ['C 200', 'C 300 e', 'AMG Line']],
  ['Mercedes-Benz', 'Sprinter (W907)', 'Varebil', 'Varebil', 4, ['314 CDI', '316 CDI', 'eSprinter']],
  ['Volvo', 'XC40', 'SUV', 'SUV', 5, ['Core', 'Plus', 'Ultimate']],
  ['Volvo', 'XC60 II', 'SUV', 'SUV', 5, ['Core', 'Plus', 'Ultimate']],
  ['Volvo', 'V60 II', 'Stor mellemklasse', 'Stationcar', 5, ['Momentum', 'Inscription', 'R-Design']],
  ['Polestar', '2', 'Stor mellemklasse', 'Hatchback', 5, ['Standard Range', 'Long Range Dual Motor']],
  ['Kia', 'Niro II', 'SUV', 'SUV', 5, ['Active', 'Advance', 'Upgrade']],
  ['Kia', 'Sportage V', 'SUV', 'SUV', 5, ['Comfort', 'Upgrade', 'GT-Line']],
  ['Kia', 'Ceed III', 'Mellemklasse', 'Stationcar', 5, ['Comfort', 'Prestige', 'GT-Line']],
  ['Kia', 'EV6', 'SUV', 'SUV', 5, ['Comfort', 'Upgrade', 'GT-Line']],
  ['Hyundai', 'i10 III', 'Mikrobil', 'Hatchback', 5, ['Essential', 'Advanced']],
  ['Hyundai', 'Kona II', 'SUV', 'SUV', 5, ['Essential', 'Advanced', 'Ultimate']],
  ['Hyundai', 'Tucson IV', 'SUV', 'SUV', 5, ['Essential', 'Advanced', 'Ultimate']],
  ['Hyundai', 'Ioniq 5', 'SUV', 'SUV', 5, ['Essential', 'Advanced', 'Ultimate']],
  ['Renault', 'Clio V', 'Lille bil', 'Hatchback', 5, ['Zen', 'Intens', 'Techno']],
  ['Renault', 'Zoe', 'Lille bil', 'Hatchback', 5, ['Zen', 'Intens', 'R135']],
  ['Dacia', 'Sandero III', 'Lille bil', 'Hatchback', 5, ['Essential', 'Expression', 'Stepway']],
  ['Dacia', 'Duster II', 'SUV', 'SUV', 5, ['Comfort', 'Prestige']],
  ['Nissan', 'Qashqai III (J12)', 'SUV', 'SUV', 5, ['Acenta', 'N-Connecta', 'Tekna']],
  ['Nissan', 'Leaf II', 'Mellemklasse', 'Hatchback', 5, ['Acenta', 'N-Connecta', 'Tekna']],
  ['Mazda', 'CX-30', 'SUV', 'SUV', 5, ['Sky', 'Cosmo']],
  ['Suzuki', 'Swift VI', 'Lille bil', 'Hatchback', 5, ['Club', 'Exclusive']],
  ['Tesla', 'Model Y', 'SUV', 'SUV', 5, ['Long Range', 'Performance', 'RWD']],
  ['MG', 'MG4 Electric', 'Mellemklasse', 'Hatchback', 5, ['Standard', 'Comfort', 'Luxury']],
  ['BYD', 'Atto 3', 'SUV', 'SUV', 5, ['Comfort', 'Design']],
  ['Fiat', '500e', 'Mikrobil', 'Hatchback', 3, ['Action', 'Icon', 'La Prima']],
  ['Fiat', 'Ducato III', 'Varebil', 'Varebil', 4, ['Professional', 'Maxi']],
  ['Honda', 'Jazz IV', 'Lille bil', 'Hatchback', 5, ['Elegance', 'Crosstar']],
  ['Mitsubishi', 'Space Star', 'Mikrobil', 'Hatchback', 5, ['Invite', 'Intense']],
  ['Subaru', 'Outback VI', 'Stor mellemklasse', 'Stationcar', 5, ['Adventure', 'Limited']],
  ['Mini', 'Cooper (F56)', 'Lille bil', 'Hatchback', 3, ['Cooper', 'Cooper S', 'Cooper SE']],
  ['Land Rover', 'Range Rover Evoque II', 'SUV', 'SUV', 5, ['S', 'SE', 'R-Dynamic']],
  ['Porsche', 'Taycan', 'Luksus', 'Sedan', 4, ['4S', 'Turbo']],
  // Added after the others so that the cars drawn before it keep their plates and data.
  ['Toyota', 'Yaris IV', 'Lille bil', 'Hatchback', 5, ['Active', 'Style', 'GR Sport']],
];

/** World manufacturer identifiers (first three VIN characters) per make. */
const WMI: Record<string, string> = {
  Volkswagen: 'WVW',
  Skoda: 'TMB',
  Seat: 'VSS',
  Cupra: 'VSS',
  Audi: 'WAU',
  Toyota: 'SB1',
  Peugeot: 'VF3',
  Citroën: 'VF7',
  Opel: 'W0V',
  Ford: 'WF0',
  BMW: 'WBA',
  'Mercedes-Benz': 'W1K',
  Volvo: 'YV1',
  Polestar: 'LPS',
  Kia: 'U5Y',
  Hyundai: 'TMA',
  Renault: 'VF1',
  Dacia: 'UU1',
  Nissan: 'SJN',
  Mazda: 'JMZ',
  Suzuki: 'TSM',
  Tesla: 'LRW',
  MG: 'LSJ',
  BYD: 'LGX',
  Fiat: 'ZFA',
  Honda: 'SHH',
  Mitsubishi: 'JMB',
  Subaru: 'JF1',
  Mini: 'WMW',
  'Land Rover': 'SAL',
  Porsche: 'WP0',
};
/** Vans carry the makers' commercial-vehicle identifiers. */
const VAN_WMI: Record<string, string> = {
  Volkswagen: 'WV1',
  'Mercedes-Benz': 'W1V',
  Ford: 'WF0',
  Fiat: 'ZFA',
  Peugeot: 'VF3',
  Citroën: 'VF7',
  Opel: 'W0V',
};

const VIN_ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const VIN_YEAR = 'ABCDEFGHJKLMNPRST'; // 2010 … 2026
const TRANSLITERATION: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** A 17-character VIN (no I, O or Q) with a valid check digit in position 9. */
function makeVin(wmi: string, modelYear: number): string {
  const vds = Array.from({ length: 5 }, () => random.pick([...VIN_ALPHABET])).join('');
  const year = VIN_YEAR[Math.min(Math.max(modelYear - 2010, 0), VIN_YEAR.length - 1)] as string;
  const plant = random.pick([...'ABCDEFGHJKLMNPRSTUVWXYZ']);
  const serial = String(random.int(100000, 999999));
  const draft = `${wmi}${vds}0${year}${plant}${serial}`;
  const sum = [...draft].reduce((total, char, i) => {
    const value = /\d/.test(char) ? Number(char) : (TRANSLITERATION[char] ?? 0);
    return total + value * (VIN_WEIGHTS[i] as number);
  }, 0);
  const check = sum % 11 === 10 ? 'X' : String(sum % 11);
  return `${draft.slice(0, 8)}${check}${draft.slice(9)}`;
}

/** Plate series issued over the years (roughly): older cars carry earlier letters. */
const PLATE_SERIES = [
  'AB',
  'AF',
  'AM',
  'AR',
  'AX',
  'AZ',
  'BA',
  'BD',
  'BH',
  'BK',
  'BN',
  'BR',
  'BU',
  'BX',
  'CA',
  'CE',
  'CF',
  'CJ',
  'CP',
  'CV',
  'CZ',
  'DA',
  'DC',
  'DF',
  'DK',
  'DN',
  'DR',
  'DV',
  'DZ',
  'EA',
  'EB',
  'EC',
  'EF',
  'EH',
  'EJ',
  'EL',
];

const random = createRandom(20_260_304);
const usedPlates = new Set<string>();

function makePlate(year: number): string {
  const position = Math.min(PLATE_SERIES.length - 1, Math.max(0, Math.round(((year - 2012) / 14) * (PLATE_SERIES.length - 1))));
  for (;;) {
    const series = PLATE_SERIES[Math.min(PLATE_SERIES.length - 1, position + random.int(-1, 1))] ?? 'AB';
    const plate = `${series}${random.int(10000, 99999)}`;
    if (!usedPlates.has(plate)) {
      usedPlates.add(plate);
      return plate;
    }
  }
}

const COLOURS = ['Sort', 'Hvid', 'Grå', 'Grå', 'Blå', 'Rød', 'Sølv', 'Sølv', 'Hvid', 'Sort', 'Grøn'] as const;
/** The four big insurers are listed twice: they insure most cars. */
const INSURANCE_POOL = [
  ...INSURERS.map((insurer) => insurer.bilStatistikName),
  ...INSURERS.slice(0, 4).map((insurer) => insurer.bilStatistikName),
];
const LAST_DATA_YEAR = 2025;

/**
 * Hand-picked plates the demo and the docs can refer to, by row of REGISTERED. AB12345 is a 2019
 * Golf VII (row 0 swapped places with the Golf VIII; both take the same random draws, so the
 * other cars stay as they were); CD67890, a leased 2021 Yaris, is the last row for the same reason.
 */
const FIXED: Record<
  number,
  {
    plate: string;
    leasing: 'PrivatLeaset' | 'IkkeLeaset' | '';
    company?: boolean;
    insurance?: string;
    leaser?: string;
    modelYear?: number;
    home?: readonly [string, string];
  }
> = {
  0: { plate: 'AB12345', leasing: 'IkkeLeaset', insurance: 'TRYG FORSIKRING A/S', modelYear: 2019, home: ['Søndergade 12', '8000'] },
  1: { plate: 'CX45678', leasing: 'PrivatLeaset', insurance: 'TOPDANMARK FORSIKRING A/S', leaser: 'LeasePlan Danmark' },
  2: { plate: 'DJ78901', leasing: 'IkkeLeaset', company: true, insurance: 'CODAN FORSIKRING A/S' },
  81: {
    plate: 'CD67890',
    leasing: 'PrivatLeaset',
    insurance: 'ALM. BRAND FORSIKRING A/S',
    leaser: 'Ayvens (ALD Automotive)',
    modelYear: 2021,
  },
};

/** Zip codes of the towns the workshops serve, for owners' homes. */
const HOME_ZIP_CODES = [
  '8000',
  '8200',
  '8210',
  '8260',
  '8600',
  '7100',
  '7000',
  '6000',
  '5000',
  '5200',
  '4000',
  '2100',
  '2300',
  '2500',
  '2800',
  '3400',
  '9000',
  '8900',
  '6700',
  '7400',
] as const;

/**
 * A person's home, drawn from a stream of its own per car (not the registry's stream, so adding homes left every
 * other drawn value as it was).
 */
function homeOf(
  index: number,
  fixed: readonly [string, string] | undefined,
): Pick<VehicleRow, 'ownerAddress' | 'ownerZipCode' | 'ownerCity'> {
  const homes: Random = createRandom(4_100 + index);
  const [address, zipCode] = fixed ?? [`${homes.pick(STREETS)} ${homes.int(1, 120)}`, homes.pick(HOME_ZIP_CODES)];
  return { ownerAddress: address, ownerZipCode: zipCode, ownerCity: cityOf(zipCode) };
}

function registeredVehicle(entry: (typeof REGISTERED)[number], index: number): VehicleRow {
  const [make, modelName, segment, bodywork, doors, lines] = entry;
  const model = findModel(make, modelName);
  const fromYear = Math.floor(model.yearFrom / 100);
  const toYear = model.yearTo === 0 ? LAST_DATA_YEAR : Math.min(Math.floor(model.yearTo / 100), LAST_DATA_YEAR);
  const fixed = FIXED[index];
  // Drawn even when fixed, so the cars after it get the same numbers.
  const drawnYear = random.int(fromYear, toYear);
  const modelYear = fixed?.modelYear ?? drawnYear;
  const firstMonth = modelYear === fromYear ? model.yearFrom % 100 : 1;
  const lastMonth = model.yearTo !== 0 && modelYear === Math.floor(model.yearTo / 100) ? model.yearTo % 100 : 12;
  const month = random.int(firstMonth, Math.max(firstMonth, lastMonth));
  const day = random.int(1, 28);
  const van = segment === 'Varebil';
  const company = fixed?.company ?? (van || random.chance(0.15));
  const roll = random.next();
  const leasing = fixed ? fixed.leasing : company ? 'IkkeLeaset' : roll < 0.25 ? 'PrivatLeaset' : roll < 0.87 ? 'IkkeLeaset' : '';
  const leaser = leasing === 'PrivatLeaset' ? (fixed?.leaser ?? random.pick(LEASERS).name) : '';
  const driver = personName(random);
  const owner = leaser ? leaserOwnerName(leaser) : company ? random.pick(COMPANY_NAMES) : driver;
  const insurance = fixed?.insurance ?? (random.chance(0.08) ? '' : random.pick(INSURANCE_POOL));
  const wmi = (van ? VAN_WMI[make] : undefined) ?? WMI[make] ?? 'XXX';
  return {
    registrationNumber: fixed?.plate ?? makePlate(modelYear),
    vin: makeVin(wmi, modelYear),
    manuId: model.manuId,
    modelId: model.modelId,
    modelYear,
    insurance,
    leasing,
    leaser,
    owner,
    ...(leaser || company ? { ownerAddress: '', ownerZipCode: '', ownerCity: '' } : homeOf(index, fixed?.home)),
    user: driver,
    equipmentLine: random.pick(lines),
    segment,
    doorQuantity: doors,
    colour: van ? random.pick(['Hvid', 'Hvid', 'Sølv', 'Grå', 'Sort']) : random.pick(COLOURS),
    bodywork,
    firstRegistrationDate: `${modelYear}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
  };
}

for (const fixed of Object.values(FIXED)) usedPlates.add(fixed.plate);

export const VEHICLES: readonly VehicleRow[] = REGISTERED.map(registeredVehicle);
