/**
 * 'Ny Aftale' (document 3, New appointment): the form's values, checked with the same schema the server uses, so
 * the spec's messages ('Du skal indtaste en title', 'Du skal vælge en dato og en tid', 'Du skal vælge en dato')
 * show before anything is sent. Pure, tested beside this file.
 */
// The domain's Danish messages for every rule a schema does not word itself (calendar.schemas.ts does not load them).
import '@/domain/lib/validation';
import { CALENDAR_MESSAGES, repeatDates } from '@/domain/calendar/calendar';
import { ZNewCalendarEvent, type TNewCalendarEvent } from '@/domain/calendar/calendar.schemas';

export interface TAppointmentForm {
  title: string;
  description: string;
  departmentId: string | null;
  /** 'YYYY-MM-DD', null when none. */
  date: string | null;
  fromTime: string;
  toTime: string;
  allDay: boolean;
  /** Weeks to repeat (0–52). */
  repeat: number;
  /** Weekdays to repeat on, 0 Sunday … 6 Saturday. */
  repeatOn: number[];
}

export const MAX_REPEAT_WEEKS = 52;

export function emptyAppointment(departmentId: string | null, date: string | null): TAppointmentForm {
  return { title: '', description: '', departmentId, date, fromTime: '', toTime: '', allDay: false, repeat: 0, repeatOn: [] };
}

/** The body of PUT /api/calendar/createDepartmentEvent; without repeat no weekdays are sent. */
export function appointmentBody(form: TAppointmentForm) {
  return {
    title: form.title,
    description: form.description,
    departmentId: form.departmentId ?? '',
    date: form.date ?? '',
    fromTime: form.allDay ? '' : form.fromTime,
    toTime: form.allDay ? '' : form.toTime,
    allDay: form.allDay,
    repeat: form.repeat,
    repeatOn: form.repeat > 0 ? [...form.repeatOn].sort() : [],
  };
}

/**
 * What is wrong with the form, in the spec's words (each message once), or the body to send. An earliest date
 * of today (section 5) is checked against `today` ('YYYY-MM-DD').
 */
export function checkAppointment(
  form: TAppointmentForm,
  today: string,
): { ok: true; body: TNewCalendarEvent } | { ok: false; messages: string[] } {
  const parsed = ZNewCalendarEvent.safeParse(appointmentBody(form));
  const messages = parsed.success
    ? []
    : parsed.error.issues.map((issue) => (issue.path[0] === 'departmentId' ? 'Du skal vælge en afdeling' : issue.message));
  if (form.date && form.date < today) messages.push(CALENDAR_MESSAGES.beforeToday);
  if (form.repeat > 0 && form.repeatOn.length === 0) messages.push('Vælg mindst én ugedag at gentage på');
  const unique = [...new Set(messages)];
  if (unique.length > 0 || !parsed.success) return { ok: false, messages: unique };
  return { ok: true, body: parsed.data };
}

/** The number of appointments a repeat makes (the domain's own repeat rule). */
export function appointmentCount(form: Pick<TAppointmentForm, 'date' | 'repeat' | 'repeatOn'>): number {
  return form.date ? repeatDates(form.date, form.repeat, form.repeatOn).length : 1;
}
