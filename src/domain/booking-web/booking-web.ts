import { z } from 'zod';
import type { TDayAvailability } from '../booking';
import { parseWireDateTime } from '../lib/dates';
import { WEB_BOOKING_MESSAGES, WEB_INSURER_UNKNOWN, WEB_JOBS, WEB_PAYERS, type TWebJob, type TWebPayer } from './booking-web-texts';

/**
 * The public booking page (issue 41): what a customer may ask for, and the few rules of its own. Availability, the
 * rule sets and the booking itself are the staff booking's (booking area, orders.service bookOrder); these only say
 * which of those places the page offers (web booking on, days ahead, notice hours) and how it speaks.
 */

const plate = z
  .string()
  .max(20)
  .transform((v) => v.replace(/[\s-]+/g, '').toUpperCase())
  .refine((v) => /^[A-ZÆØÅ0-9]{2,8}$/.test(v), { error: WEB_BOOKING_MESSAGES.plate });
const zipCode = z
  .string()
  .trim()
  .regex(/^\d{4}$/, { error: WEB_BOOKING_MESSAGES.zipCode });
const job = z.enum(WEB_JOBS.map((j) => j.type) as [TWebJob, ...TWebJob[]]);
/** The honeypot: a field people never see and never fill in (a bot fills every field). */
const honeypot = z.string().max(200).default('');

export const ZWebCarQuery = z.object({ registrationNumber: plate, website: honeypot });
export type TWebCarQuery = z.infer<typeof ZWebCarQuery>;

export const ZWebCar = z.object({
  registrationNumber: z.string(),
  make: z.string(),
  model: z.string(),
  modelYear: z.number().int().nullable(),
});
export type TWebCar = z.infer<typeof ZWebCar>;

/** The most insurer names the car look-up gives (the staff flow's list has a few dozen). */
export const WEB_INSURERS_MAX = 200;
/** The car look-up's answer: the car, and the insurers' names the payer step offers (names only, nothing of staff). */
export const ZWebCarFound = ZWebCar.extend({ insurers: z.array(z.string()).max(WEB_INSURERS_MAX) });
export type TWebCarFound = z.infer<typeof ZWebCarFound>;

export const ZWebOffersQuery = z.object({ registrationNumber: plate, job, zipCode, website: honeypot });
export type TWebOffersQuery = z.infer<typeof ZWebOffersQuery>;

export const ZWebSlot = z.object({ slotId: z.string(), date: z.string(), from: z.string(), to: z.string() });
export type TWebSlot = z.infer<typeof ZWebSlot>;

export const ZWebPlace = z.object({
  departmentId: z.string(),
  name: z.string(),
  address: z.string(),
  mobile: z.boolean(),
  distanceKm: z.number().nullable(),
  slots: z.array(ZWebSlot),
});
export type TWebPlace = z.infer<typeof ZWebPlace>;
export const ZWebOffers = z.object({ car: ZWebCar, city: z.string(), places: z.array(ZWebPlace) });
export type TWebOffers = z.infer<typeof ZWebOffers>;

const guid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: WEB_BOOKING_MESSAGES.noPlace });
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: WEB_BOOKING_MESSAGES.noPlace });

export const ZWebPlaceChoice = z.object({ departmentId: guid, slotId: guid, date: day });
export type TWebPlaceChoice = z.infer<typeof ZWebPlaceChoice>;

export const ZWebBook = ZWebOffersQuery.extend({
  place: ZWebPlaceChoice,
  payer: z.enum(WEB_PAYERS.map((p) => p.payer) as [TWebPayer, ...TWebPayer[]]),
  insurer: z.string().trim().max(100).default(''),
  name: z.string().trim().min(1, { error: WEB_BOOKING_MESSAGES.name }).max(100),
  phone: z
    .string()
    .transform((v) => v.replace(/[\s-]+/g, '').replace(/^\+45/, ''))
    .refine((v) => /^\d{8}$/.test(v), { error: WEB_BOOKING_MESSAGES.phone }),
  email: z
    .string()
    .trim()
    .max(254)
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), { error: WEB_BOOKING_MESSAGES.email })
    .default(''),
  address: z.string().trim().min(1, { error: WEB_BOOKING_MESSAGES.address }).max(200),
  allowSms: z.boolean().default(false),
  allowEmail: z.boolean().default(false),
  privacyAccepted: z.literal(true, { error: WEB_BOOKING_MESSAGES.privacy }),
})
  .refine((b) => b.allowSms || (b.allowEmail && b.email !== ''), { error: WEB_BOOKING_MESSAGES.consent, path: ['allowSms'] })
  // An order the insurer pays has the customer's e-mail (the order's own rule, order-validation.ts): asked for here.
  .refine((b) => b.payer !== 'INSURANCE' || b.email !== '', { error: WEB_BOOKING_MESSAGES.emailForInsurance, path: ['email'] });
export type TWebBook = z.infer<typeof ZWebBook>;

/**
 * The insurer a web booking names: with the payer INSURANCE, one of the insurers offered (as the list spells it) or
 * 'Ved ikke / andet' (none named: `insurer` null); any other payer names none. Anything else is the field's message.
 */
