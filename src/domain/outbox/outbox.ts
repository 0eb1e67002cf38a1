import { z } from 'zod';

/** SMS and e-mail to people; ERP is the order export to the ERP system. */
export const OUTBOX_CHANNELS = ['SMS', 'EMAIL', 'ERP'] as const;
export type TOutboxChannel = (typeof OUTBOX_CHANNELS)[number];

export const OUTBOX_STATUSES = ['PENDING', 'SENDING', 'SENT', 'KEPT', 'FAILED'] as const;
export type TOutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const OUTBOX_STATUS_LABELS: Record<TOutboxStatus, string> = {
  PENDING: 'Venter',
  SENDING: 'Sendes',
  SENT: 'Sendt',
  KEPT: 'Gemt lokalt',
  FAILED: 'Fejlet',
};

/** What the SMS provider last reported for a sent message (issue 42): nothing yet, delivered, or not delivered. */
export const DELIVERY_STATUSES = ['', 'DELIVERED', 'UNDELIVERED'] as const;
export type TDeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * How Udbakke and the worksheet name a message's outcome: the outbox status, and once the provider has reported,
 * its report (delivered to the phone, or not). A message the outbox gave up on is failed whatever was reported.
 */
export function deliveryOutcome(message: {
  status: TOutboxStatus;
  deliveryStatus: TDeliveryStatus;
}): 'PENDING' | 'SENT' | 'KEPT' | 'DELIVERED' | 'FAILED' {
  if (message.status === 'FAILED' || message.deliveryStatus === 'UNDELIVERED') return 'FAILED';
  if (message.deliveryStatus === 'DELIVERED') return 'DELIVERED';
  if (message.status === 'SENT' || message.status === 'KEPT') return message.status;
  return 'PENDING';
}

export const DELIVERY_OUTCOME_LABELS: Record<ReturnType<typeof deliveryOutcome>, string> = {
  PENDING: 'Venter',
  SENT: 'Sendt',
  KEPT: 'Gemt lokalt',
  DELIVERED: 'Leveret',
  FAILED: 'Fejlet',
};

export const OUTBOX_CHANNEL_LABELS: Record<TOutboxChannel, string> = { SMS: 'SMS', EMAIL: 'E-mail', ERP: 'ERP-eksport' };

/** After this many failed attempts a message is marked FAILED and waits for a person. */
export const OUTBOX_MAX_ATTEMPTS = 8;

/**
 * Back-off before the next attempt: 30 s, 1 min, 2 min … capped at one hour,
 * so a gateway that is down for a while is not hammered.
 */
export function outboxRetryDelayMs(attempts: number): number {
  const base = 30_000 * 2 ** Math.max(0, attempts - 1);
  return Math.min(base, 3_600_000);
}

/**
 * A message that carries a secret (a password, a reset link's token, a reset code) is queued with this
 * placeholder in its text and the secret kept apart: the adapter gets the real text, Udbakke the masked one.
 */
export const OUTBOX_SECRET_PLACEHOLDER = '{{secret}}';
export const OUTBOX_SECRET_MASK = '••••••';

/** The text as the adapter sends it. */
export function revealSecret(text: string, secret: string): string {
  return text.replaceAll(OUTBOX_SECRET_PLACEHOLDER, () => secret);
}

/** The text as Udbakke shows it. */
export function maskSecret(text: string): string {
  return text.replaceAll(OUTBOX_SECRET_PLACEHOLDER, OUTBOX_SECRET_MASK);
}

export const ZOutboxMessage = z.object({
  id: z.string(),
  channel: z.enum(OUTBOX_CHANNELS),
  kind: z.string(),
  recipient: z.string(),
  subject: z.string(),
  body: z.string().describe(`A password, link token or code in it is shown as ${OUTBOX_SECRET_MASK}`),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string(),
  transport: z.string(),
  orderId: z.string().nullable(),
  createdAt: z.string(),
  nextAttemptAt: z.string(),
  deliveredAt: z.string().nullable(),
  deliveryStatus: z.enum(DELIVERY_STATUSES).describe("The SMS provider's delivery report: '' (none yet), DELIVERED or UNDELIVERED"),
  deliveryDetail: z.string().describe("The provider's own words on its report (its status and error code)"),
  deliveryReportedAt: z.string().nullable(),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;

export const ZOutboxQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  status: z.enum(OUTBOX_STATUSES).optional(),
  channel: z.enum(OUTBOX_CHANNELS).optional(),
});
export type TOutboxQuery = z.infer<typeof ZOutboxQuery>;

export const OUTBOX_PAGE_SIZE = 25;

export const ZOutboxPage = z.object({
  messages: z.array(ZOutboxMessage),
  pageCount: z.number().int(),
  total: z.number().int(),
});
export type TOutboxPage = z.infer<typeof ZOutboxPage>;
