import { z } from 'zod';
import { isIsoDay, isWireDateTime } from '../lib/dates';
import {
  CALENDAR_FILTERS,
  CALENDAR_MESSAGES,
  CALENDAR_RESOURCES,
  DEFAULT_CALENDAR_FILTERS,
  EVENT_TYPES,
  type TCalendarFilter,
} from './calendar';

/** The booking calendar's requests and answers (document 3: CALENDAR /calender); its terms and messages are in calendar.ts. */

export const ZCalendarEvent = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  createdBy: z.string(),
  departmentId: z.string(),
  /** Wire date-times (Copenhagen); an all-day event spans 00:00–23:59. */
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
  priority: z.number().int(),
  type: z.enum(EVENT_TYPES),
  /** For a windscreen booking: whether its glass is on the department's shelf; null otherwise. */
  inStock: z.boolean().nullable(),
  resource: z.enum(CALENDAR_RESOURCES).nullable(),
  /** The booking's order (null for an appointment or a slot). */
  orderId: z.string().nullable(),
  orderNr: z.string().nullable(),
  /** A booking's car plate as registered ('' when none yet); null for an appointment or a slot. */
  plate: z.string().nullable().default(null),
  orderType: z.string().nullable(),
  orderStatus: z.string().nullable(),
  worker: z.string().nullable(),
  /** A slot's places: free of all. */
  available: z.number().int().nullable(),
  capacity: z.number().int().nullable(),
});
export type TCalendarEvent = z.infer<typeof ZCalendarEvent>;

/** A day on the wire (YYYY-MM-DD), as the calendar's and the map's queries name it. */
export const ZDay = z.string().refine(isIsoDay, { error: 'Field must be a date dd/MM-YYYY' });

/** GET /api/calendar: one department's events (its mobile-service vans' included) in a range of days. */
export const ZCalendarQuery = z.object({
  departmentId: z.uuid(),
  /** Comma-separated filter keys; missing: the defaults. */
  filters: z
    .string()
    .max(200)
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return [...DEFAULT_CALENDAR_FILTERS];
      const keys = v
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean);
      if (keys.some((k) => !(CALENDAR_FILTERS as readonly string[]).includes(k))) {
        ctx.addIssue({ code: 'custom', message: 'Værdien er ikke tilladt' });
        return z.NEVER;
      }
      return keys as TCalendarFilter[];
    }),
  worker: z.string().max(36).default(''),
  from: ZDay,
  to: ZDay,
});
export type TCalendarQuery = z.infer<typeof ZCalendarQuery>;

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: CALENDAR_MESSAGES.dateAndTime });

/** PUT /api/calendar/createDepartmentEvent: 'Ny Aftale'; repeat is a number of weeks on the repeatOn weekdays. */
export const ZNewCalendarEvent = z
  .object({
    title: z.string().trim().max(200).default(''),
    description: z.string().trim().max(2000).default(''),
    departmentId: z.uuid({ error: 'Feltet er påkrævet' }),
    date: z.string().trim().max(30).default(''),
    fromTime: z.string().trim().max(5).default(''),
    toTime: z.string().trim().max(5).default(''),
    allDay: z.boolean().default(false),
    repeat: z.number().int().min(0).max(52).default(0),
    repeatOn: z.array(z.number().int().min(0).max(6)).max(7).default([]),
  })
  .superRefine((event, ctx) => {
    if (event.title === '') ctx.addIssue({ code: 'custom', path: ['title'], message: CALENDAR_MESSAGES.title });
    const hasDate = isIsoDay(event.date.slice(0, 10));
    if (event.allDay) {
      if (!hasDate) ctx.addIssue({ code: 'custom', path: ['date'], message: CALENDAR_MESSAGES.date });
      return;
    }
    if (!hasDate || !clock.safeParse(event.fromTime).success || !clock.safeParse(event.toTime).success) {
      ctx.addIssue({ code: 'custom', path: ['date'], message: CALENDAR_MESSAGES.dateAndTime });
      return;
    }
    if (event.toTime <= event.fromTime) ctx.addIssue({ code: 'custom', path: ['toTime'], message: CALENDAR_MESSAGES.endBeforeStart });
  });
export type TNewCalendarEvent = z.infer<typeof ZNewCalendarEvent>;

/** POST /api/calendar/updateEvent: an appointment's title and description. */
export const ZUpdateCalendarEvent = z.object({
  id: z.uuid(),
  title: z.string().trim().min(1, { error: CALENDAR_MESSAGES.title }).max(200),
  description: z.string().trim().max(2000).default(''),
});

/**
 * POST /api/calendar/updateTime/{id}: a new start the same day (the length kept), or all day. A booking's move needs
 * the log dialog's reason (document 2: MOVED, STONECHIPMOVED or WINDOWREPLACEMOVED; 'Andet' with a comment); an
 * appointment's none.
 */
export const ZUpdateCalendarTime = z.object({
  time: z.string().refine(isWireDateTime, { error: 'Field must be a date dd/MM-YYYY' }),
  allDay: z.boolean().default(false),
  logReason: z.string().trim().max(200).default(''),
  logComment: z.string().trim().max(1000).default(''),
});
export type TUpdateCalendarTime = z.infer<typeof ZUpdateCalendarTime>;

/** POST /api/calendar/move/: an all-day booking dropped on another; currentOrder is the day's row as it now reads. */
export const ZMoveCalendarEvents = z.object({
  fromId: z.uuid(),
  toId: z.uuid(),
  currentOrder: z.array(z.uuid()).min(1).max(200),
});
