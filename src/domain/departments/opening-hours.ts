import type { TDepartment, TOpeningHours } from './department.schemas';

/** A department's days as its opening hours make them (document 3): the booking's availability and the Departments screen read them. */

/** A row's date ('YYYY-MM-DD' or 'YYYY-MM-DDT00:00:00') as 'YYYY-MM-DD'; null for a standard row. */
export const rowDate = (row: { date: string | null }) => (row.date ? row.date.slice(0, 10) : null);

/** Whether a day is closed: a holiday, a date row marked closed, or a weekday without opening hours. */
export function isClosedDay(
  department: Pick<TDepartment, 'openingHours' | 'specificOpeningHours'>,
  date: string,
  weekday: number,
  holidays: ReadonlySet<string>,
): boolean {
  if (holidays.has(date)) return true;
  const specific: TOpeningHours[] = department.specificOpeningHours.filter((row) => rowDate(row) === date);
  if (specific.length) return specific.every((row) => row.closed);
  const standard = department.openingHours.filter((row) => row.date === null && row.day === weekday);
  return standard.length === 0 || standard.every((row) => row.closed);
}
