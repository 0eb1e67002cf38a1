import type { DeliveryResult } from '../email/email-transport';
import { createGatewayApiGateway, GATEWAYAPI_URL } from './gatewayapi';
import type { SmsGateway } from './sms-types';

export type { SmsGateway, SmsMessage } from './sms-types';
export { toInternationalPhone } from './sms-types';

/**
 * A plain HTTP gateway: POST {to, from, text} as JSON with a bearer token.
 * Most Danish SMS providers offer such an endpoint; a 2xx answer means accepted.
 */
export function createHttpSmsGateway(url: string, token: string | undefined, sender: string): SmsGateway {
  return {
    name: 'sms-http',
    async send(message): Promise<DeliveryResult> {
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

/** The path GatewayAPI posts its delivery reports to (the outbox's public callback route). */
export const GATEWAYAPI_REPORT_PATH = '/api/outbox/sms/gatewayapi';

export interface SmsConfig {
  SMS_PROVIDER?: 'gatewayapi' | 'http' | undefined;
  SMS_GATEWAY_URL?: string | undefined;
  SMS_GATEWAY_TOKEN?: string | undefined;
  SMS_SENDER: string;
  GATEWAYAPI_TOKEN?: string | undefined;
  GATEWAYAPI_SENDER?: string | undefined;
  GATEWAYAPI_URL?: string | undefined;
  PUBLIC_URL?: string | undefined;
}

/** GatewayAPI with SMS_PROVIDER=gatewayapi; else the plain HTTP gateway with SMS_GATEWAY_URL; else kept locally. */
export function createSmsGateway(config: SmsConfig): SmsGateway {
  if (config.SMS_PROVIDER === 'gatewayapi' && config.GATEWAYAPI_TOKEN) {
    return createGatewayApiGateway({
      url: config.GATEWAYAPI_URL ?? GATEWAYAPI_URL,
      token: config.GATEWAYAPI_TOKEN,
      sender: config.GATEWAYAPI_SENDER ?? config.SMS_SENDER,
      callbackUrl: config.PUBLIC_URL ? new URL(GATEWAYAPI_REPORT_PATH, config.PUBLIC_URL).toString() : undefined,
    });
  }
  return config.SMS_GATEWAY_URL
    ? createHttpSmsGateway(config.SMS_GATEWAY_URL, config.SMS_GATEWAY_TOKEN, config.SMS_SENDER)
    : localSmsGateway;
}
