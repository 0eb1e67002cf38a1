import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signGatewayApiJwt } from '@/server/integrations/sms/gatewayapi';

/**
 * GatewayAPI's REST API as its documentation describes it (https://gatewayapi.com/docs/apis/rest/, "POST /rest/mtsms";
 * https://gatewayapi.com/docs/apis/authentication/; error codes from onlinecity/gatewayapi-docs docs/errors.rst), in
 * the test process: the token in `Authorization: Token …` (401 otherwise), a JSON body with `message` and
 * `recipients: [{msisdn}]` (422 for a body that is no JSON, 400 for a missing parameter or a duplicated MSISDN, with
 * GatewayAPI's {code, message, variables, incident_uuid}), 200 {ids, usage}. `fail` makes the next sends answer a
 * status of choice, `hang` never answers, `close` takes it down.
 */
export interface SentSms {
  sender: string | undefined;
  message: string;
  msisdn: number;
  userref: string | undefined;
  callbackUrl: string | undefined;
  id: number;
}

export interface FakeGatewayApi {
  /** http://127.0.0.1:<port>/rest/mtsms */
  url: string;
  token: string;
  sent: SentSms[];
  /** The next `times` sends answer this status and GatewayAPI error body. */
  fail(status: number, body: object, times?: number): void;
  /** The next `times` sends get no answer at all (a time-out). */
  hang(times?: number): void;
  /** A delivery report for a sent message as GatewayAPI posts it: the JSON body and the JWT of it in X-Gwapi-Signature. */
  report(
    sms: SentSms,
    status: string,
    secret: string,
    extra?: { error?: string; code?: string },
  ): { headers: Record<string, string>; payload: object };
  close(): Promise<void>;
}

const error = (code: string, message: string, variables?: unknown[]) => ({
  code,
  incident_uuid: crypto.randomUUID(),
  message,
  ...(variables ? { variables } : {}),
});

export async function startFakeGatewayApi(token = 'test-gatewayapi-token'): Promise<FakeGatewayApi> {
  const sent: SentSms[] = [];
  const faults: Array<{ status: number; body: object } | 'hang'> = [];
  const hanging = new Set<http.ServerResponse>();
  let nextId = 421_332_671;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const reply = (status: number, body: object) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.method !== 'POST' || new URL(request.url ?? '/', 'http://x').pathname !== '/rest/mtsms')
        return reply(404, error('0x0101', 'Not found'));
      if (request.headers.authorization !== `Token ${token}`) return reply(401, error('0x0223', 'Invalid Consumer Key'));
      const fault = faults.shift();
      if (fault === 'hang') {
        hanging.add(response);
        return;
      }
      if (fault) return reply(fault.status, fault.body);
      let body: { sender?: string; message?: unknown; recipients?: Array<{ msisdn?: unknown }>; userref?: string; callback_url?: string };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
      } catch {
        return reply(422, error('0x0308', 'Invalid json request body'));
      }
      if (typeof body.message !== 'string' || body.message === '')
        return reply(400, error('0x0222', 'Missing required parameter %1', ['message']));
      if (!Array.isArray(body.recipients) || body.recipients.length === 0)
        return reply(400, error('0x0222', 'Missing required parameter %1', ['recipients']));
      const numbers = body.recipients.map((r) => Number(r.msisdn));
      if (numbers.some((n) => !Number.isInteger(n) || n <= 0)) return reply(400, error('0x0308', 'Invalid Argument'));
      const duplicate = numbers.find((n, i) => numbers.indexOf(n) !== i);
      if (duplicate !== undefined)
        return reply(400, error('0x0310', 'A message contains the same recipient more than once. MSISDNs %1 is duplicated', [duplicate]));
      const id = nextId++;
      for (const msisdn of numbers) {
        sent.push({ sender: body.sender, message: body.message, msisdn, userref: body.userref, callbackUrl: body.callback_url, id });
      }
      reply(200, { ids: [id], usage: { countries: { DK: numbers.length }, currency: 'DKK', total_cost: 0.12 * numbers.length } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/rest/mtsms`,
    token,
    sent,
    fail(status, body, times = 1) {
      for (let i = 0; i < times; i++) faults.push({ status, body });
    },
    hang(times = 1) {
      for (let i = 0; i < times; i++) faults.push('hang');
    },
    report(sms, status, secret, extra = {}) {
      const payload = {
        id: sms.id,
        msisdn: sms.msisdn,
        time: Math.floor(Date.now() / 1000),
        status,
        error: extra.error ?? null,
        code: extra.code ?? null,
        userref: sms.userref ?? null,
        country_code: 'DK',
        country_prefix: 45,
        callback_url: sms.callbackUrl ?? null,
        api: 4,
      };
      return { headers: { 'x-gwapi-signature': signGatewayApiJwt(payload, secret), 'content-type': 'application/json' }, payload };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
