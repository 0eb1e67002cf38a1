import { describe, expect, it } from 'vitest';
import { fromCopenhagen } from '../lib/dates';
import {
  BOOKING_RULE_MESSAGES,
  bookingKind,
  decideBooking,
  holdsSlotPlace,
  type TBookingAsk,
  type TBookingChecks,
  type TBookingFacts,
  type TBookingSlot,
} from './booking-rules';
import { danishPublicHolidays } from './holidays';

const SLOT_ID = '11111111-1111-4111-8111-111111111111';
const DEPARTMENT_ID = '22222222-2222-4222-8222-222222222222';
const ZERO = '00000000-0000-0000-0000-000000000000';

// Monday 7 December 2026, 09:00 in Copenhagen.
const NOW = fromCopenhagen(2026, 12, 7, 9, 0);
const MONDAY = '2026-12-07';
const WEDNESDAY = '2026-12-09';
const SUNDAY = '2026-12-13';
const CHRISTMAS = '2026-12-25';

const weekdayHours = [1, 2, 3, 4, 5].map((day) => ({ id: `h${day}`, day, date: null, from: 7, to: 16, closed: false }));

function facts(overrides: Partial<TBookingFacts> = {}, slot: Partial<TBookingSlot> | null = {}): TBookingFacts {
  return {
    department: {
      id: DEPARTMENT_ID,
      openingHours: weekdayHours,
      specificOpeningHours: [],
      windowChangeTimeOffset: 0,
      stoneChipTimeOffset: 0,
      hasWaitingList: false,
    },
    slot:
      slot === null
        ? null
        : {
            id: SLOT_ID,
            departmentId: DEPARTMENT_ID,
            type: 'WINDOW_REPLACE',
            day: 3,
            date: null,
            from: 8,
            to: 10,
            maxBookings: 1,
            hasFreeCar: false,
            specificPlanOnDate: false,
            ...slot,
          },
    booked: null,
    holidays: new Set(danishPublicHolidays(2026)),
    ...overrides,
  };
}

const inSlot = (overrides: Partial<TBookingAsk> = {}): TBookingAsk => ({
  kind: 'WINDOW_REPLACE',
  date: WEDNESDAY,
  slotId: SLOT_ID,
  from: null,
  to: null,
  waitingList: false,
  ...overrides,
});
const outside = (date: string, from: string, to: string, overrides: Partial<TBookingAsk> = {}): TBookingAsk => ({
  kind: 'WINDOW_REPLACE',
  date,
  slotId: null,
  from: `${date}T${from}:00`,
  to: `${date}T${to}:00`,
  waitingList: false,
  ...overrides,
});
const NEW: TBookingChecks = { time: true, place: true };

function messageOf(decision: ReturnType<typeof decideBooking>): string | undefined {
  return decision.ok ? undefined : Object.values(decision.errors)[0]?.[0];
}

describe('holdsSlotPlace', () => {
  it('holds a place in a capacity status with a real slot, off the waiting list', () => {
    expect(holdsSlotPlace({ status: 'PROCESSING', timeSlotId: SLOT_ID, waitingList: false })).toBe(true);
    expect(holdsSlotPlace({ status: 'FINISHED', timeSlotId: SLOT_ID, waitingList: false })).toBe(true);
  });

  it('holds none on the waiting list, outside the slot plan, or as a draft, offer or cancelled order', () => {
    expect(holdsSlotPlace({ status: 'PROCESSING', timeSlotId: SLOT_ID, waitingList: true })).toBe(false);
    expect(holdsSlotPlace({ status: 'PROCESSING', timeSlotId: ZERO, waitingList: false })).toBe(false);
    for (const status of ['DRAFT', 'OFFER', 'OFFER_REQUEST', 'CANCELLED', 'PROCESSING_MORESALE'] as const) {
      expect(holdsSlotPlace({ status, timeSlotId: SLOT_ID, waitingList: false })).toBe(false);
    }
  });
});

describe('bookingKind', () => {
  it('books stone-chip slots for a repair and a complaint on a stone-chip slot, window slots otherwise', () => {
    expect(bookingKind('REPAIR')).toBe('STONE_CHIP');
    expect(bookingKind('COMPLAINT', 'REPAIR_SLOT')).toBe('STONE_CHIP');
    expect(bookingKind('COMPLAINT', 'REPLACE_SLOT')).toBe('WINDOW_REPLACE');
    expect(bookingKind('REPLACE_SIDE')).toBe('WINDOW_REPLACE');
  });
});

