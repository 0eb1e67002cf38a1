import type { DeliveryOutcome } from '../email/email-transport';

export interface SmsMessage {
  to: string;
  text: string;
  /** Our id of the message (the outbox row), handed to a provider that returns it in its delivery reports. */
  reference?: string;
}

export interface SmsGateway {
  readonly name: string;
  /** Delivering twice does no harm (nothing leaves the machine): a send cut off by a crash is simply done again. */
  readonly repeatable?: boolean;
  send(message: SmsMessage): Promise<DeliveryOutcome>;
}

/** Danish numbers are stored as 8 digits; gateways want them with the country code. */
export function toInternationalPhone(phone: string): string {
  const compact = phone.replace(/[\s-]/g, '');
  if (/^\d{8}$/.test(compact)) return `+45${compact}`;
  if (/^00\d+$/.test(compact)) return `+${compact.slice(2)}`;
  return compact;
}
