import {
  confirmationEmail,
  notificationEmail,
  offerEmail,
  receiptEmail,
  reviewInvitationBlocked,
  reviewInvitationMessage,
} from '@/domain/orders';
import { orderTotals } from '@/domain/orders';
import type { TOrder } from '@/domain/orders';
import type { Db } from '@/server/db/client';
import { AppError } from '@/server/errors';
import type { SessionUser } from '@/server/auth/sessions';
import { getOrderByRef } from '../orders';
import { queueSentByHand } from './send-limits.repo';

export type EmailKind = 'CONFIRMATION' | 'OFFER' | 'RECEIPT' | 'NOTIFICATION';

const NOTIFICATION_MESSAGES = {
  sent: 'Email sent successfully',
  offerSent: 'Tilbuds mail sent successfully',
  noEmail: 'Kunden har ingen e-mail',
  notAllowed: 'EMAIL ikke tilladt',
} as const;

/**
 * Queues an e-mail about an order to its customer, sent by hand, so within the send limits (queueSentByHand). Offers
 * go to any given address (the customer asked for one); the other kinds only to a customer who allows e-mail.
 */
export async function sendOrderEmail(
  db: Db,
  ref: { id?: string; orderNr?: string },
  kind: EmailKind,
  user: Pick<SessionUser, 'id'>,
  comment = '',
): Promise<string> {
  const order = await getOrderByRef(db, ref);
  const { customer } = order;
  if (!customer.email) throw AppError.field('customer.email', NOTIFICATION_MESSAGES.noEmail);
  if (kind !== 'OFFER' && !customer.allowEmail) throw AppError.field('customer.allowEmail', NOTIFICATION_MESSAGES.notAllowed);
  const total = orderTotals(order).totalInclOre;
  const mail = compose(order, kind, total, comment);
  const message = {
    channel: 'EMAIL',
    kind: `ORDER_${kind}`,
    recipient: customer.email,
    subject: mail.subject,
    body: mail.text,
    orderId: order.additionalData.orderId,
  } as const;
  await db.transaction((tx) => queueSentByHand(tx, user.id, message));
  return kind === 'OFFER' ? NOTIFICATION_MESSAGES.offerSent : NOTIFICATION_MESSAGES.sent;
}

function compose(order: TOrder, kind: EmailKind, total: number, comment: string) {
  switch (kind) {
    case 'CONFIRMATION':
      return confirmationEmail(order, total);
    case 'OFFER':
      return offerEmail(order, total);
    case 'RECEIPT':
      return receiptEmail(order, total);
    case 'NOTIFICATION':
      return notificationEmail(order, comment);
  }
}

export interface ReviewConfig {
  ownDomain: string;
  excludedDebitorNo: string;
  reviewUrl: string;
}

/**
 * The review invitation (a third-party review service in the original): the local adapter sends the
 * invitation e-mail with the review link through the outbox, after the spec's exclusions.
 */
export async function sendReviewInvitation(
  db: Db,
  query: { name: string; email: string; ordernr: string },
  config: ReviewConfig,
  user: Pick<SessionUser, 'id'>,
): Promise<string> {
  const order = await getOrderByRef(db, { orderNr: query.ordernr });
  // The address in the call must be the order's own: the invitation never goes elsewhere.
  if (query.email && query.email.toLowerCase() !== order.customer.email.toLowerCase()) {
    throw AppError.field('email', 'E-mailen hører ikke til ordren');
  }
  const blocked = reviewInvitationBlocked(order, { ownDomain: config.ownDomain, excludedDebitorNo: config.excludedDebitorNo });
  if (blocked) throw AppError.generic(400, blocked);
  const message = reviewInvitationMessage(order, config.reviewUrl, query.name || order.customer.name);
  await db.transaction((tx) => queueSentByHand(tx, user.id, message));
  return NOTIFICATION_MESSAGES.sent;
}
