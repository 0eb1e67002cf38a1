import { logTypeForTimeChange, type TLogEntry, type TLogType, type TOrder } from '../orders';

/**
 * A booking dragged in the calendar is a move like the worksheet's (document 2, section 5: a time change opens the
 * log dialog with MOVED, STONECHIPMOVED or WINDOWREPLACEMOVED; after the log is confirmed the action runs). The
 * calendar sends the reason with the move, and the server writes the log once the booking seam has taken the move.
 */

/** The reason the user chose in the log dialog ('Andet' with a comment). */
export interface TMoveReason {
  logReason: string;
  logComment: string;
}

/** The log type of a booking's move in the calendar: the worksheet's own rule, by the order's type. */
export function calendarMoveLogType(orderType: string): TLogType {
  return logTypeForTimeChange({ additionalData: { orderType } });
}

/**
 * The log entry of a move: the booking's day and time before it (orgDate, orgTime), its job, place, number and
 * plate, with the chosen reason. The server stamps the date and the user.
 */
export function calendarMoveLogEntry(before: TOrder, reason: TMoveReason): TLogEntry {
  const t = before.timeAndPlace;
  return {
    logDate: null,
    logComment: reason.logComment.trim(),
    logReason: reason.logReason.trim(),
    jobType: before.additionalData.orderType,
    logType: calendarMoveLogType(before.additionalData.orderType),
    logUser: '',
    navLocationCode: t.department.navLocationCode,
    orderNo: before.additionalData.orderNr,
    orgDate: t.date ?? '',
    orgTime: t.waitingList ? '' : (t.from ?? ''),
    regNr: before.car.registrationNumber,
  };
}