describe('decideBooking in a slot', () => {
  it("books the slot's own times on a day it applies", () => {
    const decision = decideBooking(inSlot(), facts(), NEW, NOW);
    expect(decision).toEqual({ ok: true, from: `${WEDNESDAY}T08:00:00`, to: `${WEDNESDAY}T10:00:00`, hasFreeCar: false });
  });

  it("refuses another department's slot, the wrong kind and a weekday the slot does not apply on", () => {
    expect(messageOf(decideBooking(inSlot(), facts({}, { departmentId: '33333333-3333-4333-8333-333333333333' }), NEW, NOW))).toBe(
      BOOKING_RULE_MESSAGES.slotNotFound,
    );
    expect(messageOf(decideBooking(inSlot(), facts({}, null), NEW, NOW))).toBe(BOOKING_RULE_MESSAGES.slotNotFound);
    expect(messageOf(decideBooking(inSlot({ kind: 'STONE_CHIP' }), facts(), NEW, NOW))).toBe(BOOKING_RULE_MESSAGES.slotWrongKind);
    expect(messageOf(decideBooking(inSlot({ date: '2026-12-10' }), facts(), NEW, NOW))).toBe(BOOKING_RULE_MESSAGES.slotWrongDay);
    expect(messageOf(decideBooking(inSlot(), facts({}, { specificPlanOnDate: true }), NEW, NOW))).toBe(BOOKING_RULE_MESSAGES.slotWrongDay);
  });

  it('refuses a past day, a holiday, a closed day and a start inside the notice', () => {
    expect(messageOf(decideBooking(inSlot({ date: '2026-12-02' }), facts(), NEW, NOW))).toBe(BOOKING_RULE_MESSAGES.dayPassed);
    expect(messageOf(decideBooking(inSlot({ date: CHRISTMAS }), facts({}, { day: 5 }), NEW, NOW))).toBe(BOOKING_RULE_MESSAGES.holiday);
    const closed = facts({
      department: {
        ...facts().department,
        specificOpeningHours: [{ id: 's', day: null, date: `${WEDNESDAY}T00:00:00`, from: 0, to: 0, closed: true }],
      },
    });
    expect(messageOf(decideBooking(inSlot(), closed, NEW, NOW))).toBe(BOOKING_RULE_MESSAGES.dayClosed);
    const notice = facts({ department: { ...facts().department, windowChangeTimeOffset: 72 } });
    expect(messageOf(decideBooking(inSlot(), notice, NEW, NOW))).toBe(BOOKING_RULE_MESSAGES.notice(72));
    expect(messageOf(decideBooking(inSlot({ date: MONDAY }), facts({}, { day: 1 }), NEW, NOW))).toBe(BOOKING_RULE_MESSAGES.timePassed);
  });

  it('counts the place only when asked: 409 when the slot is full', () => {
    const full = facts({ booked: 1 });
    const decision = decideBooking(inSlot(), full, NEW, NOW);
    expect(decision.ok).toBe(false);
    expect(!decision.ok && decision.status).toBe(409);
    expect(decideBooking(inSlot(), full, { time: true, place: false }, NOW).ok).toBe(true);
  });

  it('keeps a stored booking (no new time) without the day rules', () => {
    expect(decideBooking(inSlot({ date: '2026-11-18' }), facts(), { time: false, place: false }, NOW).ok).toBe(true);
  });

  it('has a waiting list only where the department keeps one, and only for a slot', () => {
    expect(messageOf(decideBooking(inSlot({ waitingList: true }), facts(), NEW, NOW))).toBe(BOOKING_RULE_MESSAGES.noWaitingList);
    const withList = facts({ department: { ...facts().department, hasWaitingList: true }, booked: 5 });
    expect(decideBooking(inSlot({ waitingList: true }), withList, { time: true, place: false }, NOW).ok).toBe(true);
    expect(messageOf(decideBooking(outside(WEDNESDAY, '09:00', '10:00', { waitingList: true }), withList, NEW, NOW))).toBe(
      BOOKING_RULE_MESSAGES.waitingListNeedsSlot,
    );
  });
});

