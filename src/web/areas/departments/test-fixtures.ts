import type { TDepartment, TTimeSlot } from '@/domain/departments/department.schemas';
import { ZERO_GUID } from '@/domain/lib/guid';

/** Departments and slots for the Departments screen's tests. */

export const slot = (id: string, over: Partial<TTimeSlot> = {}): TTimeSlot => ({
  id,
  originalId: null,
  parentSlotId: null,
  day: 1,
  date: null,
  from: 8,
  to: 10,
  maxBookings: 2,
  reperationTime: 0,
  stoneChipAlternativeWinReplace: 0,
  hasFreeCar: false,
  updateId: '0b5e7c1a-2222-4222-8222-000000000001',
  ...over,
});

export function demoDepartment(over: Partial<TDepartment> = {}): TDepartment {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Aarhus',
    address: 'Skanderborgvej 190',
    zipCode: '8260',
    city: 'Viby J',
    obs: '',
    phone: '86141520',
    departmentEmail: 'aarhus@rudeplan.dk',
    mobileService: false,
    lat: 56.129,
    lng: 10.158,
    navLocationCode: 'ARH',
    navResponsibilityCenter: 'MIDTJYLLAND',
    navBirthLocationCode: '',
    debitorId: '90001',
    windowChangeTimeOffset: 0,
    stoneChipTimeOffset: 0,
    openingHours: [
      { id: 'h2', day: 2, date: null, from: 7.5, to: 16, closed: false },
      { id: 'h1', day: 1, date: null, from: 7.5, to: 16, closed: false },
    ],
    specificOpeningHours: [{ id: 'h9', day: null, date: '2026-12-24T00:00:00', from: 0, to: 0, closed: true }],
    windowReplaceTimeSlots: [slot('w1'), slot('w2', { from: 10, to: 12 })],
    specificWindowReplaceTimeSlots: [],
    stoneChipTimeSlots: [slot('s1', { day: 2 })],
    specificStoneChipTimeSlots: [],
    hasWaitingList: false,
    warehouseEmailList: '',
    region: 'Jylland',
    deliveringDays: '1,2,3,4,5',
    nextDayDeliveryTime: '14:00',
    dailyDeliveryTime: '',
    coffee: true,
    loanCar: true,
    wifi: false,
    inActive: false,
    maxNumberOfWorkers: 6,
    parentDepartmentId: ZERO_GUID,
    loanCars: [],
    calendarDepartmentId: ZERO_GUID,
    alertMessages: [],
    updateId: '0b5e7c1a-1111-4111-8111-000000000001',
    ...over,
  };
}
