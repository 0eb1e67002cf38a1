import { describe, expect, it } from 'vitest';
import type { TDayAvailability } from '../booking';
import { fromCopenhagen, toWireDateTime } from '../lib/dates';
import { changeableOnline, inWebWindow, manageLinkExpiry, monthsOfWindow, webConfirmationText, webSlotsOf, ZWebBook } from './booking-web';

const now = fromCopenhagen(2026, 12, 7, 10);
const at = (day: number, hour: number) => toWireDateTime(fromCopenhagen(2026, 12, day, hour));
const window = { daysAhead: 3, noticeHours: 24 };

const slot = (id: string, from: string, available: number) => ({
  id,
  from,
  to: from,
  available,
  hasFreeCar: false,
  reperationTime: 0,
  alreadyBooked: 0,
});
const dayOf = (dayOfMonth: number, replace: ReturnType<typeof slot>[], closed = false): TDayAvailability => ({
  dayOfMonth,
  windowReplaceAvailable: 0,
  stoneChipAvailable: 0,
  windowReplaceSlots: replace,
  stoneChipSlots: [],
  closed,
  windowReplaceState: 'FREE',
  stoneChipState: 'FREE',
});

describe('the web booking window', () => {
  it('takes a slot after the notice and within the days ahead only', () => {
    expect(inWebWindow(at(8, 9), window, now)).toBe(false);
    expect(inWebWindow(at(8, 11), window, now)).toBe(true);
    expect(inWebWindow(at(10, 10), window, now)).toBe(true);
    expect(inWebWindow(at(10, 11), window, now)).toBe(false);
  });

  it('offers the free slots of the kind in the window, earliest first, at most the limit', () => {
    const months = [
      {
        year: 2026,
        month: 12,
        days: [
          dayOf(8, [slot('a', at(8, 9), 2), slot('b', at(8, 12), 0), slot('c', at(8, 13), 1)]),
          dayOf(9, [slot('d', at(9, 8), 1)], true),
          dayOf(10, [slot('e', at(10, 8), 3), slot('f', at(10, 9), 1)]),
        ],
      },
    ];
    expect(webSlotsOf(months, 'WINDOW_REPLACE', window, now, 10).map((s) => s.slotId)).toEqual(['c', 'e', 'f']);
    expect(webSlotsOf(months, 'WINDOW_REPLACE', window, now, 2).map((s) => s.slotId)).toEqual(['c', 'e']);
    expect(webSlotsOf(months, 'STONE_CHIP', window, now, 10)).toEqual([]);
    expect(webSlotsOf(months, 'WINDOW_REPLACE', window, now, 1)[0]).toEqual({
      slotId: 'c',
      date: '2026-12-08',
      from: at(8, 13),
      to: at(8, 13),
    });
  });

  it('spans the months the window reaches', () => {
    const parts = (d: Date) => ({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 });
    expect(monthsOfWindow({ daysAhead: 40, noticeHours: 0 }, new Date(Date.UTC(2026, 11, 7)), parts)).toEqual([
      { year: 2026, month: 12 },
      { year: 2027, month: 1 },
    ]);
    expect(monthsOfWindow({ daysAhead: 3, noticeHours: 0 }, new Date(Date.UTC(2026, 11, 7)), parts)).toEqual([{ year: 2026, month: 12 }]);
  });
});

describe('the manage link', () => {
  it('expires a day after the booked time ends, and allows changes only before the notice', () => {
    expect(manageLinkExpiry(at(8, 12), now)).toBe(fromCopenhagen(2026, 12, 9, 12).getTime());
    expect(changeableOnline(at(8, 11), 24, now)).toBe(true);
    expect(changeableOnline(at(8, 9), 24, now)).toBe(false);
    expect(changeableOnline(null, 0, now)).toBe(false);
  });

  it('names the booking, the time and the place in the confirmation, with the link', () => {
    const text = webConfirmationText(
      { orderNr: '1234', placeName: 'Aarhus', address: 'Skanderborgvej 190, 8260 Viby J', from: at(8, 8), mobile: false },
      'LINK',
      {
        date: () => '08/12-2026',
        time: () => '08:00',
      },
    );
    expect(text).toBe(
      'Tak for din booking (nr. 1234) 08/12-2026 kl. 08:00. Aarhus, Skanderborgvej 190, 8260 Viby J. Se, flyt eller annuller: LINK',
    );
  });
});

describe('the booking form', () => {
  const valid = {
    registrationNumber: 'ab 12 345',
    job: 'REPAIR',
    zipCode: '8000',
    place: { departmentId: '00000000-0000-4000-8000-000000000001', slotId: '00000000-0000-4000-8000-000000000002', date: '2026-12-08' },
    payer: 'CASH',
    name: 'Kunde',
    phone: '+45 20 30 40 50',
    address: 'Vej 1',
    allowSms: true,
    privacyAccepted: true,
  };
  it('normalises the plate and phone, and asks for consent to a channel and to the privacy text in Danish', () => {
    const parsed = ZWebBook.parse(valid);
    expect(parsed.registrationNumber).toBe('AB12345');
    expect(parsed.phone).toBe('20304050');
    expect(ZWebBook.safeParse({ ...valid, allowSms: false }).error?.issues[0]?.message).toBe(
      'Vælg, om vi må sende bekræftelsen på SMS eller e-mail',
    );
    expect(ZWebBook.safeParse({ ...valid, privacyAccepted: false }).error?.issues[0]?.message).toBe(
      'Du skal acceptere, at vi gemmer dine oplysninger til bookingen',
    );
    expect(ZWebBook.safeParse({ ...valid, phone: '123' }).error?.issues[0]?.message).toBe('Skriv et telefonnummer med 8 cifre');
  });
});
