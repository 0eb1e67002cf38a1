import type { DeliveryResult } from '../email/email-transport';

export interface SmsMessage {
  to: string;
  text: string;
}

export interface SmsGateway {
  readonly name: string;
  /** Delivering twice does no harm (nothing leaves the machine): a send cut off by a crash is simply done again. */
  readonly repeatable?: boolean;
  send(message: SmsMessage): Promise<DeliveryResult>;
}

/**
 * A plain HTTP gateway: POST {to, from, text} as JSON with a bearer token.
 * Most Danish SMS providers offer such an endpoint; a 2xx answer means accepted.
 */
export function createHttpSmsGateway(url: string, token: string | undefined, sender: string): SmsGateway {
  return {
    name: 'sms-http',
    async send(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ to: message.to, from: sender, text: message.text }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status} ${response.statusText}`);
      return 'SENT';
    },
  };
}

/** The default without SMS_GATEWAY_URL: the SMS stays readable in Udbakke. */
export const localSmsGateway: SmsGateway = {
  name: 'local',
  repeatable: true,
  async send() {
    return 'KEPT';
  },
};

export function createSmsGateway(config: { SMS_GATEWAY_URL?: string | undefined; SMS_GATEWAY_TOKEN?: string | undefined; SMS_SENDER: string }): SmsGateway {
  return config.SMS_GATEWAY_URL ? createHttpSmsGateway(config.SMS_GATEWAY_URL, config.SMS_GATEWAY_TOKEN, config.SMS_SENDER) : localSmsGateway;
}

/** Danish numbers are stored as 8 digits; gateways want them with the country code. */
export function toInternationalPhone(phone: string): string {
  const compact = phone.replace(/[\s-]/g, '');
  if (/^\d{8}$/.test(compact)) return `+45${compact}`;
  if (/^00\d+$/.test(compact)) return `+${compact.slice(2)}`;
  return compact;
}
