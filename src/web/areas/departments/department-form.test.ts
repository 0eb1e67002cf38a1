import { describe, expect, it } from 'vitest';
import { ZDepartmentInput } from '@/domain/departments/department.schemas';
import { changedMasterFields } from '@/domain/departments/department-rules';
import {
  changedSlot,
  datesWithOwnSlots,
  departmentToForm,
  formatDeliveringDays,
  newSlotTimes,
  parseDeliveringDays,
  parseHoursText,
  slotsOfWeekday,
  slotToInput,
  withDatePlan,
  withMobileService,
  withoutSlot,
  withSlot,
} from './department-form';
import { demoDepartment, slot } from './test-fixtures';

describe('the department form', () => {
  it('holds every master-data field as stored, so a save without changes changes no master data', () => {
    const department = demoDepartment();
    const form = departmentToForm(department);
    // What the server compares for TimeManagement (document 3: only opening hours and slots are theirs).
    expect(changedMasterFields(department, ZDepartmentInput.parse(form))).toEqual([]);
    expect(form.parentDepartmentId).toBe('');
    // Monday first; dates as the input takes them.
    expect(form.openingHours.map((h) => h.day)).toEqual([1, 2]);
    expect(form.specificOpeningHours[0]!.date).toBe('2026-12-24');
  });

  it('clears the parent department when mobile service is unset', () => {
    const van = departmentToForm(demoDepartment({ mobileService: true, parentDepartmentId: '22222222-2222-4222-8222-222222222222' }));
    expect(van.parentDepartmentId).toBe('22222222-2222-4222-8222-222222222222');
    expect(withMobileService(van, false)).toMatchObject({ mobileService: false, parentDepartmentId: '' });
    expect(withMobileService(van, true).parentDepartmentId).toBe(van.parentDepartmentId);
  });

  it('reads and writes delivering days as a comma list of weekday numbers', () => {
    expect(parseDeliveringDays('1, 2,3,9,x,2')).toEqual([1, 2, 3]);
    expect(formatDeliveringDays([0, 5, 1, 1])).toBe('1,5,0');
    expect(ZDepartmentInput.shape.deliveringDays.safeParse(formatDeliveringDays([1, 3, 0])).success).toBe(true);
  });

  it('reads typed times as decimal hours', () => {
    expect(parseHoursText('07:30')).toBe(7.5);
    expect(parseHoursText('7.30')).toBe(7.5);
    expect(parseHoursText('0730')).toBe(7.5);
    expect(parseHoursText('730')).toBe(7.5);
    expect(parseHoursText('14')).toBe(14);
    expect(parseHoursText('24:00')).toBe(24);
    expect(parseHoursText('24:30')).toBeNull();
    expect(parseHoursText('7:3')).toBeNull();
    expect(parseHoursText('')).toBeNull();
  });
});

describe('slots in the cache', () => {
  it('puts a saved slot in its list, replacing the one with its id', () => {
    const department = demoDepartment();
    const changed = withSlot(department, 'WINDOW_REPLACE', slot('w1', { maxBookings: 3 }));
    expect(changed.windowReplaceTimeSlots.find((s) => s.id === 'w1')!.maxBookings).toBe(3);
    expect(changed.windowReplaceTimeSlots).toHaveLength(2);
    const dated = withSlot(department, 'WINDOW_REPLACE', slot('d1', { day: null, date: '2026-06-02T00:00:00' }));
    expect(dated.specificWindowReplaceTimeSlots.map((s) => s.id)).toEqual(['d1']);
    expect(dated.windowReplaceTimeSlots).toHaveLength(2);
    const chip = withSlot(department, 'STONE_CHIP', slot('s2', { day: 3 }));
    expect(chip.stoneChipTimeSlots.map((s) => s.id)).toEqual(['s1', 's2']);
    expect(withoutSlot(department, 'WINDOW_REPLACE', 'w2').windowReplaceTimeSlots.map((s) => s.id)).toEqual(['w1']);
  });

  it("makes copies a date's whole plan of that kind", () => {
    const department = demoDepartment({
      specificWindowReplaceTimeSlots: [
        slot('old', { day: null, date: '2026-06-02T00:00:00' }),
        slot('keep', { day: null, date: '2026-06-03T00:00:00' }),
      ],
    });
    const copies = [slot('c1', { day: null, date: '2026-06-02T00:00:00', originalId: 'w1' })];
    expect(withDatePlan(department, 'WINDOW_REPLACE', '2026-06-02', copies).specificWindowReplaceTimeSlots.map((s) => s.id)).toEqual([
      'keep',
      'c1',
    ]);
    expect(datesWithOwnSlots(department.specificWindowReplaceTimeSlots, '2026-06-03')).toEqual(['2026-06-03']);
  });

  it("sends a slot as the save body: a date's slot without a weekday", () => {
    expect(slotToInput(slot('w1'))).toMatchObject({ id: 'w1', day: 1, date: null });
    expect(slotToInput(slot('d1', { day: 2, date: '2026-06-02T00:00:00' }))).toMatchObject({ day: null, date: '2026-06-02' });
  });

  it('makes a free-loan-car slot one booking', () => {
    expect(changedSlot(slot('w1', { maxBookings: 3 }), { hasFreeCar: true })).toMatchObject({ hasFreeCar: true, maxBookings: 1 });
    expect(changedSlot(slot('w1', { maxBookings: 3, hasFreeCar: true }), { hasFreeCar: false }).maxBookings).toBe(3);
  });

  it('starts a new slot where the day ends, within the day', () => {
    expect(newSlotTimes([], 7.5)).toEqual({ from: 7.5, to: 9.5 });
    expect(newSlotTimes([], null)).toEqual({ from: 8, to: 10 });
    expect(newSlotTimes([{ to: 12 }, { to: 10 }], 7.5)).toEqual({ from: 12, to: 14 });
    expect(newSlotTimes([{ to: 23.5 }], 7.5)).toEqual({ from: 22, to: 24 });
    expect(slotsOfWeekday([slot('b', { from: 10 }), slot('a', { from: 8 }), slot('c', { day: 2 })], 1).map((s) => s.id)).toEqual([
      'a',
      'b',
    ]);
  });
});
