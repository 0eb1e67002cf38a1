import { describe, expect, it } from 'vitest';
import { ZDepartmentInput, ZTimeSlotInput, type TTimeSlot } from './department.schemas';
import { changedMasterFields, copiedSlots, editableDepartmentIds, normalisedDepartment, normalisedSlot, slotChangeRefusal, slotDeleteRefusal } from './department-rules';

const A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const C = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const keys = [
  { id: A, navResponsibilityCenter: 'MIDT' },
  { id: B, navResponsibilityCenter: 'MIDT' },
  { id: C, navResponsibilityCenter: 'SYD' },
];

describe('editableDepartmentIds', () => {
  it('gives an administrator every department', () => {
    expect(editableDepartmentIds({ roles: ['Adminstrator'], departmentId: null }, keys)).toEqual(new Set([A, B, C]));
  });

  it("gives TimeManagement its own department and those sharing its responsibility centre, nobody else anything", () => {
    expect(editableDepartmentIds({ roles: ['TimeManagement'], departmentId: A }, keys)).toEqual(new Set([A, B]));
    expect(editableDepartmentIds({ roles: ['TimeManagement'], departmentId: null }, keys).size).toBe(0);
    expect(editableDepartmentIds({ roles: ['CustomerService'], departmentId: A }, keys).size).toBe(0);
  });
});

const slot = (fields: Partial<TTimeSlot> = {}): TTimeSlot => ({
  id: A,
  originalId: null,
  parentSlotId: null,
  day: 1,
  date: null,
  from: 8,
  to: 10,
  maxBookings: 3,
  reperationTime: 0,
  stoneChipAlternativeWinReplace: 0,
  hasFreeCar: false,
  ...fields,
});
const input = (fields: Record<string, unknown>) => ZTimeSlotInput.parse({ day: 1, from: 8, to: 10, maxBookings: 3, ...fields });

describe('time slots', () => {
  it('locks a booked slot: its day and times stay, and it is not deleted', () => {
    expect(slotChangeRefusal(slot(), input({ from: 9 }), 2, 1)).toMatch(/^Der er 2 bookinger knyttet til tiden/);
    expect(slotChangeRefusal(slot(), input({ day: 2 }), 2, 1)).not.toBeNull();
    expect(slotChangeRefusal(slot(), input({ maxBookings: 5 }), 2, 1)).toBeNull();
    expect(slotDeleteRefusal(1)).toBe('Der er 1 booking knyttet til tiden. Den kan ikke slettes, og dag og tidsrum kan ikke ændres.');
    expect(slotDeleteRefusal(0)).toBeNull();
  });

  it('never goes below the places it holds on a day; a free loan car makes it single', () => {
    expect(slotChangeRefusal(slot(), input({ maxBookings: 1 }), 4, 2)).toBe('Der er 2 bookinger på tiden på samme dag; antal pladser kan ikke være lavere');
    expect(normalisedSlot(input({ maxBookings: 4, hasFreeCar: true })).maxBookings).toBe(1);
    expect(slotChangeRefusal(slot(), input({ hasFreeCar: true }), 2, 2)).not.toBeNull();
    expect(slotChangeRefusal(null, input({ day: 3 }), 0, 0)).toBeNull();
  });

  it("copies a weekday's standard slots to a date, remembering where each came from", () => {
    const copies = copiedSlots([slot(), slot({ id: B, day: 2 }), slot({ id: C, from: 10, to: 12 })], 1, '2027-03-01T00:00:00');
    expect(copies.map((c) => [c.date, c.day, c.from, c.originalId])).toEqual([
      ['2027-03-01', null, 8, A],
      ['2027-03-01', null, 10, C],
    ]);
  });
});

describe('department master data', () => {
  const base = ZDepartmentInput.parse({ name: 'Aarhus', navResponsibilityCenter: 'MIDT', region: 'Jylland' });

  it('starts the location code from the responsibility centre and clears the parent of a workshop', () => {
    const saved = normalisedDepartment({ ...base, parentDepartmentId: B, mobileService: false });
    expect(saved.navLocationCode).toBe('MIDT');
    expect(saved.parentDepartmentId).toBe('');
  });

  it('tells which master-data fields a save changes (opening hours are not master data)', () => {
    const stored = { ...base, id: A, lat: null, lng: null, parentDepartmentId: '00000000-0000-0000-0000-000000000000', calendarDepartmentId: '00000000-0000-0000-0000-000000000000' };
    const storedDepartment = stored as unknown as Parameters<typeof changedMasterFields>[0];
    expect(changedMasterFields(storedDepartment, { ...base, openingHours: [{ day: 1, date: null, from: 7, to: 16, closed: false }] })).toEqual([]);
    expect(changedMasterFields(storedDepartment, { ...base, name: 'Aarhus Syd', coffee: true })).toEqual(['name', 'coffee']);
  });
});
