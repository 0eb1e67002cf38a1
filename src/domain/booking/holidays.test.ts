import { describe, expect, it } from 'vitest';
import { danishPublicHolidays, danishPublicHolidaysNamed, easterSunday, publicHolidaySet } from './holidays';

describe('easterSunday', () => {
  it('finds known Easter Sundays', () => {
    expect(easterSunday(2024)).toEqual({ month: 3, day: 31 });
    expect(easterSunday(2025)).toEqual({ month: 4, day: 20 });
    expect(easterSunday(2026)).toEqual({ month: 4, day: 5 });
    expect(easterSunday(2027)).toEqual({ month: 3, day: 28 });
    expect(easterSunday(2038)).toEqual({ month: 4, day: 25 }); // the latest possible
    expect(easterSunday(2285)).toEqual({ month: 3, day: 22 }); // the earliest possible
  });
});

describe('danishPublicHolidays', () => {
  it('lists the ten holidays of 2026 with their dates', () => {
    expect(danishPublicHolidaysNamed(2026)).toEqual([
      { date: '2026-01-01', name: 'Nytårsdag' },
      { date: '2026-04-02', name: 'Skærtorsdag' },
      { date: '2026-04-03', name: 'Langfredag' },
      { date: '2026-04-05', name: 'Påskedag' },
      { date: '2026-04-06', name: '2. påskedag' },
      { date: '2026-05-14', name: 'Kristi himmelfartsdag' },
      { date: '2026-05-24', name: 'Pinsedag' },
      { date: '2026-05-25', name: '2. pinsedag' },
      { date: '2026-12-25', name: 'Juledag' },
      { date: '2026-12-26', name: '2. juledag' },
    ]);
  });

  it('moves with Easter in 2027, across the month boundary', () => {
    expect(danishPublicHolidays(2027)).toEqual([
      '2027-01-01',
      '2027-03-25',
      '2027-03-26',
      '2027-03-28',
      '2027-03-29',
      '2027-05-06',
      '2027-05-16',
      '2027-05-17',
      '2027-12-25',
      '2027-12-26',
    ]);
  });

  it('has Store Bededag only before 2024', () => {
    expect(danishPublicHolidaysNamed(2023).find((h) => h.name === 'Store bededag')?.date).toBe('2023-05-05');
    expect(danishPublicHolidays(2023)).toHaveLength(11);
    expect(danishPublicHolidaysNamed(2024).some((h) => h.name === 'Store bededag')).toBe(false);
    expect(danishPublicHolidays(2024)).toHaveLength(10);
  });

  it('does not count Grundlovsdag, Juleaften or Nytårsaften', () => {
    const days = danishPublicHolidays(2026);
    expect(days).not.toContain('2026-06-05');
    expect(days).not.toContain('2026-12-24');
    expect(days).not.toContain('2026-12-31');
  });

  it('builds one set over several years', () => {
    const set = publicHolidaySet(2026, 2027);
    expect(set.size).toBe(20);
    expect(set.has('2026-04-03')).toBe(true);
    expect(set.has('2027-03-29')).toBe(true);
    expect(set.has('2026-04-04')).toBe(false);
  });
});
