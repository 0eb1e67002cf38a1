import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Business Central API v2.0 and Microsoft Entra ID's token endpoint as their documentation describes them, in the test
 * process:
 * - POST /{tenant}/oauth2/v2.0/token (https://learn.microsoft.com/entra/identity-platform/v2-oauth2-client-creds-grant-flow):
 *   form client_id, client_secret, scope https://api.businesscentral.dynamics.com/.default, grant_type client_credentials;
 *   200 {token_type, expires_in, access_token}, or 401 {error: invalid_client, error_description: AADSTS7000215 …}.
 * - /v2.0/{tenant}/{environment}/api/v2.0/companies({id})/… (api-reference/v2.0): salesOrders (GET with
 *   `$filter=externalDocumentNumber eq '…'`, POST → 201), salesOrders({id})/salesOrderLines (GET, POST → 201),
 *   locations (GET with `$filter=code eq '…'`); a missing or unknown bearer token is 401, an unknown customer or item 400,
 *   in BC's {error: {code, message}} (messages as the APIV2 pages write them).
 * `fault` makes the next matching call fail: a status and body (429, 500 …), no answer (`hang`), or `loseAnswer`
 * (done, then the connection is cut before the answer: a retry must not do it twice).
 */
export interface BcSalesOrder {
  id: string;
  number: string;
  externalDocumentNumber: string;
  customerNumber: string;
  orderDate: string;
  lines: Array<Record<string, unknown>>;
}

export type BcFault = { call: string; times?: number } & ({ status: number; body: object } | { hang: true } | { loseAnswer: true });

export interface FakeBusinessCentral {
  /** BC_BASE_URL */
  baseUrl: string;
  /** BC_TOKEN_URL */
  tokenUrl: string;
  tenant: string;
  environment: string;
  companyId: string;
  clientId: string;
  clientSecret: string;
  orders: BcSalesOrder[];
  tokenRequests: number;
  /** Every API call as "METHOD path" (without the company prefix), in order. */
  calls: string[];
  fault(fault: BcFault): void;
  close(): Promise<void>;
}

const bcError = (code: string, message: string) => ({ error: { code, message } });

export async function startFakeBusinessCentral(
  data: { customers?: string[]; items?: string[]; locations?: string[] } = {},
): Promise<FakeBusinessCentral> {
  const customers = new Set(data.customers ?? ['10000']);
  const items = new Set(data.items ?? []);
  const locations = new Map<string, string>((data.locations ?? []).map((code) => [code, crypto.randomUUID()]));
  const tenant = crypto.randomUUID();
  const environment = 'sandbox';
  const companyId = crypto.randomUUID();
  const clientId = crypto.randomUUID();
  const clientSecret = 'test-client-secret';
  const issued = new Set<string>();
  const faults: BcFault[] = [];
  const hanging = new Set<http.ServerResponse>();
  let nextNumber = 101_001;
  const fake: FakeBusinessCentral = {
    baseUrl: '',
    tokenUrl: '',
    tenant,
    environment,
    companyId,
    clientId,
    clientSecret,
    orders: [],
    tokenRequests: 0,
    calls: [],
    fault: (f) => void faults.push(f),
    close: async () => undefined,
  };

  const takeFault = (call: string) => {
    const i = faults.findIndex((f) => f.call === call);
    if (i < 0) return undefined;
    const f = faults[i]!;
    if ((f.times ?? 1) <= 1) faults.splice(i, 1);
    else f.times = (f.times ?? 1) - 1;
    return f;
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const reply = (status: number, body?: object) => {
        response.writeHead(status, { 'content-type': 'application/json; odata.metadata=minimal' });
        response.end(body ? JSON.stringify(body) : '');
      };
      const url = new URL(request.url ?? '/', 'http://x');
      const text = Buffer.concat(chunks).toString('utf8');

      if (url.pathname === `/${tenant}/oauth2/v2.0/token` && request.method === 'POST') {
        fake.tokenRequests++;
        const form = new URLSearchParams(text);
        if (form.get('grant_type') !== 'client_credentials' || form.get('scope') !== 'https://api.businesscentral.dynamics.com/.default') {
          return reply(400, {
            error: 'invalid_request',
            error_description: 'AADSTS900144: The request body must contain the following parameter: grant_type or scope.',
          });
        }
        if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
          return reply(401, {
            error: 'invalid_client',
            error_description:
              'AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value.',
            error_codes: [7000215],
          });
        }
        const token = crypto.randomBytes(24).toString('base64url');
        issued.add(token);
        return reply(200, { token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599, access_token: token });
      }

      const prefix = `/v2.0/${tenant}/${environment}/api/v2.0/companies(${companyId})/`;
      if (!url.pathname.startsWith(prefix))
        return reply(404, bcError('BadRequest_NotFound', 'No HTTP resource was found that matches the request URI.'));
      const path = url.pathname.slice(prefix.length);
      const kind = path.replace(/\([^)]*\)/g, '({id})');
      const call = `${request.method} ${kind}`;
      fake.calls.push(call);
      const auth = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
      if (!auth || !issued.has(auth[1]!))
        return reply(401, bcError('Authentication_InvalidCredentials', 'The server has rejected the client credentials.'));

      const fault = takeFault(call);
      if (fault && 'hang' in fault) {
        hanging.add(response);
        return;
      }
      if (fault && 'status' in fault) return reply(fault.status, fault.body);
      const answer = fault && 'loseAnswer' in fault ? () => response.destroy() : reply;

      const filter = url.searchParams.get('$filter') ?? '';
      const literal = (field: string) => {
        const m = new RegExp(`^${field} eq '((?:[^']|'')*)'$`).exec(filter);
        return m ? m[1]!.replaceAll("''", "'") : null;
      };
      const body = (() => {
        try {
          return text ? (JSON.parse(text) as Record<string, unknown>) : {};
        } catch {
          return null;
        }
      })();
      if (body === null) return reply(400, bcError('BadRequest', 'The request body is not valid JSON.'));

      if (call === 'GET locations') {
        const code = literal('code');
        const id = code === null ? undefined : locations.get(code);
        return answer(200, { value: id ? [{ id, code, displayName: code }] : [] });
      }
      if (call === 'GET salesOrders') {
        const nr = literal('externalDocumentNumber');
        const found = fake.orders.filter((o) => nr === null || o.externalDocumentNumber === nr);
        return answer(200, { value: found.map(({ lines: _lines, ...order }) => order) });
      }
      if (call === 'POST salesOrders') {
        const customerNumber = typeof body.customerNumber === 'string' ? body.customerNumber : '';
        if (!customerNumber) return reply(400, bcError('BadRequest', 'A "customerNumber" or a "customerId" must be provided.'));
        if (!customers.has(customerNumber)) return reply(400, bcError('Internal_RecordNotFound', 'The sell-to customer cannot be found.'));
        const order: BcSalesOrder = {
          id: crypto.randomUUID(),
          number: String(nextNumber++),
          externalDocumentNumber: typeof body.externalDocumentNumber === 'string' ? body.externalDocumentNumber : '',
          customerNumber,
          orderDate: typeof body.orderDate === 'string' ? body.orderDate : new Date().toISOString().slice(0, 10),
          lines: [],
        };
        fake.orders.push(order);
        const { lines: _lines, ...shown } = order;
        return answer(201, shown);
      }
      const orderId = /^salesOrders\(([^)]+)\)\/salesOrderLines$/.exec(path)?.[1];
      const order = fake.orders.find((o) => o.id === orderId);
      if (orderId && !order) return reply(404, bcError('BadRequest_NotFound', `The salesOrder with id ${orderId} was not found.`));
      if (call === 'GET salesOrders({id})/salesOrderLines') return answer(200, { value: order!.lines });
      if (call === 'POST salesOrders({id})/salesOrderLines') {
        if (body.lineType === 'Item' && !items.has(String(body.lineObjectNumber))) {
          return reply(
            400,
            bcError(
              'Internal_RecordNotFound',
              `The Item does not exist. Identification fields and values: No.='${String(body.lineObjectNumber)}'`,
            ),
          );
        }
        if (body.locationId !== undefined && ![...locations.values()].includes(String(body.locationId))) {
          return reply(400, bcError('Internal_RecordNotFound', 'The Location does not exist.'));
        }
        const line = { id: crypto.randomUUID(), documentId: order!.id, sequence: (order!.lines.length + 1) * 10000, ...body };
        order!.lines.push(line);
        return answer(201, line);
      }
      return reply(405, bcError('BadRequest_MethodNotAllowed', `'${request.method ?? ''}' requests for '${kind}' are not allowed.`));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.baseUrl = `http://127.0.0.1:${port}`;
  fake.tokenUrl = `http://127.0.0.1:${port}/${tenant}/oauth2/v2.0/token`;
  fake.close = () =>
    new Promise<void>((resolve, reject) => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      server.close((e) => (e ? reject(e) : resolve()));
    });
  return fake;
}
