import { describe, expect, it } from 'vitest';
import { calendarTitle, concernsCalendar, dateToWire, defaultView, reorderRow, resourcesFor, visibleDays, wireToDate } from './calendar-model';

describe('the calendar model', () => {
  const thursday = new Date(2026, 10, 26, 9, 30);

  it('shows a day, Monday to Friday, or Monday to Sunday, with Danish titles', () => {
    expect(visibleDays(thursday, 'day')).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    expect(visibleDays(thursday, 'work_week')).toEqual({ from: '2026-11-23', to: '2026-11-27' });
    expect(visibleDays(new Date(2026, 10, 29), 'week')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(calendarTitle(thursday, 'day')).toBe('Torsdag 26/11-2026');
    expect(calendarTitle(thursday, 'work_week')).toBe('Uge 48 · 23/11 – 27/11-2026');
    expect(calendarTitle(new Date(2026, 11, 31), 'week')).toBe('Uge 53 · 28/12-2026 – 03/01-2027');
  });

  it('opens in day view at 768 px or less', () => {
    expect(defaultView(768)).toBe('day');
    expect(defaultView(769)).toBe('work_week');
  });

  it('keeps the wire wall clock', () => {
    expect(dateToWire(wireToDate('2026-11-26T07:45:00'))).toBe('2026-11-26T07:45:00');
  });

  it('puts the dragged booking in the place of the one it was dropped on', () => {
    expect(reorderRow(['a', 'b', 'c'], 'c', 'a')).toEqual(['c', 'a', 'b']);
    expect(reorderRow(['a', 'b', 'c'], 'a', 'c')).toEqual(['b', 'c', 'a']);
    expect(reorderRow(['a', 'b'], 'a', 'a')).toBeNull();
    expect(reorderRow(['a', 'b'], 'x', 'a')).toBeNull();
  });

  it('shows the columns Mont and Rep by the filters', () => {
    expect(resourcesFor(['WINDSCREEN']).map((c) => c.title)).toEqual(['Mont']);
    expect(resourcesFor(['STONECHIP']).map((c) => c.title)).toEqual(['Rep']);
    expect(resourcesFor(['DEPARTMENT'])).toEqual([]);
  });

  it('reloads for a change to the workshop or its van on a shown day, and for anything after a reconnect', () => {
    const family = new Set(['ws', 'van']);
    const days = { from: '2026-11-23', to: '2026-11-27' };
    expect(concernsCalendar([{ departmentId: 'van', date: '2026-11-24' }], family, days)).toBe(true);
    expect(concernsCalendar([{ departmentId: 'ws', date: '2026-12-01' }], family, days)).toBe(false);
    expect(concernsCalendar([{ departmentId: 'other', date: '2026-11-24' }], family, days)).toBe(false);
    expect(concernsCalendar([], family, days)).toBe(true);
  });
});
