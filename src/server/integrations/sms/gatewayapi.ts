import crypto from 'node:crypto';
import { z } from 'zod';
import type { TDeliveryStatus } from '@/domain/outbox';
import { describeFetchFailure, PermanentDeliveryError, readJson } from '../email/email-transport';
import { toInternationalPhone, type SmsGateway } from './sms-types';

/**
 * GatewayAPI's REST API (https://gatewayapi.com/docs/apis/rest/, "POST /rest/mtsms"): JSON {sender, message,
 * recipients: [{msisdn}], userref, callback_url}, the API token in `Authorization: Token <token>`
 * (https://gatewayapi.com/docs/apis/authentication/). 200 answers {ids: [...], usage}; an error answers
 * {code, message, variables, incident_uuid} with 400 (invalid arguments), 401 (invalid API key), 403 (unauthorized
 * IP), 422 (invalid JSON body) or 500.
 */
export const GATEWAYAPI_URL = 'https://gatewayapi.com/rest/mtsms';

export interface GatewayApiOptions {
  url: string;
  token: string;
  sender: string;
  /** Where GatewayAPI posts its delivery reports; without it the account's default webhook (set in its dashboard). */
  callbackUrl?: string | undefined;
  timeoutMs?: number;
}

const ZGatewayApiError = z.object({
  code: z.string().optional(),
  message: z.string().optional(),
  variables: z.array(z.unknown()).optional(),
});
const ZGatewayApiSent = z.object({ ids: z.array(z.union([z.number(), z.string()])).min(1) });

/** GatewayAPI's error text with its %1, %2 … filled in from `variables`, and its hex code. */
function gatewayApiErrorText(status: number, body: unknown): string {
  const parsed = ZGatewayApiError.safeParse(body);
  const error = parsed.success ? parsed.data : {};
  const message = (error.message ?? '').replace(/%(\d+)/g, (all, n: string) => {
    const value = error.variables?.[Number(n) - 1];
    return value === undefined ? all : String(value);
  });
  const code = error.code ? `, ${error.code}` : '';
  return `GatewayAPI afviste SMS'en (HTTP ${status}${code})${message ? `: ${message}` : ''}`;
}

export function createGatewayApiGateway(options: GatewayApiOptions): SmsGateway {
  const timeoutMs = options.timeoutMs ?? 15_000;
  return {
    name: 'gatewayapi',
    async send(message) {
      const msisdn = Number(toInternationalPhone(message.to).replace(/\D/g, ''));
      const body = {
        sender: options.sender,
        message: message.text,
        recipients: [{ msisdn }],
        ...(message.reference ? { userref: message.reference } : {}),
        ...(options.callbackUrl ? { callback_url: options.callbackUrl } : {}),
      };
      let response: Response;
      try {
        response = await fetch(options.url, {
          method: 'POST',
          headers: { authorization: `Token ${options.token}`, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new Error(describeFetchFailure('GatewayAPI', error, timeoutMs), { cause: error });
      }
      const answer = await readJson(response);
      if (!response.ok) {
        const text = gatewayApiErrorText(response.status, answer);
        // 400 and 422 refuse the message itself (a bad number, a bad sender): sending it again cannot help.
        throw response.status === 400 || response.status === 422 ? new PermanentDeliveryError(text) : new Error(text);
      }
      const sent = ZGatewayApiSent.safeParse(answer);
      if (!sent.success) throw new Error(`GatewayAPI svarede ${response.status} uden besked-id`);
      return { status: 'SENT', providerMessageId: String(sent.data.ids[0]) };
    },
  };
}

/**
 * A delivery report (the REST API's "Delivery Status Notification", https://gatewayapi.com/docs/apis/rest/ and
 * https://gatewayapi.com/docs/webhooks/): {id, msisdn, time, status, error, code, userref, …}. With an authentication
 * token on the webhook, GatewayAPI sends the whole report as a JWT (HS256, signed with that token) in the
 * X-Gwapi-Signature header; the claims are what counts, not the body.
 */
export const ZGatewayApiReport = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  msisdn: z.union([z.number(), z.string()]).optional(),
  time: z.number().optional(),
  status: z.string(),
  error: z.string().nullish(),
  code: z.string().nullish(),
  userref: z.string().nullish(),
});
export type TGatewayApiReport = z.infer<typeof ZGatewayApiReport>;

const base64url = (buffer: Buffer) => buffer.toString('base64url');

/** Signs claims as GatewayAPI does (HS256 JWT): used by the tests' fake of GatewayAPI. */
export function signGatewayApiJwt(claims: object, secret: string): string {
  const head = base64url(Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'HS256' })));
  const body = base64url(Buffer.from(JSON.stringify(claims)));
  const signature = base64url(crypto.createHmac('sha256', secret).update(`${head}.${body}`).digest());
  return `${head}.${body}.${signature}`;
}

/**
 * The claims of an X-Gwapi-Signature JWT when it is HS256, signed with the secret and not expired (when it carries
 * `exp`); null otherwise. The signature is compared in constant time.
 */
export function verifyGatewayApiJwt(token: string | undefined, secret: string | undefined, now = Date.now()): unknown {
  if (!token || !secret) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [head, body, signature] = parts as [string, string, string];
  const expected = crypto.createHmac('sha256', secret).update(`${head}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  try {
    const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: unknown };
    if (header.alg !== 'HS256') return null;
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { exp?: unknown };
    if (typeof claims.exp === 'number' && claims.exp * 1000 < now) return null;
    return claims;
  } catch {
    return null;
  }
}

/** GatewayAPI's final states (its "States and status codes"): delivered, or not, for good. */
const DELIVERED_STATES = new Set(['DELIVERED', 'ACCEPTED']);
const UNDELIVERED_STATES = new Set(['UNDELIVERABLE', 'EXPIRED', 'REJECTED', 'DELETED', 'SKIPPED']);

/**
 * What a report means for the message: DELIVERED or UNDELIVERED for a final state, null for a transient one
 * (UNKNOWN, SCHEDULED, BUFFERED, ENROUTE), which GatewayAPI says to ignore once a final one came.
 */
export function deliveryStatusOf(report: TGatewayApiReport): Exclude<TDeliveryStatus, ''> | null {
  const status = report.status.toUpperCase();
  if (DELIVERED_STATES.has(status)) return 'DELIVERED';
  if (UNDELIVERED_STATES.has(status)) return 'UNDELIVERED';
  return null;
}

/** The provider's own words on a report, as Udbakke shows them: its state, error text and code. */
export function deliveryDetailOf(report: TGatewayApiReport): string {
  return [report.status.toUpperCase(), report.error, report.code].filter(Boolean).join(' · ').slice(0, 500);
}
