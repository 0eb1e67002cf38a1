import { describe, expect, it } from 'vitest';
import { bookingKind } from '../booking';
import { COMPLAINT_TYPES, ORDER_TYPES } from '../orders';
import { ZCalendarQuery, ZNewCalendarEvent } from './calendar.schemas';
import {
  bookingShown,
  CALENDAR_MESSAGES,
  calendarLimitedToCentre,
  compareEvents,
  filterOfBooking,
  isShortEvent,
  repeatDates,
  resourceOf,
  sameDay,
} from './calendar';

describe('which bookings the calendar shows, and where', () => {
  it('puts stone chips in Rep and everything else in Mont', () => {
    expect(resourceOf('REPAIR')).toBe('REP');
    expect(resourceOf('COMPLAINT', 'REPAIR_SLOT')).toBe('REP');
    expect(resourceOf('REPLACE_SIDE')).toBe('MONT');
    expect(filterOfBooking('SALE')).toBe('SALE');
    expect(filterOfBooking('INTERNAL_COMPLAINT')).toBe('COMPLAINT');
    expect(filterOfBooking('REPLACE_FRONT')).toBe('WINDSCREEN');
  });

  it("shows every job the app can make in the column of the slots the booking seam books for it (a moved booking's slot is picked by bookingKind)", () => {
    for (const orderType of ORDER_TYPES) {
      const complaint = orderType === 'COMPLAINT' || orderType === 'INTERNAL_COMPLAINT';
      for (const complaintType of complaint ? [...COMPLAINT_TYPES, null] : [null]) {
        expect(resourceOf(orderType, complaintType)).toBe(bookingKind(orderType, complaintType) === 'STONE_CHIP' ? 'REP' : 'MONT');
      }
    }
  });

  it('shows a booking by its filter, never drafts or offers, and cancelled only when asked', () => {
    expect(bookingShown({ orderType: 'REPAIR', orderStatus: 'PROCESSING' }, ['STONECHIP'])).toBe(true);
    expect(bookingShown({ orderType: 'REPAIR', orderStatus: 'PROCESSING' }, ['WINDSCREEN'])).toBe(false);
    expect(bookingShown({ orderType: 'REPLACE_FRONT', orderStatus: 'OFFER' }, ['WINDSCREEN'])).toBe(false);
    expect(bookingShown({ orderType: 'REPLACE_FRONT', orderStatus: 'CANCELLED' }, ['WINDSCREEN'])).toBe(false);
    expect(bookingShown({ orderType: 'REPLACE_FRONT', orderStatus: 'CANCELLED' }, ['WINDSCREEN', 'CANCELED'])).toBe(true);
  });

  it('orders by dragged position, then priority (higher first), then title', () => {
    const events = [
      { title: 'B', priority: 0 },
      { title: 'A', priority: 0 },
      { title: 'C', priority: 5 },
      { title: 'D', priority: 0, position: 0 },
    ];
    expect([...events].sort(compareEvents).map((e) => e.title)).toEqual(['D', 'C', 'A', 'B']);
  });

  it('calls 30 minutes or less short, and tells days apart', () => {
    expect(isShortEvent({ start: '2026-12-01T08:00:00', end: '2026-12-01T08:30:00', allDay: false })).toBe(true);
    expect(isShortEvent({ start: '2026-12-01T08:00:00', end: '2026-12-01T08:45:00', allDay: false })).toBe(false);
    expect(sameDay('2026-12-01T08:00:00', '2026-12-01T15:00:00')).toBe(true);
    expect(sameDay('2026-12-01T08:00:00', '2026-12-02T08:00:00')).toBe(false);
  });
});

describe('the appointment form', () => {
  const base = {
    title: 'Personalemøde',
    departmentId: '7f1c0d4e-3a0c-4d55-9a53-0d6c7b0c1a11',
    date: '2026-12-01',
    fromTime: '08:00',
    toTime: '09:00',
  };
  const message = (input: object) => {
    const result = ZNewCalendarEvent.safeParse(input);
    return result.success ? null : result.error.issues[0]!.message;
  };

  it("gives the spec's messages", () => {
    expect(message({ ...base, title: ' ' })).toBe(CALENDAR_MESSAGES.title);
    expect(message({ ...base, fromTime: '' })).toBe(CALENDAR_MESSAGES.dateAndTime);
    expect(message({ ...base, allDay: true, date: '' })).toBe(CALENDAR_MESSAGES.date);
    expect(message({ ...base, toTime: '07:00' })).toBe(CALENDAR_MESSAGES.endBeforeStart);
    expect(message(base)).toBeNull();
    expect(message({ ...base, allDay: true, fromTime: '', toTime: '' })).toBeNull();
  });

  it('repeats on the chosen weekdays for the given weeks', () => {
    // 1 December 2026 is a Tuesday; two weeks of Tuesdays and Thursdays follow.
    expect(repeatDates('2026-12-01', 2, [2, 4])).toEqual(['2026-12-01', '2026-12-03', '2026-12-08', '2026-12-10', '2026-12-15']);
    expect(repeatDates('2026-12-01', 0, [2])).toEqual(['2026-12-01']);
  });

  it('takes the filters as a comma list, the defaults when none', () => {
    expect(ZCalendarQuery.parse({ departmentId: base.departmentId, from: '2026-12-01', to: '2026-12-05' }).filters).not.toContain(
      'CANCELED',
    );
    expect(
      ZCalendarQuery.parse({ departmentId: base.departmentId, from: '2026-12-01', to: '2026-12-05', filters: 'SALE,CANCELED' }).filters,
    ).toEqual(['SALE', 'CANCELED']);
    expect(
      ZCalendarQuery.safeParse({ departmentId: base.departmentId, from: '2026-12-01', to: '2026-12-05', filters: 'ALT' }).success,
    ).toBe(false);
  });
});

describe('who changes which calendar', () => {
  it('limits TimeManagement without Adminstrator to its centre, and nobody else', () => {
    expect(calendarLimitedToCentre(['TimeManagement', 'Operation'])).toBe(true);
    expect(calendarLimitedToCentre(['TimeManagement', 'Adminstrator'])).toBe(false);
    expect(calendarLimitedToCentre(['CustomerService'])).toBe(false);
    expect(calendarLimitedToCentre(['Operation', 'Stock'])).toBe(false);
  });
});
