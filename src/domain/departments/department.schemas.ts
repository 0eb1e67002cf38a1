import { z } from 'zod';
import { ZLoanCar as ZLoanCarWithDepartment } from '../loan-cars';
import { isIsoDay } from '../lib/dates';
// The Danish messages of every schema (zod's error map) come with the validation module.
import { zUpdateId } from '../lib/validation';

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
  /**
   * The slot's version (issue 37): changes on every save of the slot (POST addOrUpdateTimeslot), which sends it back;
   * a save of an older one is refused (409). Bookings, copies and date plans leave it as it is.
   */
  updateId: z.string(),
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
  debitorId: z.string().describe("The department's cash account number; empty when none"),
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
  /** Webbooking (issue 41): whether customers may book the department themselves, how many days ahead, with what notice. */
  webBooking: z.boolean(),
  webBookingDaysAhead: z.number().int(),
  webBookingNoticeHours: z.number().int(),
  maxNumberOfWorkers: z.number().int(),
  parentDepartmentId: z.string(),
  loanCars: z.array(ZLoanCar),
  calendarDepartmentId: z.string(),
  alertMessages: z.array(z.string()),
  /** The department's version: changes on every save of its master data and opening hours (versions.ts). */
  updateId: z.string(),
});
export type TDepartment = z.infer<typeof ZDepartment>;

/**
 * A department as a picker or a filter shows it (GET /api/departments/names): the whole list, with hours, slots and
 * loan cars, is 360 KB, which a list screen on a phone should not fetch and parse for a select.
 */
export const ZDepartmentName = ZDepartment.pick({ id: true, name: true, mobileService: true, navLocationCode: true, inActive: true });
export type TDepartmentName = z.infer<typeof ZDepartmentName>;

/**
 * A department without its opening hours and time slots (GET /api/departments/summaries), for the calendar and the
 * mobile-service map: they show and filter departments but read no hours or slot, which are most of the whole list's
 * 366 KB, fetched on a phone before the screen's main content. A full TDepartment is a summary too.
 */
const PLAN_MASK = {
  openingHours: true,
  specificOpeningHours: true,
  windowReplaceTimeSlots: true,
  specificWindowReplaceTimeSlots: true,
  stoneChipTimeSlots: true,
  specificStoneChipTimeSlots: true,
} as const;
/** The six hour and slot lists a summary leaves out. */
export const DEPARTMENT_PLAN_FIELDS = Object.keys(PLAN_MASK) as Array<keyof typeof PLAN_MASK>;
export const ZDepartmentSummary = ZDepartment.omit(PLAN_MASK);
export type TDepartmentSummary = z.infer<typeof ZDepartmentSummary>;

// ---------------------------------------------------------------------------
// Inputs (document 3, Departments screen): every value bounded, with Danish field messages.

const bookings = (n: number) => (n === 1 ? '1 booking' : `${n} bookinger`);

export const DEPARTMENT_MESSAGES = {
  notFound: 'Afdelingen findes ikke',
  webBookingDaysAhead: 'Dage frem skal være mellem 1 og 180',
  webBookingNoticeHours: 'Varsel skal være mellem 0 og 720 timer',
  slotNotFound: 'Tiden findes ikke i afdelingen',
  responsibilityCentre: 'Ansvarscenter skal udfyldes',
  codeTaken: 'Lokationskoden er allerede brugt af en anden afdeling',
  codeTakenByStock: 'Lokationskoden er allerede brugt af et lager',
  hasBookings: 'Afdelingen har bookinger og kan ikke slettes. Sæt den som inaktiv i stedet.',
  hasChildren: 'Afdelingen er overordnet afdeling for mobilservice og kan ikke slettes',
  masterDataAdminOnly: 'Kun en administrator kan ændre afdelingens stamdata',
  notYourDepartment: 'Du kan kun redigere din egen afdeling og afdelinger med samme ansvarscenter',
  notYourDepartmentToRead: 'Du kan kun se din egen afdeling og afdelinger med samme ansvarscenter',
  createAdminOnly: 'Kun en administrator kan oprette og slette afdelinger',
  dayOrDate: 'Vælg enten en ugedag eller en dato',
  fromBeforeTo: 'Fra skal være før Til',
  hours: 'Tiden skal ligge mellem 00:00 og 24:00',
  halfHours: 'Reparationstiden angives i halve timer',
  slotLocked: (held: number) => `Der er ${bookings(held)} knyttet til tiden. Den kan ikke slettes, og dag og tidsrum kan ikke ændres.`,
  belowBookings: (held: number) => `Der er ${bookings(held)} på tiden på samme dag; antal pladser kan ikke være lavere`,
  copyHasBookings: 'Datoen har allerede tider med bookinger, som ikke kan erstattes',
  copyNoSlots: 'Ugedagen har ingen standardtider at kopiere',
  copyStrands: (held: number, day: string) =>
    `Der er ${bookings(held)} den ${day} på tider, som kopien ikke har med samme tidsrum og plads nok. Flyt ${held === 1 ? 'den' : 'dem'} først.`,
  datePlanHasBookings: (held: number, day: string) =>
    `Der er ${bookings(held)} på ugedagens tider den ${day}. Brug 'Kopier til dato' først, så følger ${held === 1 ? 'den' : 'de'} med, og tilføj så tiden.`,
  closedWithBookings: (held: number, days: readonly string[]) =>
    `Der er ${bookings(held)} den ${days.slice(0, 3).join(', ')}${days.length > 3 ? ' m.fl.' : ''}. ` +
    `${days.length === 1 ? 'Dagen' : 'Dagene'} kan ikke lukkes, før ${held === 1 ? 'den' : 'de'} er flyttet.`,
  parentNotMobile: 'Kun en mobilservice-afdeling har en overordnet afdeling',
  parentItself: 'En afdeling kan ikke være sin egen overordnede afdeling',
  deliveringDays: 'Leveringsdage skrives som ugedage 0-6 adskilt af komma',
  time: 'Tidspunktet skrives som TT:MM',
  email: 'Feltet skal være en email',
} as const;

const wireDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T00:00:00)?$/, { error: 'Field must be a date dd/MM-YYYY' })
  .refine((v) => isIsoDay(v.slice(0, 10)), { error: 'Field must be a date dd/MM-YYYY' });
const hourOfDay = z
  .number({ error: DEPARTMENT_MESSAGES.hours })
  .finite()
  .min(0, DEPARTMENT_MESSAGES.hours)
  .max(24, DEPARTMENT_MESSAGES.hours);
const optionalId = z.string().max(36).optional();

/**
 * A standard (weekday) or specific (date) row: exactly one of the two, and from before to (a closed row's from
 * not after its to, as the table's check requires: the screen sends 0–0).
 */
function dayOrDateRows<T extends z.ZodObject<{ day: z.ZodType; date: z.ZodType; from: z.ZodType; to: z.ZodType }>>(schema: T) {
  return schema.superRefine((row, ctx) => {
    const r = row as { day: number | null; date: string | null; from: number; to: number; closed?: boolean };
    if ((r.day === null) === (r.date === null)) ctx.addIssue({ code: 'custom', path: ['day'], message: DEPARTMENT_MESSAGES.dayOrDate });
    if (r.closed ? r.from > r.to : !(r.from < r.to))
      ctx.addIssue({ code: 'custom', path: ['to'], message: DEPARTMENT_MESSAGES.fromBeforeTo });
  });
}

export const ZOpeningHoursInput = dayOrDateRows(
  z.object({
    id: optionalId,
    day: z.number().int().min(0).max(6).nullable().default(null),
    date: wireDay.nullable().default(null),
    from: hourOfDay,
    to: hourOfDay,
    closed: z.boolean().default(false),
  }),
);
export type TOpeningHoursInput = z.infer<typeof ZOpeningHoursInput>;

/** POST /api/departments/addOrUpdateTimeslot/{departmentId}/{type}: a new slot (no id) or a change of one. */
export const ZTimeSlotInput = dayOrDateRows(
  z.object({
    id: optionalId,
    day: z.number().int().min(0).max(6).nullable().default(null),
    date: wireDay.nullable().default(null),
    from: hourOfDay,
    to: hourOfDay,
    maxBookings: z.number().int().min(0).max(99).default(1),
    reperationTime: z
      .number()
      .finite()
      .min(0)
      .max(24)
      .refine((v) => Number.isInteger(v * 2), { error: DEPARTMENT_MESSAGES.halfHours })
      .default(0),
    stoneChipAlternativeWinReplace: z.number().finite().min(0).max(100).default(0),
    hasFreeCar: z.boolean().default(false),
    /** The version the slot was read with: required to change a slot (an id), not for a new one. */
    updateId: zUpdateId(),
  }),
);
export type TTimeSlotInput = z.infer<typeof ZTimeSlotInput>;

export const ZTimeSlotType = z.enum(TIME_SLOT_TYPES);