describe('decideBooking outside the slot plan', () => {
  it('books its own times within the opening hours of an open, coming day', () => {
    expect(decideBooking(outside(WEDNESDAY, '12:15', '13:45'), facts({}, null), NEW, NOW)).toEqual({
      ok: true,
      from: `${WEDNESDAY}T12:15:00`,
      to: `${WEDNESDAY}T13:45:00`,
      hasFreeCar: false,
    });
  });

  it('refuses the past, a holiday, a Sunday and a start inside the notice, as with a slot', () => {
    expect(messageOf(decideBooking(outside('2026-11-20', '10:00', '11:00'), facts({}, null), NEW, NOW))).toBe(
      BOOKING_RULE_MESSAGES.dayPassed,
    );
    expect(messageOf(decideBooking(outside('2020-01-01', '10:00', '11:00'), facts({}, null), NEW, NOW))).toBe(
      BOOKING_RULE_MESSAGES.dayPassed,
    );
    expect(messageOf(decideBooking(outside(CHRISTMAS, '10:00', '11:00'), facts({}, null), NEW, NOW))).toBe(BOOKING_RULE_MESSAGES.holiday);
    expect(messageOf(decideBooking(outside(SUNDAY, '10:00', '11:00'), facts({}, null), NEW, NOW))).toBe(BOOKING_RULE_MESSAGES.dayClosed);
    const notice = facts({ department: { ...facts().department, windowChangeTimeOffset: 24 } }, null);
    expect(messageOf(decideBooking(outside('2026-12-08', '08:00', '09:00'), notice, NEW, NOW))).toBe(BOOKING_RULE_MESSAGES.notice(24));
    expect(decideBooking(outside('2026-12-08', '10:00', '11:00'), notice, NEW, NOW).ok).toBe(true);
  });

  it('needs from before to, both on the booked day and within the opening hours', () => {
    expect(messageOf(decideBooking(outside(WEDNESDAY, '11:00', '10:00'), facts({}, null), NEW, NOW))).toBe(
      BOOKING_RULE_MESSAGES.fromBeforeTo,
    );
    expect(
      messageOf(decideBooking({ ...outside(WEDNESDAY, '10:00', '11:00'), from: '2026-12-10T10:00:00' }, facts({}, null), NEW, NOW)),
    ).toBe(BOOKING_RULE_MESSAGES.notOnDate);
    expect(messageOf(decideBooking(outside(WEDNESDAY, '15:00', '17:00'), facts({}, null), NEW, NOW))).toBe(
      BOOKING_RULE_MESSAGES.outsideOpeningHours,
    );
    expect(messageOf(decideBooking(outside(WEDNESDAY, '06:00', '08:00'), facts({}, null), NEW, NOW))).toBe(
      BOOKING_RULE_MESSAGES.outsideOpeningHours,
    );
  });
});

describe('decideBooking at a mobile-service van', () => {
  it('books a zip code only on the weekdays the van serves it', () => {
    const tuesdaysOnly = [false, false, true, false, false, false, false];
    const onWednesday = facts({ vanWeekdays: tuesdaysOnly });
    expect(messageOf(decideBooking(inSlot({ zipCode: '8000' }), onWednesday, NEW, NOW))).toBe(BOOKING_RULE_MESSAGES.vanNotInZip);
    expect(messageOf(decideBooking(inSlot({ zipCode: '8000' }), facts({ vanWeekdays: null }), NEW, NOW))).toBe(
      BOOKING_RULE_MESSAGES.vanNotInZip,
    );
    const wednesdays = [false, false, false, true, false, false, false];
    expect(decideBooking(inSlot({ zipCode: '8000' }), facts({ vanWeekdays: wednesdays }), NEW, NOW).ok).toBe(true);
    // A stored booking that is not moved keeps its day.
    expect(decideBooking(inSlot({ zipCode: '8000' }), onWednesday, { time: false, place: false }, NOW).ok).toBe(true);
  });
});

describe('decideBooking and the department rule sets', () => {
  it("refuses a car the department does not take (409, the set's alert), and a slot shorter than the car needs", () => {
    const refused = decideBooking(inSlot(), facts({ car: { accepted: false, alertMessage: 'Ingen Tesla her' } }), NEW, NOW);
    expect(refused).toEqual({ ok: false, status: 409, errors: { 'timeAndPlace.department': ['Ingen Tesla her'] } });
    expect(messageOf(decideBooking(inSlot(), facts({ car: { accepted: true, minimumWorkLength: 2.5 } }), NEW, NOW))).toBe(
      'Bilen kræver en tid på mindst 2,5 timer i denne afdeling',
    );
    expect(decideBooking(inSlot(), facts({ car: { accepted: true, minimumWorkLength: 2 } }), NEW, NOW).ok).toBe(true);
  });

  it('asks again only when the car or the booking changes', () => {
    const refusing = facts({ car: { accepted: false, alertMessage: 'Ingen Tesla her' } });
    expect(decideBooking(inSlot(), refusing, { time: false, place: false }, NOW).ok).toBe(true);
    expect(decideBooking(inSlot(), refusing, { time: false, place: false, car: true }, NOW).ok).toBe(false);
  });
});
