import { describe, expect, it } from 'vitest';
import { emptyOrder } from '../orders';
import { calendarMoveLogEntry, calendarMoveLogType } from './calendar-move';

describe("a booking's move in the calendar (issue 39)", () => {
  it("takes the worksheet's log type: a windscreen WINDOWREPLACEMOVED, a stone chip STONECHIPMOVED, the rest MOVED", () => {
    expect(calendarMoveLogType('REPLACE_FRONT')).toBe('WINDOWREPLACEMOVED');
    expect(calendarMoveLogType('REPAIR')).toBe('STONECHIPMOVED');
    expect(calendarMoveLogType('SALE')).toBe('MOVED');
    expect(calendarMoveLogType('COMPLAINT')).toBe('MOVED');
  });

  it("logs the booking's day and time before the move, its place, number and plate, with the trimmed reason", () => {
    const order = emptyOrder();
    order.additionalData.orderType = 'REPLACE_FRONT';
    order.additionalData.orderNr = '1042';
    order.car.registrationNumber = 'AB12345';
    order.timeAndPlace.department.navLocationCode = 'ARH';
    order.timeAndPlace.date = '2026-12-08T00:00:00';
    order.timeAndPlace.from = '2026-12-08T08:00:00';
    const entry = calendarMoveLogEntry(order, { logReason: ' Kundens ønske ', logComment: ' ringede ' });
    expect(entry).toMatchObject({
      logType: 'WINDOWREPLACEMOVED',
      logReason: 'Kundens ønske',
      logComment: 'ringede',
      jobType: 'REPLACE_FRONT',
      orderNo: '1042',
      regNr: 'AB12345',
      navLocationCode: 'ARH',
      orgDate: '2026-12-08T00:00:00',
      orgTime: '2026-12-08T08:00:00',
    });
    // From the waiting list (the all-day row) it had no time yet.
    order.timeAndPlace.waitingList = true;
    expect(calendarMoveLogEntry(order, { logReason: 'Andet', logComment: 'x' }).orgTime).toBe('');
  });
});