/** POST /api/departments/copyTimeslot: a weekday's standard slots of one kind become the date's own plan. */
export const ZCopyTimeslot = z.object({
  departmentId: z.uuid(),
  dayOfWeek: z.number().int().min(0).max(6),
  copyToDate: wireDay,
  timeslotType: ZTimeSlotType,
});
export type TCopyTimeslot = z.infer<typeof ZCopyTimeslot>;

const text = (max = 255) => z.string().trim().max(max).default('');
const clockOrEmpty = z
  .string()
  .trim()
  .refine((v) => v === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), { error: DEPARTMENT_MESSAGES.time })
  .default('');

/**
 * PUT /api/departments/departments: the department's master data and its opening hours. Its slots, loan cars
 * and resource relations have calls of their own; a body's copies of them are ignored. No id (or the all-zero
 * id) creates a department from the responsibility-centre code.
 */
export const ZDepartmentInput = z.object({
  id: z.string().max(36).default(''),
  name: z.string().trim().min(1).max(100),
  address: text(),
  zipCode: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{4}$/.test(v), { error: 'Feltet skal være et tal' })
    .default(''),
  city: text(100),
  obs: text(2000),
  phone: text(30),
  departmentEmail: z
    .string()
    .trim()
    .max(254)
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), { error: DEPARTMENT_MESSAGES.email })
    .default(''),
  mobileService: z.boolean().default(false),
  lat: z.number().finite().min(-90).max(90).nullable().default(null),
  lng: z.number().finite().min(-180).max(180).nullable().default(null),
  navLocationCode: text(20),
  navResponsibilityCenter: z.string().trim().min(1, { error: DEPARTMENT_MESSAGES.responsibilityCentre }).max(20),
  navBirthLocationCode: text(20),
  debitorId: text(50),
  windowChangeTimeOffset: z
    .number()
    .int()
    .min(0)
    .max(24 * 30)
    .default(0),
  stoneChipTimeOffset: z
    .number()
    .int()
    .min(0)
    .max(24 * 30)
    .default(0),
  openingHours: z.array(ZOpeningHoursInput).max(50).default([]),
  specificOpeningHours: z.array(ZOpeningHoursInput).max(500).default([]),
  hasWaitingList: z.boolean().default(false),
  warehouseEmailList: text(1000),
  region: z.enum(REGIONS),
  deliveringDays: z
    .string()
    .trim()
    .refine((v) => v === '' || /^[0-6](,[0-6])*$/.test(v.replace(/\s/g, '')), { error: DEPARTMENT_MESSAGES.deliveringDays })
    .default('1,2,3,4,5'),
  nextDayDeliveryTime: clockOrEmpty,
  dailyDeliveryTime: clockOrEmpty,
  coffee: z.boolean().default(false),
  loanCar: z.boolean().default(false),
  wifi: z.boolean().default(false),
  inActive: z.boolean().default(false),
  webBooking: z.boolean().default(false),
  webBookingDaysAhead: z
    .number()
    .int()
    .min(1, { error: DEPARTMENT_MESSAGES.webBookingDaysAhead })
    .max(180, { error: DEPARTMENT_MESSAGES.webBookingDaysAhead })
    .default(21),
  webBookingNoticeHours: z
    .number()
    .int()
    .min(0, { error: DEPARTMENT_MESSAGES.webBookingNoticeHours })
    .max(720, { error: DEPARTMENT_MESSAGES.webBookingNoticeHours })
    .default(24),
  maxNumberOfWorkers: z.number().int().min(0).max(100).default(3),
  parentDepartmentId: z.string().max(36).default(''),
  calendarDepartmentId: z.string().max(36).default(''),
  alertMessages: z.array(z.string().trim().max(500)).max(20).default([]),
  /** The version the department was read with (versions.ts): a save of an older copy is refused (409). */
  updateId: zUpdateId(),
});
export type TDepartmentInput = z.infer<typeof ZDepartmentInput>;

/** GET /api/departments/alreadyUsedTimeslots/{id}: the bookings linked to each slot of the department. */
export const ZUsedTimeslots = z.record(z.string(), z.number().int());

/** A department's resource relation (document 3): another department whose resources it may use. */
export const ZResourceRelation = z.object({ id: z.string(), departmentId: z.string(), resourceId: z.string(), resourceName: z.string() });
export type TResourceRelation = z.infer<typeof ZResourceRelation>;

export const ZResourceRelationInput = z
  .object({ departmentId: z.uuid(), resourceId: z.uuid() })
  .refine((r) => r.departmentId.toLowerCase() !== r.resourceId.toLowerCase(), {
    error: 'En afdeling kan ikke være sin egen ressource',
    path: ['resourceId'],
  });
