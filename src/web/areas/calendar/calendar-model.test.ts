import { describe, expect, it } from 'vitest';
import type { TDepartmentSummary } from '@/domain/departments/department.schemas';
import { ZERO_GUID } from '@/domain/lib/guid';
import {
  AUTO_REFRESH_MS,
  arrivalSmsFor,
  calendarDepartments,
  calendarTitle,
  concernsCalendar,
  dateToWire,
  defaultView,
  ownCalendarDepartment,
  reorderRow,
  resourcesFor,
  visibleDays,
  wireToDate,
} from './calendar-model';

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
    // A plan change (date null) of a shown department, even beside another department's day, reloads it.
    expect(
      concernsCalendar(
        [
          { departmentId: 'other', date: '2026-11-24' },
          { departmentId: 'ws', date: null },
        ],
        family,
        days,
      ),
    ).toBe(true);
    expect(concernsCalendar([{ departmentId: 'other', date: null }], family, days)).toBe(false);
  });
});

describe('the department a calendar opens with', () => {
  const department = (id: string, name: string, overrides: Partial<TDepartmentSummary> = {}) =>
    ({ id, name, mobileService: false, inActive: false, parentDepartmentId: ZERO_GUID, ...overrides }) as TDepartmentSummary;
  const AARHUS = department('44444444-4444-4444-8444-444444444444', 'Aarhus');
  const VAN = department('55555555-5555-4555-8555-555555555555', 'Mobil Aarhus', { mobileService: true, parentDepartmentId: AARHUS.id });
  const ODENSE = department('66666666-6666-4666-8666-666666666666', 'Odense');
  const CLOSED = department('77777777-7777-4777-8777-777777777777', 'Lukket', { inActive: true });
  const ALL = [ODENSE, VAN, CLOSED, AARHUS];
  const user = (departmentGuid: string, calendarDepartmentGuid = ZERO_GUID) => ({ departmentGuid, calendarDepartmentGuid });

  it("preselects the user's own department", () => {
    expect(ownCalendarDepartment(user(AARHUS.id), ALL)).toBe(AARHUS.id);
    expect(ownCalendarDepartment(user(ODENSE.id), ALL)).toBe(ODENSE.id);
  });

  it('prefers the calendar department the user has been given', () => {
    expect(ownCalendarDepartment(user(AARHUS.id, ODENSE.id), ALL)).toBe(ODENSE.id);
  });

  it("opens a van's fitter on the van's workshop (a van has no calendar of its own)", () => {
    expect(ownCalendarDepartment(user(VAN.id), ALL)).toBe(AARHUS.id);
    // Danish order: 'Aa' is 'Å', after 'O'.
    expect(calendarDepartments(ALL).map((d) => d.name)).toEqual(['Odense', 'Aarhus']);
  });

  it('preselects nothing without a user, a department, or one a calendar can show', () => {
    expect(ownCalendarDepartment(null, ALL)).toBeNull();
    expect(ownCalendarDepartment(user(ZERO_GUID), ALL)).toBeNull();
    expect(ownCalendarDepartment(user('88888888-8888-4888-8888-888888888888'), ALL)).toBeNull();
    expect(ownCalendarDepartment(user(CLOSED.id), ALL)).toBeNull();
  });
});

describe('the reload', () => {
  it('comes every 5 minutes (section 9)', () => {
    expect(AUTO_REFRESH_MS).toBe(5 * 60_000);
  });
});

describe('the SMS offered after a move (issue 39)', () => {
  it('chooses the arrival window holding the new start; none for the waiting list', () => {
    expect(arrivalSmsFor(new Date(2026, 11, 8, 8, 0))).toBe('ARRIVE_BETWEEN_8_12');
    expect(arrivalSmsFor(new Date(2026, 11, 8, 10, 30))).toBe('ARRIVE_BETWEEN_10_14');
    expect(arrivalSmsFor(new Date(2026, 11, 8, 13, 0))).toBe('ARRIVE_BETWEEN_12_16');
    expect(arrivalSmsFor(new Date(2026, 11, 8, 0, 0))).toBeUndefined();
  });
});
