import { describe, expect, it } from 'vitest';
import { CALENDAR_MESSAGES } from '@/domain/calendar/calendar';
import { weekdayOf } from '@/domain/lib/dates';
import { appointmentBody, appointmentCount, checkAppointment, emptyAppointment, type TAppointmentForm } from './appointment-form';

const AARHUS = '44444444-4444-4444-8444-444444444444';
const TODAY = '2026-11-23';

const form = (overrides: Partial<TAppointmentForm> = {}): TAppointmentForm => ({
  ...emptyAppointment(AARHUS, '2026-11-26'),
  title: 'Personalemøde',
  fromTime: '07:30',
  toTime: '08:00',
  ...overrides,
});

const messagesOf = (f: TAppointmentForm) => {
  const checked = checkAppointment(f, TODAY);
  return checked.ok ? [] : checked.messages;
};

describe("'Ny Aftale'", () => {
  it('starts empty on the chosen department and day', () => {
    expect(emptyAppointment(AARHUS, TODAY)).toEqual({
      title: '',
      description: '',
      departmentId: AARHUS,
      date: TODAY,
      fromTime: '',
      toTime: '',
      allDay: false,
      repeat: 0,
      repeatOn: [],
    });
  });

  it('sends the times only for a timed appointment, and the weekdays only with a repeat', () => {
    expect(appointmentBody(form({ repeatOn: [5, 1] }))).toEqual({
      title: 'Personalemøde',
      description: '',
      departmentId: AARHUS,
      date: '2026-11-26',
      fromTime: '07:30',
      toTime: '08:00',
      allDay: false,
      repeat: 0,
      repeatOn: [],
    });
    expect(appointmentBody(form({ allDay: true, repeat: 2, repeatOn: [5, 1] }))).toMatchObject({
      fromTime: '',
      toTime: '',
      allDay: true,
      repeat: 2,
      repeatOn: [1, 5],
    });
    expect(appointmentBody(form({ departmentId: null, date: null }))).toMatchObject({ departmentId: '', date: '' });
  });

  it("says what is missing in the spec's words, each message once", () => {
    expect(messagesOf(form({ title: '  ' }))).toEqual([CALENDAR_MESSAGES.title]);
    expect(messagesOf(form({ date: null }))).toEqual([CALENDAR_MESSAGES.dateAndTime]);
    expect(messagesOf(form({ fromTime: '', toTime: '' }))).toEqual([CALENDAR_MESSAGES.dateAndTime]);
    expect(messagesOf(form({ allDay: true, date: null }))).toEqual([CALENDAR_MESSAGES.date]);
    expect(messagesOf(form({ title: '', date: null, departmentId: null }))).toEqual([
      'Du skal vælge en afdeling',
      CALENDAR_MESSAGES.title,
      CALENDAR_MESSAGES.dateAndTime,
    ]);
  });

  it('refuses an end before the start, a day before today and a repeat without weekdays', () => {
    expect(messagesOf(form({ fromTime: '09:00', toTime: '08:00' }))).toEqual([CALENDAR_MESSAGES.endBeforeStart]);
    expect(messagesOf(form({ date: '2026-11-22' }))).toEqual([CALENDAR_MESSAGES.beforeToday]);
    expect(messagesOf(form({ date: TODAY }))).toEqual([]);
    expect(messagesOf(form({ repeat: 2 }))).toEqual(['Vælg mindst én ugedag at gentage på']);
  });

  it('gives the body to send when all is well, all day from 00:00 to 23:59 on the server', () => {
    expect(checkAppointment(form({ allDay: true, repeat: 1, repeatOn: [4] }), TODAY)).toEqual({
      ok: true,
      body: {
        title: 'Personalemøde',
        description: '',
        departmentId: AARHUS,
        date: '2026-11-26',
        fromTime: '',
        toTime: '',
        allDay: true,
        repeat: 1,
        repeatOn: [4],
      },
    });
  });

  it('counts the appointments a repeat makes', () => {
    expect(weekdayOf('2026-11-26')).toBe(4);
    expect(appointmentCount(form())).toBe(1);
    expect(appointmentCount(form({ repeat: 2, repeatOn: [weekdayOf('2026-11-26')] }))).toBe(3);
    expect(appointmentCount(form({ repeat: 1, repeatOn: [1, 3, 5] }))).toBe(4);
    expect(appointmentCount(form({ date: null, repeat: 3, repeatOn: [1] }))).toBe(1);
  });
});
