import { describe, expect, it } from 'vitest';
import {
  copenhagenDay,
  copenhagenParts,
  formatDate,
  formatDateTime,
  formatTime,
  fromCopenhagen,
  hoursToTime,
  parseDanishDate,
  parseTypedDate,
  parseWireDateTime,
  weekdayOf,
  timeToHours,
  todayInCopenhagen,
  toWireDateTime,
} from './dates';

describe('Copenhagen wall-clock dates', () => {
  it('writes the wire format in Copenhagen time without offset', () => {
    expect(toWireDateTime(new Date('2026-01-15T07:30:00Z'))).toBe('2026-01-15T08:30:00'); // CET +1
    expect(toWireDateTime(new Date('2026-07-15T07:30:00Z'))).toBe('2026-07-15T09:30:00'); // CEST +2
  });

  it("keeps the EU's summer time as Intl's time zone data has it, 1996–2100, on each hour around the changes", () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Copenhagen',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const fromIntl = (ms: number) => {
      const p = Object.fromEntries(intl.formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
      return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
    };
    const ours = (ms: number) => {
      const p = copenhagenParts(new Date(ms));
      return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')} ${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
    };
    const wrong: string[] = [];
    const check = (at: number) => {
      if (ours(at) !== fromIntl(at)) wrong.push(`${new Date(at).toISOString()}: ${ours(at)} ≠ ${fromIntl(at)}`);
    };
    for (let year = 1996; year <= 2100 && wrong.length < 5; year++) {
      // Every hour (and the minute before it) of the last eight days of March and of October, where the changes are.
      for (const month of [2, 9]) {
        for (let ms = Date.UTC(year, month, 24); ms < Date.UTC(year, month + 1, 1, 1); ms += 3_600_000) [ms, ms - 60_000].forEach(check);
      }
      // And the middle of every month.
      for (let month = 0; month < 12; month++) check(Date.UTC(year, month, 15, 12));
    }
    expect(wrong).toEqual([]);
  });

  it('reads the wire format back to the same instant, across DST', () => {
    for (const wire of ['2026-03-29T01:59:59', '2026-03-29T03:00:00', '2026-10-25T12:00:00', '2026-12-31T23:59:59']) {
      const date = parseWireDateTime(wire);
      expect(date).not.toBeNull();
      expect(toWireDateTime(date!)).toBe(wire);
    }
  });

  it('refuses what is not a date', () => {
    expect(parseWireDateTime('2026-02-30T00:00:00')).toBeNull();
    expect(parseWireDateTime('2026-02-03')).toBeNull();
    expect(parseWireDateTime('2026-02-03T10:00:00Z')).toBeNull();
  });

  it('refuses years before 1900 (the year 0 included), which no record has and PostgreSQL may not take', () => {
    expect(parseWireDateTime('0000-01-01T00:00:00')).toBeNull();
    expect(parseWireDateTime('0099-06-01T00:00:00')).toBeNull();
    expect(parseWireDateTime('1899-12-31T23:59:59')).toBeNull();
    expect(toWireDateTime(parseWireDateTime('1900-01-01T00:00:00')!)).toBe('1900-01-01T00:00:00');
    expect(toWireDateTime(parseWireDateTime('9999-12-31T23:59:59')!)).toBe('9999-12-31T23:59:59');
    expect(parseDanishDate('01/01-0000')).toBeNull();
    expect(parseDanishDate('01/01-1900')).toBe('1900-01-01T00:00:00');
  });

  it('shows dd/MM-YYYY and HH:mm', () => {
    expect(formatDate('2026-05-04T08:05:00')).toBe('04/05-2026');
    expect(formatTime('2026-05-04T08:05:00')).toBe('08:05');
    expect(formatDateTime(fromCopenhagen(2026, 12, 24, 16, 0))).toBe('24/12-2026 16:00');
    expect(formatDate(null)).toBe('');
    expect(formatDate('nonsense')).toBe('');
  });

  it('reads the Danish date format', () => {
    expect(parseDanishDate('24/12-2026')).toBe('2026-12-24T00:00:00');
    expect(parseDanishDate('31/02-2026')).toBeNull();
    expect(parseDanishDate('2026-12-24')).toBeNull();
  });

  it('reads a typed date: dd/MM-YYYY, d/M-YYYY, ddMMYYYY and dots (issue 39)', () => {
    expect(parseTypedDate('24/12-2026')).toBe('2026-12-24');
    expect(parseTypedDate(' 5/1-2027 ')).toBe('2027-01-05');
    expect(parseTypedDate('05012027')).toBe('2027-01-05');
    expect(parseTypedDate('5.1.2027')).toBe('2027-01-05');
    expect(parseTypedDate('05-01-2027')).toBe('2027-01-05');
    expect(parseTypedDate('29/2-2028')).toBe('2028-02-29');
    expect(parseTypedDate('29/2-2027')).toBeNull();
    expect(parseTypedDate('31/04-2027')).toBeNull();
    expect(parseTypedDate('13/13-2027')).toBeNull();
    expect(parseTypedDate('0/1-2027')).toBeNull();
    expect(parseTypedDate('5012027')).toBeNull();
    expect(parseTypedDate('2027-01-05')).toBeNull();
    expect(parseTypedDate('5/1-27')).toBeNull();
    expect(parseTypedDate('')).toBeNull();
  });

  it('counts weekdays from Sunday = 0', () => {
    expect(copenhagenParts(fromCopenhagen(2026, 11, 22)).weekday).toBe(0); // a Sunday
    expect(copenhagenParts(fromCopenhagen(2026, 11, 23)).weekday).toBe(1);
  });

  it('agrees with Intl minute by minute around the DST switches, and before 1980', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Copenhagen',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    const expected = (date: Date) => {
      const p = Object.fromEntries(intl.formatToParts(date).map((part) => [part.type, Number(part.value)]));
      return [p.year, p.month, p.day, p.hour, p.minute, p.second];
    };
    const actual = (date: Date) => {
      const p = copenhagenParts(date);
      return [p.year, p.month, p.day, p.hour, p.minute, p.second];
    };
    // The last Sundays of March and October 2026, and an instant under the old rules.
    const starts = [Date.UTC(2026, 2, 29, 0, 0, 30), Date.UTC(2026, 9, 25, 0, 0, 30), Date.UTC(1975, 5, 1, 12, 0, 0)];
    for (const start of starts) {
      for (let minute = 0; minute < 180; minute += 7) {
        const date = new Date(start + minute * 60_000);
        expect(actual(date)).toEqual(expected(date));
      }
    }
  });

  it('converts decimal slot hours to clock times and back', () => {
    expect(hoursToTime(7.5)).toBe('07:30');
    expect(hoursToTime(16)).toBe('16:00');
    expect(timeToHours('07:45')).toBe(7.75);
    expect(timeToHours('25:00')).toBeNull();
  });
});

