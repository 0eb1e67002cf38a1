/**
 * Dates and times as the business sees them: Copenhagen wall-clock time.
 * The wire format is `YYYY-MM-DDTHH:mm:ss` in Copenhagen time without offset
 * (document 1 section 9); screens show dd/MM-YYYY and HH:mm.
 */
export const TIME_ZONE = 'Europe/Copenhagen';

export const WIRE_DATE_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;
const DANISH_DATE_RE = /^(\d{2})\/(\d{2})-(\d{4})$/;

/**
 * The years a date may have. Nothing the business records is older than 1900 (and `Date.UTC` reads the
 * years 0–99 as 1900–1999), and PostgreSQL refuses the year 0.
 */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 9999;

/** Whether a day exists: a real month and day of a year the app takes. */
function isRealDay(year: number, month: number, day: number): boolean {
  return year >= MIN_YEAR && year <= MAX_YEAR && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

export interface WallClock {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 Sunday … 6 Saturday, as the spec's time slots count days. */
  weekday: number;
}

/**
 * Made when first needed, not when the module loads: a formatter with a time zone loads the zone's data (tens of
 * milliseconds on a phone), which a page that shows no date should not wait for.
 */
let partsFormat: Intl.DateTimeFormat | undefined;
const PARTS_FORMAT_OPTIONS: Intl.DateTimeFormatOptions = {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  weekday: 'short',
  hourCycle: 'h23',
};
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The wall clock through Intl: exact for every instant, but slow (a few microseconds a call). */
function formatParts(date: Date): WallClock {
  const parts: Record<string, string> = {};
  partsFormat ??= new Intl.DateTimeFormat('en-GB', PARTS_FORMAT_OPTIONS);
  for (const part of partsFormat.formatToParts(date)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
}

const HOUR_MS = 3_600_000;
/**
 * Since 1980 Copenhagen's UTC offset has changed only on whole UTC hours (01:00 UTC, the EU rule), so
 * one offset per UTC hour, asked from Intl once and remembered, gives the wall clock of every instant.
 * A month of availability converts a few thousand times; this keeps each conversion to a map look-up.
 */
const FAST_FROM_MS = Date.UTC(1980, 0, 1);
const FAST_UNTIL_MS = Date.UTC(2200, 0, 1);
const MAX_REMEMBERED_HOURS = 100_000;
const offsetByHour = new Map<number, number>();

/**
 * Since 1996 Denmark keeps the EU's summer time: UTC+2 from the last Sunday of March to the last Sunday of October,
 * both at 01:00 UTC, and UTC+1 the rest of the year. Worked out here rather than asked from Intl: the first formatter
 * with a time zone loads the zone's data, tens of milliseconds on a phone's first page (issue 17: blocking time).
 * The test beside this file holds the rule against Intl hour by hour; should the EU change its rule, it fails there.
 */
const EU_RULE_FROM_MS = Date.UTC(1996, 0, 1);
const DAY_MS = 86_400_000;
const summerTimeByYear = new Map<number, readonly [number, number]>();

/** The instant of the last Sunday of a month (0–11), 01:00 UTC. */
function lastSundayOneUtc(year: number, monthIndex: number): number {
  const lastDay = Date.UTC(year, monthIndex + 1, 0, 1);
  return lastDay - new Date(lastDay).getUTCDay() * DAY_MS;
}

function euOffset(ms: number): number {
  const year = new Date(ms).getUTCFullYear();
  let summer = summerTimeByYear.get(year);
  if (!summer) {
    summer = [lastSundayOneUtc(year, 2), lastSundayOneUtc(year, 9)];
    summerTimeByYear.set(year, summer);
  }
  return ms >= summer[0] && ms < summer[1] ? 2 * HOUR_MS : HOUR_MS;
}

function offsetAt(ms: number): number {
  if (ms >= EU_RULE_FROM_MS) return euOffset(ms);
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const p = formatParts(new Date(hour * HOUR_MS));
    offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - hour * HOUR_MS;
    if (offsetByHour.size >= MAX_REMEMBERED_HOURS) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

export function copenhagenParts(date: Date): WallClock {
  const ms = date.getTime();
  // Invalid dates (NaN) and instants outside the modern rules take the exact, slow way.
  if (!(ms >= FAST_FROM_MS && ms < FAST_UNTIL_MS)) return formatParts(date);
  const wall = new Date(ms + offsetAt(ms));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    weekday: wall.getUTCDay(),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The instant of a Copenhagen wall-clock time (DST gaps resolve forward, overlaps to the first). */
export function fromCopenhagen(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): Date {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  let guess = asUtc;
  // Two rounds settle the offset also right after a DST switch.
  for (let i = 0; i < 2; i++) guess += asUtc - shownAt(guess);
  return new Date(guess);
}

/** The Copenhagen wall clock of an instant, to the second, as a UTC timestamp (what Date.UTC of its parts gives). */
function shownAt(ms: number): number {
  if (ms >= FAST_FROM_MS && ms < FAST_UNTIL_MS) return Math.floor((ms + offsetAt(ms)) / 1000) * 1000;
  const p = copenhagenParts(new Date(ms));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
}

/** The calendar day in Copenhagen of an instant, 'YYYY-MM-DD'. */
export function copenhagenDay(date: Date): string {
  const p = copenhagenParts(date);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** The weekday (0 Sunday … 6 Saturday) of a 'YYYY-MM-DD' day in Copenhagen (of a wire date-time, its day's). */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number) as [number, number, number];
  return copenhagenParts(fromCopenhagen(y, m, d, 12)).weekday;
}

/** Today in Copenhagen, 'YYYY-MM-DD': the day every 'today' of the app means, on the server as in the browser. */
export function todayInCopenhagen(now: Date = new Date()): string {
  return copenhagenDay(now);
}

export function toWireDateTime(date: Date): string {
  const p = copenhagenParts(date);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** A real calendar day 'YYYY-MM-DD' in the years the wire takes. */
export function isIsoDay(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && isWireDateTime(`${text}T00:00:00`);
}

export function isWireDateTime(text: string): boolean {
  return parseWireDateTime(text) !== null;
}

/** Reads the wire format; null when it is not a real date (or its year is before MIN_YEAR). */
export function parseWireDateTime(text: string): Date | null {
  const m = WIRE_DATE_TIME_RE.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (!isRealDay(year, month, day) || hour > 23 || minute > 59 || second > 59) return null;
  return fromCopenhagen(year, month, day, hour, minute, second);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function toDate(value: Date | string): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  return parseWireDateTime(value) ?? (Number.isNaN(Date.parse(value)) ? null : new Date(value));
}

/** "dd/MM-YYYY"; empty for a missing or unreadable value. */
export function formatDate(value: Date | string | null | undefined): string {
  if (value == null || value === '') return '';
  const date = toDate(value);
  if (!date) return '';
  const p = copenhagenParts(date);
  return `${pad(p.day)}/${pad(p.month)}-${p.year}`;
}

/** "HH:mm"; empty for a missing or unreadable value. */
export function formatTime(value: Date | string | null | undefined): string {
  if (value == null || value === '') return '';
  const date = toDate(value);
  if (!date) return '';
  const p = copenhagenParts(date);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

export function formatDateTime(value: Date | string | null | undefined): string {
  const date = formatDate(value);
  return date ? `${date} ${formatTime(value)}` : '';
}

/** Reads "dd/MM-YYYY" into the wire format at midnight; null when not a real date. */
export function parseDanishDate(text: string): string | null {
  const m = DANISH_DATE_RE.exec(text.trim());
  if (!m) return null;
  const [day, month, year] = m.slice(1).map(Number) as [number, number, number];
  if (!isRealDay(year, month, day)) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}T00:00:00`;
}

/** A typed date's forms: 'd/M-YYYY' (also with '.', '-' or a space between the parts) or 'ddMMYYYY'. */
const TYPED_DATE_RE = /^(\d{1,2})[/.\- ](\d{1,2})[/.\- ](\d{4})$/;
const TYPED_DIGITS_RE = /^(\d{2})(\d{2})(\d{4})$/;

/**
 * A date typed in a date field (issue 39), as 'YYYY-MM-DD': dd/MM-YYYY as the app shows it, and the quicker forms
 * a user types, d/M-YYYY ('5/1-2027'), ddMMYYYY ('05012027') or with dots ('05.01.2027'). Null when not a real day.
 */
export function parseTypedDate(text: string): string | null {
  const trimmed = text.trim();
  const m = TYPED_DATE_RE.exec(trimmed) ?? TYPED_DIGITS_RE.exec(trimmed);
  if (!m) return null;
  const [day, month, year] = m.slice(1).map(Number) as [number, number, number];
  if (!isRealDay(year, month, day)) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Slot times are decimal hours in the data (7.5 = 07:30). */
export function hoursToTime(hours: number): string {
  const totalMinutes = Math.round(hours * 60);
  return `${pad(Math.floor(totalMinutes / 60))}:${pad(totalMinutes % 60)}`;
}

export function timeToHours(time: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 24 || min > 59 || (h === 24 && min > 0)) return null;
  return h + min / 60;
}
