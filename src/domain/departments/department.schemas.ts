import { z } from 'zod';
import { ZLoanCar as ZLoanCarWithDepartment } from '../loan-cars/loan-car.schemas';

export const REGIONS = ['Jylland', 'Fyn', 'Sjaelland'] as const;
export type TRegion = (typeof REGIONS)[number];
export const REGION_LABELS: Record<TRegion, string> = { Jylland: 'Jylland', Fyn: 'Fyn', Sjaelland: 'Sjælland' };

export const TIME_SLOT_TYPES = ['WINDOW_REPLACE', 'STONE_CHIP'] as const;
export type TTimeSlotType = (typeof TIME_SLOT_TYPES)[number];

/** A department time slot (document 3 "Time slot"); from/to are decimal hours, day 0 Sunday … 6. */
export const ZTimeSlot = z.object({
  id: z.string(),
  originalId: z.string().nullable(),
  parentSlotId: z.string().nullable(),
  day: z.number().int().min(0).max(6).nullable(),
  date: z.string().nullable().describe('YYYY-MM-DDT00:00:00 for a date-specific slot'),
  from: z.number(),
  to: z.number(),
  maxBookings: z.number().int(),
  reperationTime: z.number(),
  stoneChipAlternativeWinReplace: z.number(),
  hasFreeCar: z.boolean(),
});
export type TTimeSlot = z.infer<typeof ZTimeSlot>;

export const ZOpeningHours = z.object({
  id: z.string(),
  day: z.number().int().min(0).max(6).nullable(),
  date: z.string().nullable(),
  from: z.number(),
  to: z.number(),
  closed: z.boolean(),
});
export type TOpeningHours = z.infer<typeof ZOpeningHours>;

/** A department's loan cars, listed under it (so without their department id). */
export const ZLoanCar = ZLoanCarWithDepartment.omit({ departmentId: true });
export type TLoanCar = z.infer<typeof ZLoanCar>;

/** Every field of the Department entity (document 3); ids of no department are the all-zero GUID. */
export const ZDepartment = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  zipCode: z.string(),
  city: z.string(),
  obs: z.string(),
  phone: z.string(),
  departmentEmail: z.string(),
  mobileService: z.boolean(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  navLocationCode: z.string(),
  navResponsibilityCenter: z.string(),
  navBirthLocationCode: z.string(),
  debitorId: z.string().describe('The department\'s cash account number; empty when none'),
  windowChangeTimeOffset: z.number(),
  stoneChipTimeOffset: z.number(),
  openingHours: z.array(ZOpeningHours),
  specificOpeningHours: z.array(ZOpeningHours),
  windowReplaceTimeSlots: z.array(ZTimeSlot),
  specificWindowReplaceTimeSlots: z.array(ZTimeSlot),
  stoneChipTimeSlots: z.array(ZTimeSlot),
  specificStoneChipTimeSlots: z.array(ZTimeSlot),
  hasWaitingList: z.boolean(),
  warehouseEmailList: z.string(),
  region: z.enum(REGIONS),
  deliveringDays: z.string(),
  nextDayDeliveryTime: z.string(),
  dailyDeliveryTime: z.string(),
  coffee: z.boolean(),
  loanCar: z.boolean(),
  wifi: z.boolean(),
  inActive: z.boolean(),
  maxNumberOfWorkers: z.number().int(),
  parentDepartmentId: z.string(),
  loanCars: z.array(ZLoanCar),
  calendarDepartmentId: z.string(),
  alertMessages: z.array(z.string()),
  updateId: z.string(),
});
export type TDepartment = z.infer<typeof ZDepartment>;
