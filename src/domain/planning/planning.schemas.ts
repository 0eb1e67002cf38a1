import { z } from 'zod';
import { ZPlaceState } from '../booking';
import { REGIONS } from '../departments';
import { MESSAGES } from '../lib/validation';
import { startDayOf } from './planning-days';

/**
 * Ledige slots and Leveringstid (document 3, sections 3 and 7): the answers of
 * GET /api/availableslots/getAll, GET /api/availableslots/getByRegion and GET /api/deliverytime.
 */

/**
 * One day of one department: free places per kind. A kind that is closed, over (its time has passed) or has no
 * slots that day has a null count (shown blank); `closed` is true on a closed day and on a day whose time is over
 * (it counts as closed). Beyond the spec: each kind's state.
 */
export const ZAvailableSlotsDay = z.object({
  /** 'YYYY-MM-DDT00:00:00' */
  date: z.string(),
  stoneChipAvailableSlots: z.number().int().nullable(),
  windowReplacementAvailableSlots: z.number().int().nullable(),
  closed: z.boolean(),
  windowReplacementState: ZPlaceState,
  stoneChipState: ZPlaceState,
});
export type TAvailableSlotsDay = z.infer<typeof ZAvailableSlotsDay>;

/** Available slots per department (document 3 section 3), with the department's id beyond the spec. */
export const ZAvailableSlotsDepartment = z.object({
  departmentId: z.string(),
  name: z.string(),
  zipCode: z.string(),
  availableSlots: z.array(ZAvailableSlotsDay),
});
export type TAvailableSlotsDepartment = z.infer<typeof ZAvailableSlotsDepartment>;

/** GET /api/availableslots/getAll: the three regions, spelt as the spec spells them. */
export const ZAvailableSlotsAll = z.object({
  julandDepartments: z.array(ZAvailableSlotsDepartment),
  fynDepartmens: z.array(ZAvailableSlotsDepartment),
  sjaellandDepartments: z.array(ZAvailableSlotsDepartment),
});
export type TAvailableSlotsAll = z.infer<typeof ZAvailableSlotsAll>;

/** GET /api/availableslots/getByRegion: the answer field `data`. */
export const ZAvailableSlotsByRegion = z.object({ data: z.array(ZAvailableSlotsDepartment) });
export type TAvailableSlotsByRegion = z.infer<typeof ZAvailableSlotsByRegion>;

/** The days a slot table covers: 7, or 1. */
export const SLOT_TABLE_DAYS = [7, 1] as const;

/** The query of GET /api/availableslots/getByRegion. */
export const ZAvailableSlotsQuery = z.object({
  region: z.enum(REGIONS, { error: 'Værdien er ikke tilladt' }),
  /** A day ('YYYY-MM-DD'), a wire date-time, or an ISO instant; the table starts on its Copenhagen day. */
  startDateTime: z
    .string()
    .max(40)
    .transform((text, ctx) => {
      const day = startDayOf(text);
      if (day === null) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.date });
        return z.NEVER;
      }
      return day;
    }),
  days: z
    .enum(['7', '1'], { error: 'Værdien er ikke tilladt' })
    .default('7')
    .transform((v) => Number(v) as (typeof SLOT_TABLE_DAYS)[number]),
});
export type TAvailableSlotsQuery = z.infer<typeof ZAvailableSlotsQuery>;

/** A row of a Leveringstid table: working days to the first free place of each kind (-1: none within the horizon). */
export const ZDeliveryTimeRow = z.object({
  departmentId: z.string(),
  name: z.string(),
  replace: z.number().int(),
  repair: z.number().int(),
  /** 'YYYY-MM-DDT00:00:00' of the first free window-replace place; null when replace is -1. */
  replaceDate: z.string().nullable(),
  repairDate: z.string().nullable(),
});
export type TDeliveryTimeRow = z.infer<typeof ZDeliveryTimeRow>;

/** GET /api/deliverytime: the three region tables, and when they were computed. */
export const ZDeliveryTimes = z.object({
  jylland: z.array(ZDeliveryTimeRow),
  fyn: z.array(ZDeliveryTimeRow),
  sjaelland: z.array(ZDeliveryTimeRow),
  /** Wire date-time of the computation ('Sidst opdateret'). */
  updated: z.string(),
});
export type TDeliveryTimes = z.infer<typeof ZDeliveryTimes>;
