import { z } from 'zod';
import { formatDate } from '../lib/dates';
import { SMS_KINDS, type TOrderStatus, type TSmsKind, type TOrder } from '../orders';
import { hasAnyRole, type TRole } from '../users';

export { SMS_KINDS, type TSmsKind };

/** The SMS dialog's choices (document 1 section 4). */
export const SMS_KIND_LABELS: Record<TSmsKind, string> = {
  ON_MY_WAY: 'På vej',
  ARRIVE_BETWEEN_8_12: 'Ankomst mellem 8-12',
  ARRIVE_BETWEEN_10_14: 'Ankomst mellem 10-14',
  ARRIVE_BETWEEN_12_16: 'Ankomst mellem 12-16',
  OFFER_SMS: 'Tilbud',
};

/** Which notificationStatus flag an SMS kind sets once sent. */
export const SMS_FLAGS = {
  ON_MY_WAY: 'smsOnMyWay',
  ARRIVE_BETWEEN_8_12: 'smsArriveBetween8And12',
  ARRIVE_BETWEEN_10_14: 'smsArriveBetween10And14',
  ARRIVE_BETWEEN_12_16: 'smsArriveBetween12And16',
  OFFER_SMS: 'smsOffer',
} as const satisfies Record<TSmsKind, keyof TOrder['notificationStatus']>;

export const SMS_MESSAGES = {
  notAllowed: 'SMS ikke tilladt',
  sent: 'SMS sent successfully',
  failed: 'Failed to send SMS',
} as const;

/** The 'Tilbud' reminder SMS: Complaint and Adminstrator (document 1 section 6). */
export const OFFER_SMS_ROLES: readonly TRole[] = ['Complaint', 'Adminstrator'];
/** Statuses of an offer the customer can be reminded of. */
const OFFER_STATUSES: readonly string[] = ['OFFER'] satisfies TOrderStatus[];
/** Work SMS (on my way, arrival window) only for booked work that is still to be done. */
const WORK_STATUSES: readonly string[] = ['PROCESSING', 'ON_HOLD', 'SERVICE_CALL', 'WEB_REVIEW'] satisfies TOrderStatus[];

export const ZSmsSendRequest = z.object({ orderId: z.uuid(), kind: z.enum(SMS_KINDS) });
export type TSmsSendRequest = z.infer<typeof ZSmsSendRequest>;

/**
 * Why an SMS may not be sent ('SMS ikke tilladt' for the user; the reason for the tooltip and tests), or null
 * when it may: every SMS needs a customer who allows SMS and has a phone; 'på vej' only at a mobile-service
 * department; the offer reminder only on an offer without one, by Complaint or Adminstrator; work SMS only on
 * open work.
 */
export function smsRefusal(order: TOrder, kind: TSmsKind, roles: readonly string[]): string | null {
  if (!order.customer.allowSms) return 'Kunden har ikke tilladt SMS';
  if (!order.customer.phone) return 'Kunden har intet telefonnummer';
  const status = order.additionalData.orderStatus;
  if (kind === 'OFFER_SMS') {
    if (!hasAnyRole(roles, OFFER_SMS_ROLES)) return 'Kun Reklamation og Administrator sender tilbuds-SMS';
    if (!OFFER_STATUSES.includes(status)) return 'Ordren er ikke et tilbud';
    if (order.notificationStatus.smsOffer) return 'Tilbuds-SMS er allerede sendt';
    return null;
  }
  if (!WORK_STATUSES.includes(status)) return 'Ordren er ikke en åben opgave';
  if (kind === 'ON_MY_WAY' && !order.timeAndPlace.department.mobileService) return 'Kun for mobilservice';
  return null;
}

export function smsAllowed(order: TOrder, kind: TSmsKind, roles: readonly string[]): boolean {
  return smsRefusal(order, kind, roles) === null;
}

/** Whether a list row offers the 'Tilbud' reminder at all (an offer lacking one, for the right roles). */
export function offerReminderDue(order: TOrder, roles: readonly string[]): boolean {
  return (
    OFFER_STATUSES.includes(order.additionalData.orderStatus) && !order.notificationStatus.smsOffer && hasAnyRole(roles, OFFER_SMS_ROLES)
  );
}

const greeting = (order: TOrder) => (order.customer.name ? `Hej ${order.customer.name.trim()}.` : 'Hej.');
const place = (order: TOrder) => {
  const t = order.timeAndPlace;
  return t.department.mobileService && t.mobileServiceLocation.address
    ? t.mobileServiceLocation.address
    : `Rudeplan ${t.department.name}`.trim();
};
const WINDOWS: Partial<Record<TSmsKind, [string, string]>> = {
  ARRIVE_BETWEEN_8_12: ['08:00', '12:00'],
  ARRIVE_BETWEEN_10_14: ['10:00', '14:00'],
  ARRIVE_BETWEEN_12_16: ['12:00', '16:00'],
};

/** The text the customer receives (written on the server from the stored order). */
export function smsText(order: TOrder, kind: TSmsKind): string {
  const nr = order.additionalData.orderNr;
  const sign = 'Venlig hilsen Rudeplan';
  switch (kind) {
    case 'ON_MY_WAY':
      return `${greeting(order)} Vores montør er nu på vej til dig på ${place(order)} (ordre ${nr}). ${sign}`;
    case 'OFFER_SMS': {
      const car = [order.car.make, order.car.model].filter(Boolean).join(' ');
      return `${greeting(order)} Husk dit tilbud ${nr}${car ? ` på ${car}` : ''} fra Rudeplan. Ring til os eller svar på tilbudsmailen, hvis du vil booke en tid. ${sign}`;
    }
    default: {
      const [from, to] = WINDOWS[kind]!;
      const day = order.timeAndPlace.date ? ` ${formatDate(order.timeAndPlace.date)}` : '';
      return `${greeting(order)} Vores montør ankommer${day} mellem kl. ${from} og ${to} til ${place(order)} (ordre ${nr}). ${sign}`;
    }
  }
}
