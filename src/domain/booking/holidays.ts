/**
 * Danish public holidays ('helligdage'): the days every department is closed.
 * Store Bededag was abolished from 2024; Grundlovsdag (5 June), Juleaften and
 * Nytårsaften are not public holidays (departments close those by a date row).
 */
export interface PublicHoliday {
  /** 'YYYY-MM-DD' */
  date: string;
  name: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of a calendar day, `offsetDays` after the given one (month 1-12). */
function isoDay(year: number, month: number, day: number, offsetDays = 0): string {
  const d = new Date(Date.UTC(year, month - 1, day + offsetDays));
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, 'Meeus/Jones/Butcher'). */
export function easterSunday(year: number): { month: number; day: number } {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { month, day };
}

/** The public holidays of a year with their Danish names, in date order. */
export function danishPublicHolidaysNamed(year: number): PublicHoliday[] {
  const easter = easterSunday(year);
  const fromEaster = (offset: number) => isoDay(year, easter.month, easter.day, offset);
  const holidays: PublicHoliday[] = [
    { date: isoDay(year, 1, 1), name: 'Nytårsdag' },
    { date: fromEaster(-3), name: 'Skærtorsdag' },
    { date: fromEaster(-2), name: 'Langfredag' },
    { date: fromEaster(0), name: 'Påskedag' },
    { date: fromEaster(1), name: '2. påskedag' },
    ...(year < 2024 ? [{ date: fromEaster(26), name: 'Store bededag' }] : []),
    { date: fromEaster(39), name: 'Kristi himmelfartsdag' },
    { date: fromEaster(49), name: 'Pinsedag' },
    { date: fromEaster(50), name: '2. pinsedag' },
    { date: isoDay(year, 12, 25), name: 'Juledag' },
    { date: isoDay(year, 12, 26), name: '2. juledag' },
  ];
  return holidays.sort((x, y) => x.date.localeCompare(y.date));
}

/** The public holidays of a year as 'YYYY-MM-DD', in date order. */
export function danishPublicHolidays(year: number): string[] {
  return danishPublicHolidaysNamed(year).map((h) => h.date);
}

/** The holidays of several years as one set, the shape `monthAvailability` takes. */
export function publicHolidaySet(...years: number[]): Set<string> {
  return new Set(years.flatMap(danishPublicHolidays));
}
