import { copenhagenDay, isIsoDay, isWireDateTime, weekdayOf } from '../lib/dates';

/** Calendar days and working days of the planning screens, 'YYYY-MM-DD' in Copenhagen. */

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' `n` calendar days after a day. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + n));
  return `${String(date.getUTCFullYear()).padStart(4, '0')}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** `count` consecutive days from `start`, 'YYYY-MM-DD'. */
export function daysFrom(start: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(start, i));
}

/** Copenhagen's calendar day of an instant, 'YYYY-MM-DD' (defined once in lib/dates; the planning screens take it from here). */
export { copenhagenDay };

/** A working day: Monday to Friday and not a Danish public holiday (the same for every department). */
export function isWorkingDay(day: string, holidays: ReadonlySet<string>): boolean {
  const weekday = weekdayOf(day);
  return weekday >= 1 && weekday <= 5 && !holidays.has(day);
}

/** Working days after `today` up to and including `day`: 0 for today, 1 for the next working day, … */
export function workingDaysUntil(today: string, day: string, holidays: ReadonlySet<string>): number {
  let count = 0;
  for (let d = addDays(today, 1); d <= day; d = addDays(d, 1)) if (isWorkingDay(d, holidays)) count++;
  return count;
}

const ZONED_ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The Copenhagen day a slot table starts on, from 'YYYY-MM-DD', a wire date-time ('YYYY-MM-DDTHH:mm:ss',
 * Copenhagen time) or an ISO instant with a zone (what a browser's toISOString sends); null when none of them.
 */
export function startDayOf(text: string): string | null {
  if (isIsoDay(text)) return text;
  if (isWireDateTime(text)) return text.slice(0, 10);
  if (ZONED_ISO_RE.test(text) && isIsoDay(text.slice(0, 10))) {
    const ms = Date.parse(text);
    if (!Number.isNaN(ms)) {
      const day = copenhagenDay(new Date(ms));
      return isIsoDay(day) ? day : null;
    }
  }
  return null;
}
