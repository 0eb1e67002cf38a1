import { Text } from '@mantine/core';
import { useState } from 'react';
import { calendarMoveLogType, type TMoveReason } from '@/domain/calendar/calendar-move';
import { canOpen, SCREENS } from '@/domain/access/screens';
import { smsRefusal, SMS_KINDS } from '@/domain/notifications/sms';
import type { TOrder } from '@/domain/orders/order.schemas';
import { notify } from '../../../lib/notify';
import { lazyDialog } from '../../../lib/lazy-dialog';
import { fetchOrder } from '../../orders';
import { useSession } from '../../users';
import { LogReasonDialog } from '../../worksheet';
import { updateEventTime } from '../api';
import { arrivalSmsFor, clock, danishDate, dateToWire, refusalMessage } from '../calendar-model';
import type { CalEvent } from './calendar-event';

const SmsDialog = lazyDialog(() => import('../../notifications').then((m) => m.SmsDialog));

/** A booking dropped somewhere else on its day, waiting for its reason: drawn where it was dropped until then. */
export interface PendingMove {
  event: CalEvent;
  placed: { start: Date; end: Date; allDay: boolean };
}

export interface MoveDialogProps {
  move: PendingMove | null;
  /** Cancelled or refused: the booking goes back where it was. */
  onCancel: () => void;
  /** Saved: the calendar reloads (the booking stays where it was dropped until then). */
  onMoved: () => Promise<unknown>;
}

const when = (p: { start: Date; end: Date; allDay: boolean }) =>
  p.allDay ? 'ventelisten (Hele dagen)' : `${clock(p.start)} – ${clock(p.end)}`;

/**
 * A booking's move in the calendar is a move like the worksheet's (document 2, issue 39): the worksheet's log dialog
 * asks for the reason of the order's log type (MOVED, STONECHIPMOVED or WINDOWREPLACEMOVED, from the reason lists);
 * nothing is saved before 'Gem log', and 'Annuller' puts the booking back. The reason goes with the move in one call,
 * the order's own save (the booking seam) takes it, and the server writes the log. Then the customer can be told by
 * SMS, in the worksheet's SMS dialog with the arrival window of the new time chosen.
 */
export function MoveDialog({ move, onCancel, onMoved }: MoveDialogProps) {
  const { user } = useSession();
  const [saving, setSaving] = useState(false);
  const [smsOrder, setSmsOrder] = useState<{ order: TOrder; start: Date } | null>(null);
  const source = move?.event.source;

  const confirm = async (reason: TMoveReason) => {
    if (!move || !source) return;
    setSaving(true);
    try {
      await updateEventTime(move.event.id, { time: dateToWire(move.placed.start), allDay: move.placed.allDay, ...reason });
    } catch (error) {
      // Refused (a full slot, outside the opening hours, …): the server's words, and the booking back in place.
      notify.error('Bookingen blev ikke flyttet', refusalMessage(error));
      setSaving(false);
      onCancel();
      return;
    }
    notify.success('Log saved');
    await onMoved();
    setSaving(false);
    // The customer can be told (the SMS dialog offers what the order and the user may send).
    const orderId = source.orderId;
    if (!orderId || !canOpen(SCREENS.WORKSHEET.access, user?.roles ?? null)) return;
    const order = await fetchOrder(orderId).catch(() => null);
    if (order && SMS_KINDS.some((kind) => smsRefusal(order, kind, user?.roles ?? []) === null))
      setSmsOrder({ order, start: move.placed.start });
  };

  return (
    <>
      <LogReasonDialog
        key={move?.event.id ?? 'none'}
        logType={source ? calendarMoveLogType(source.orderType ?? '') : null}
        onClose={onCancel}
        onConfirm={(reason) => void confirm(reason)}
        confirming={saving}
        description={
          move && source ? (
            <Text size="sm">
              Ordre {source.orderNr} flyttes {danishDate(move.event.start)} fra {when(move.event)} til {when(move.placed)}. Intet gemmes,
              før du har valgt en årsag; Annuller lægger den tilbage.
            </Text>
          ) : null
        }
      />
      {smsOrder ? (
        <SmsDialog order={smsOrder.order} opened onClose={() => setSmsOrder(null)} initialKind={arrivalSmsFor(smsOrder.start)} />
      ) : null}
    </>
  );
}
