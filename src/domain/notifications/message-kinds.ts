import { SMS_KIND_LABELS, type TSmsKind } from './sms';

/**
 * The kinds of message the server queues in the outbox, as Udbakke names them: the outbox itself (src/domain/outbox)
 * only queues and sends, so it knows no area's kinds.
 */

/** Danish names of the message kinds the server writes; an SMS from the SMS dialog is named by its choice. */
export const OUTBOX_KIND_LABELS: Readonly<Record<string, string>> = {
  ORDER_CONFIRMATION: 'Ordrebekræftelse',
  ORDER_OFFER: 'Tilbud',
  OFFER: 'Tilbud',
  ORDER_RECEIPT: 'Ordrekvittering',
  ORDER_NOTIFICATION: 'Besked om ordren',
  REVIEW_INVITATION: 'Invitation til anmeldelse',
  ORDER_EXPORT: 'Ordre til ERP',
  TRANSFER_EXPORT: 'Overflytning til ERP',
  STOCK_CORRECTION_EXPORT: 'Lagerrettelse til ERP',
  PASSWORD_RESET: 'Nulstilling af adgangskode',
  NEW_USER_PASSWORD: 'Adgangskode til ny bruger',
};

/** A kind's Danish name; a kind this version does not know (written by a newer one) is shown as written. */
export function outboxKindLabel(kind: string): string {
  if (kind.startsWith('SMS_')) {
    const choice = SMS_KIND_LABELS[kind.slice(4) as TSmsKind];
    if (choice) return `SMS: ${choice}`;
  }
  return OUTBOX_KIND_LABELS[kind] ?? kind;
}