describe('today in Copenhagen', () => {
  it("is Copenhagen's day, not UTC's, across midnight and the summer-time switches", () => {
    expect(todayInCopenhagen(new Date('2026-05-04T22:30:00Z'))).toBe('2026-05-05');
    expect(todayInCopenhagen(new Date('2026-12-31T22:59:00Z'))).toBe('2026-12-31');
    expect(todayInCopenhagen(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
    expect(copenhagenDay(new Date('2026-03-28T23:30:00Z'))).toBe('2026-03-29');
    expect(copenhagenDay(new Date('2026-10-24T22:30:00Z'))).toBe('2026-10-25');
    expect(todayInCopenhagen()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('weekdayOf', () => {
  it("is the calendar day's weekday, 0 Sunday … 6 Saturday, on every day of a year with both DST switches", () => {
    expect(weekdayOf('2026-12-07')).toBe(1);
    expect(weekdayOf('2026-03-29')).toBe(0);
    expect(weekdayOf('2026-10-25')).toBe(0);
    expect(weekdayOf('2026-12-07T23:30:00')).toBe(1);
    for (let day = 0; day < 366; day++) {
      const date = new Date(Date.UTC(2026, 0, 1 + day));
      expect(weekdayOf(date.toISOString().slice(0, 10))).toBe(date.getUTCDay());
    }
  });
});
