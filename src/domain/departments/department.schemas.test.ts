import { describe, expect, expectTypeOf, it } from 'vitest';
import { DEPARTMENT_PLAN_FIELDS, ZDepartment, ZDepartmentSummary, type TDepartment, type TDepartmentSummary } from './department.schemas';

const slot = {
  id: 's1',
  originalId: null,
  parentSlotId: null,
  day: 1,
  date: null,
  from: 8,
  to: 10,
  maxBookings: 2,
  reperationTime: 2,
  stoneChipAlternativeWinReplace: 0,
  hasFreeCar: false,
  updateId: 'v1',
};
const hours = { id: 'h1', day: 1, date: null, from: 7.5, to: 16, closed: false };

const department: TDepartment = ZDepartment.parse({
  id: '44444444-4444-4444-8444-444444444444',
  name: 'Aarhus',
  address: 'Testvej 1',
  zipCode: '8000',
  city: 'Aarhus C',
  obs: '',
  phone: '',
  departmentEmail: '',
  mobileService: false,
  lat: 56.15,
  lng: 10.2,
  navLocationCode: 'ARH',
  navResponsibilityCenter: 'MIDT',
  navBirthLocationCode: '',
  debitorId: '',
  windowChangeTimeOffset: 0,
  stoneChipTimeOffset: 0,
  openingHours: [hours],
  specificOpeningHours: [{ ...hours, id: 'h2', day: null, date: '2030-01-02T00:00:00', closed: true }],
  windowReplaceTimeSlots: [slot],
  specificWindowReplaceTimeSlots: [{ ...slot, id: 's2', day: null, date: '2030-01-02T00:00:00' }],
  stoneChipTimeSlots: [{ ...slot, id: 's3' }],
  specificStoneChipTimeSlots: [],
  hasWaitingList: true,
  warehouseEmailList: '',
  region: 'Jylland',
  deliveringDays: '1,2,3,4,5',
  nextDayDeliveryTime: '',
  dailyDeliveryTime: '',
  coffee: true,
  loanCar: true,
  wifi: false,
  inActive: false,
  maxNumberOfWorkers: 3,
  parentDepartmentId: '00000000-0000-0000-0000-000000000000',
  loanCars: [{ id: 'c1', regNumber: 'AB12345', make: 'VW', model: 'Up', colour: 'Rød', fuelType: 'Benzin', damages: [] }],
  calendarDepartmentId: '00000000-0000-0000-0000-000000000000',
  alertMessages: ['Husk nøglen'],
  webBooking: true,
  webBookingDaysAhead: 21,
  webBookingNoticeHours: 24,
  updateId: '0b5e7c1a-1111-4111-8111-000000000001',
});

describe('ZDepartmentSummary', () => {
  it('is the department without its hours and slots, and keeps everything else (loan cars too)', () => {
    const summary = ZDepartmentSummary.parse(department);
    for (const field of DEPARTMENT_PLAN_FIELDS) expect(summary).not.toHaveProperty(field);
    const rest: Record<string, unknown> = { ...department };
    for (const field of DEPARTMENT_PLAN_FIELDS) delete rest[field];
    expect(summary).toEqual(rest);
    expect(summary.loanCars).toHaveLength(1);
  });

  it('takes a whole department where a summary is wanted (the screens pass either)', () => {
    expectTypeOf<TDepartment>().toExtend<TDepartmentSummary>();
    expectTypeOf<TDepartmentSummary>().not.toHaveProperty('windowReplaceTimeSlots');
  });
});