export function webInsurerOf(
  payer: TWebPayer,
  insurer: string,
  offered: readonly string[],
): { insurer: string | null } | { error: string } {
  if (payer !== 'INSURANCE') return { insurer: null };
  const wanted = insurer.trim().toLocaleLowerCase('da-DK');
  if (wanted === WEB_INSURER_UNKNOWN.toLocaleLowerCase('da-DK')) return { insurer: null };
  const found = wanted === '' ? undefined : offered.find((name) => name.toLocaleLowerCase('da-DK') === wanted);
  return found === undefined ? { error: WEB_BOOKING_MESSAGES.insurer } : { insurer: found };
}

/** A booking as its customer sees it (the answer of 'Book' and of the manage link): nothing of staff or other customers. */
export const ZWebBooking = z.object({
  orderNr: z.string(),
  status: z.enum(['BOOKED', 'CANCELLED']),
  job: z.string(),
  registrationNumber: z.string(),
  place: z.object({ departmentId: z.string(), name: z.string(), address: z.string(), mobile: z.boolean() }),
  from: z.string().nullable(),
  to: z.string().nullable(),
  changeable: z.boolean(),
  /** The manage link's token (a new one after a move); only in the answer to the customer who holds the booking. */
  token: z.string(),
});
export type TWebBooking = z.infer<typeof ZWebBooking>;

export const ZWebToken = z.object({ token: z.string().min(10).max(200) });
export const ZWebMove = ZWebToken.extend({ place: ZWebPlaceChoice });

/** A slot the booking page offers at the department: one with room that starts after the notice and within the days ahead. */
export interface TWebWindow {
  daysAhead: number;
  noticeHours: number;
}

const HOUR_MS = 3_600_000;

/** Whether a slot starting at `from` (wire time) lies in a department's web booking window as seen at `now`. */
export function inWebWindow(from: string, window: TWebWindow, now: Date): boolean {
  const start = parseWireDateTime(from);
  if (!start) return false;
  const t = start.getTime();
  return t >= now.getTime() + window.noticeHours * HOUR_MS && t <= now.getTime() + window.daysAhead * 24 * HOUR_MS;
}

/**
 * The slots with room of a job's kind in the months' availability (the booking area's, in month order), in the web
 * window, earliest first, at most `limit`.
 */
export function webSlotsOf(
  months: ReadonlyArray<{ year: number; month: number; days: readonly TDayAvailability[] }>,
  kind: 'WINDOW_REPLACE' | 'STONE_CHIP',
  window: TWebWindow,
  now: Date,
  limit: number,
): TWebSlot[] {
  const found: TWebSlot[] = [];
  for (const { year, month, days } of months) {
    for (const d of days) {
      if (d.closed) continue;
      const date = `${year}-${String(month).padStart(2, '0')}-${String(d.dayOfMonth).padStart(2, '0')}`;
      for (const slot of kind === 'STONE_CHIP' ? d.stoneChipSlots : d.windowReplaceSlots) {
        if (slot.available > 0 && inWebWindow(slot.from, window, now)) found.push({ slotId: slot.id, date, from: slot.from, to: slot.to });
        if (found.length >= limit) return found;
      }
    }
  }
  return found;
}

/** The months (year, month) from `now`'s month through the last day of the window. */
export function monthsOfWindow(
  window: TWebWindow,
  now: Date,
  parts: (d: Date) => { year: number; month: number },
): Array<{ year: number; month: number }> {
  const first = parts(now);
  const last = parts(new Date(now.getTime() + window.daysAhead * 24 * HOUR_MS));
  const months: Array<{ year: number; month: number }> = [];
  for (let y = first.year, m = first.month; y < last.year || (y === last.year && m <= last.month); m === 12 ? ((m = 1), y++) : m++)
    months.push({ year: y, month: m });
  return months;
}

/** When a manage link stops working: a day after the booked time ends (nothing is left to see or move then). */
export function manageLinkExpiry(to: string | null, now: Date): number {
  const end = to ? parseWireDateTime(to) : null;
  return (end ? end.getTime() : now.getTime()) + 24 * HOUR_MS;
}

/** Whether the customer may still move or cancel the booking online: before the department's notice before it starts. */
export function changeableOnline(from: string | null, noticeHours: number, now: Date): boolean {
  const start = from ? parseWireDateTime(from) : null;
  return start !== null && start.getTime() - now.getTime() >= noticeHours * HOUR_MS;
}

/** The confirmation's text (SMS and e-mail), with the manage link's placeholder. */
export function webConfirmationText(
  b: { orderNr: string; placeName: string; address: string; from: string | null; mobile: boolean },
  link: string,
  format: { date: (s: string) => string; time: (s: string) => string },
): string {
  const when = b.from ? `${format.date(b.from)} kl. ${format.time(b.from)}` : '';
  const where = b.mobile ? `Vi kommer til ${b.address}` : `${b.placeName}, ${b.address}`;
  return `Tak for din booking (nr. ${b.orderNr}) ${when}. ${where}. Se, flyt eller annuller: ${link}`;
}
