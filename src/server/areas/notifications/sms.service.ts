import { OFFER_SMS_ROLES, SMS_FLAGS, SMS_KIND_LABELS, SMS_MESSAGES, smsRefusal, smsText, type TSmsKind } from '@/domain/notifications';
import { hasAnyRole } from '@/domain/users';
import type { TOrder } from '@/domain/orders';
import type { SessionUser } from '@/server/auth/sessions';
import type { Db } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { recordOrderChange } from '../journal';
import { findOrder, getOrder } from '../orders';
import { queueSentByHand } from './send-limits.repo';
import * as repo from './sms.repo';

/**
 * POST /sms/send: the text is written here from the stored order; the flag, the outbox message and the
 * journal entry commit together. Refusals: 403 for the offer reminder without the role, 422
 * 'SMS ikke tilladt' for the other rules, 409 and 429 for the send limits (queueSentByHand).
 */
export async function sendSms(db: Db, orderId: string, kind: TSmsKind, user: SessionUser): Promise<TOrder['notificationStatus']> {
  if (kind === 'OFFER_SMS' && !hasAnyRole(user.roles, OFFER_SMS_ROLES)) throw AppError.forbidden(SMS_MESSAGES.notAllowed);
  await db.transaction(async (tx) => {
    const order = (await repo.lockOrderRow(tx, orderId)) ? await findOrder(tx, orderId) : null;
    if (!order) throw AppError.notFound('Ordren findes ikke');
    const refusal = smsRefusal(order, kind, user.roles);
    if (refusal) throw new AppError('GENERIC_ERROR', 422, SMS_MESSAGES.notAllowed, { kind: [refusal] });
    await repo.setSmsFlag(tx, orderId, kind);
    await queueSentByHand(tx, user.id, {
      channel: 'SMS',
      kind: `SMS_${kind}`,
      recipient: `${order.customer.phonePrefix}${order.customer.phone}`,
      body: smsText(order, kind),
      orderId,
    });
    const after: TOrder = { ...order, notificationStatus: { ...order.notificationStatus, [SMS_FLAGS[kind]]: true } };
    await recordOrderChange(tx, {
      orderId,
      actor: { id: user.id, initials: user.initials },
      before: order,
      after,
      text: `SMS sendt: ${SMS_KIND_LABELS[kind]}`,
    });
  });
  return (await getOrder(db, orderId)).notificationStatus;
}
