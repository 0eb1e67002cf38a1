import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZApiError } from '@/domain/lib/api-error';
import { cookieFor, createTestApp, login, type TestContext } from '../helpers/test-app';

/**
 * Issue 10, "the server is the authority": every operation of the app's own OpenAPI document is sent, as a
 * signed-in administrator, a NUL character and a lone surrogate in every text it declares, an over-long path
 * parameter, broken multipart bodies, malformed JSON and wrong types. No answer may be a 5xx, every refusal
 * uses the error shape, and nothing may hang.
 */

/** The piece of JSON Schema the zod → OpenAPI transform writes. */
interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  default?: unknown;
  nullable?: boolean;
  anyOf?: Schema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  additionalProperties?: Schema | boolean;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: Schema;
}

interface Operation {
  method: string;
  /** OpenAPI path, e.g. /api/order/order/{id}. */
  path: string;
  summary: string;
  parameters: Parameter[];
  body: Schema | null;
  multipart: boolean;
}

interface Probe {
  op: Operation;
  /** What was broken, e.g. `body.customer.name: NUL`. */
  label: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  /** The answer must be exactly this (a refusal at the edge), not just any 4xx. */
  expect?: { status: number; type?: string; field?: string };
}

interface Outcome {
  probe: Probe;
  status: number;
  body: string;
  ms: number;
}

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\uD800b';
const SOME_UUID = '3f0c7a52-8d3b-4c3e-9f3a-0c1d2e3f4a5b';
const INVALID_TEXT = 'Feltet indeholder ugyldige tegn';
/** A 1×1 PNG. */
const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/**
 * 500s found by this test in route handlers and services that the edge cannot refuse; each entry names the
 * operation and the probe label (a RegExp), and why it fails. Remove an entry when its cause is fixed: the test
 * fails on any 500 not listed here, and on an entry that no longer answers 500.
 */
const KNOWN_500: Array<{ op: string; label: RegExp; cause: string }> = [];

/** Ids of demo rows, so a probe reaches the code behind an existing order, user, car … and not only 'not found'. */
interface Known {
  orderId: string;
  /** The order as GET /api/order/order/{id} answers it: the body of the order calls. */
  order: unknown;
  userId: string;
  departmentId: string;
  loanCarId: string;
  imageId: string;
  documentId: string;
}

let ctx: TestContext;
let admin: string;
let known: Known;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await login(ctx.app, 'ADM');
  const one = async (sql: string) => (await ctx.database.pool.query<{ id: string }>(sql)).rows[0]?.id ?? SOME_UUID;
  const orderId = await one(`select id from orders where order_status = 'PROCESSING' and worker_id is not null order by order_nr limit 1`);
  const order = (await ctx.app.inject({ method: 'GET', url: `/api/order/order/${orderId}`, headers: { cookie: admin } })).json() as unknown;
  known = {
    orderId,
    order,
    userId: await one(`select id from users where initials = 'KS'`),
    departmentId: await one(`select department_id as id from loan_cars order by reg_number limit 1`),
    loanCarId: await one(`select id from loan_cars order by reg_number limit 1`),
    imageId: await one(`select id from order_images limit 1`),
    documentId: await one(`select id from signed_documents limit 1`),
  };
});
afterAll(() => ctx.close());

async function readOperations(app: FastifyInstance): Promise<Operation[]> {
  const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
  const doc = response.json() as {
    paths: Record<string, Record<string, { summary?: string; parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } }>>;
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const summary = operation.summary ?? '';
      operations.push({
        method: method.toUpperCase(),
        path,
        summary,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content['application/json']?.schema ?? null,
        // The upload routes read their parts themselves; their summaries say so.
        multipart: !operation.requestBody && /\(multipart/.test(summary),
      });
    }
  }
  return operations;
}

const DATE_NAME = /date|^from$|^to$|created|completed|At$/i;

function isDateField(name: string, schema: Schema): boolean {
  return /\\d\{4\}-/.test(schema.pattern ?? '') || (schema.type === 'string' && !schema.enum && !schema.format && DATE_NAME.test(name));
}

function nonNull(schema: Schema): Schema {
  return schema.anyOf?.find((s) => s.type !== 'null') ?? schema;
}

/** A plausible value for a schema: what a client that read the document would send. */
function sample(raw: Schema, name: string): unknown {
  const schema = nonNull(raw);
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) value[key] = sample(property, key);
      return value;
    }
    case 'array':
      return schema.maxItems === 0 || !schema.items ? [] : [sample(schema.items, name)];
    case 'integer':
    case 'number':
      return typeof schema.default === 'number' ? schema.default : Math.max(1, Math.min(schema.minimum ?? 1, schema.maximum ?? 1));
    case 'boolean':
      return typeof schema.default === 'boolean' ? schema.default : false;
    case 'string': {
      if (schema.format === 'uuid') return SOME_UUID;
      if (/\\d\{4\}-/.test(schema.pattern ?? '')) return '2026-01-15';
      if (DATE_NAME.test(name)) return '2026-01-15T08:00:00';
      if (/mail/i.test(name)) return 'robust@rudeplan.dk';
      if (/phone|zip|no$|nr$/i.test(name)) return '8000';
      if (typeof schema.default === 'string' && schema.default !== '') return schema.default;
      return 'abcdef'.padEnd(Math.min(schema.minLength ?? 0, schema.maxLength ?? 10_000), 'x');
    }
    default:
      return 'abc';
  }
}

/** Every place in a sample body with the schema it came from, parents before children. */
function walk(value: unknown, schema: Schema, path: string[], out: Array<{ path: string[]; schema: Schema; value: unknown }>): void {
  const s = nonNull(schema);
  out.push({ path, schema: s, value });
  if (s.type === 'object' && value && typeof value === 'object') {
    for (const [key, property] of Object.entries(s.properties ?? {})) walk((value as Record<string, unknown>)[key], property, [...path, key], out);
  } else if (s.type === 'array' && Array.isArray(value) && value.length > 0 && s.items) {
    walk(value[0], s.items, [...path, '0'], out);
  }
}

function setAt(root: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as Record<string, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[path[path.length - 1]!] = value;
  return copy;
}

/** Values of the wrong type for a place in the body. */
function wrongTypes(schema: Schema): unknown[] {
  switch (schema.type) {
    case 'string':
      return schema.enum ? ['NOT_A_VALUE', 7] : [123, { a: 1 }];
    case 'integer':
    case 'number':
      return ['abc', 1e308, -1, 1.5];
    case 'boolean':
      return ['abc'];
    case 'array':
      return ['abc', { a: 1 }];
    case 'object':
      return ['abc', [1]];
    default:
      return [];
  }
}

/** The id of a demo row for a path parameter, when the operation's path says which kind of row it names. */
function realParam(path: string, name: string): string | undefined {
  switch (name) {
    case 'imageId':
      return known.imageId;
    case 'documentId':
      return known.documentId;
    case 'departmentId':
      return known.departmentId;
    case 'carId':
      return known.loanCarId;
    case 'orderId':
      return known.orderId;
    case 'id':
      if (path.startsWith('/api/user/')) return known.userId;
      return path.startsWith('/api/outbox/') ? undefined : known.orderId;
    default:
      return undefined;
  }
}

/** An order call's body (it has the order's sections): the demo order, so a broken field is the only fault. */
function isOrderBody(schema: Schema | null): boolean {
  return Boolean(schema?.properties?.additionalData && schema.properties.timeAndPlace);
}

function fill(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? 'x');
}

function query(values: Record<string, string>): string {
  const parts = Object.entries(values).map(([k, v]) => `${k}=${v}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Every probe for one operation. */
function probesFor(op: Operation): Probe[] {
  const probes: Probe[] = [];
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const sampleValues = Object.fromEntries(pathParams.map((p) => [p.name, encodeURIComponent(String(sample(p.schema, p.name)))]));
  const pathValues = Object.fromEntries(pathParams.map((p) => [p.name, realParam(op.path, p.name) ?? sampleValues[p.name]!]));
  const queryValues = Object.fromEntries(queryParams.map((p) => [p.name, encodeURIComponent(String(sample(p.schema, p.name)))]));
  // Deleting the demo order would change what every later probe of it meets.
  const baseBody = op.body ? (isOrderBody(op.body) && op.method !== 'DELETE' ? known.order : sample(op.body, '')) : undefined;
  const json = { 'content-type': 'application/json' };
  const basePayload = baseBody === undefined ? undefined : JSON.stringify(baseBody);
  const probe = (label: string, urlPath: Record<string, string>, urlQuery: Record<string, string>, extra: Partial<Probe> = {}) =>
    probes.push({ op, label, url: fill(op.path, urlPath) + query(urlQuery), ...(basePayload !== undefined ? { headers: json, payload: basePayload } : {}), ...extra });

  probe('as documented', sampleValues, queryValues);
  if (pathParams.some((p) => realParam(op.path, p.name))) probe('as documented, demo ids', pathValues, queryValues);

  for (const p of pathParams) {
    probe(`path.${p.name}: NUL`, { ...pathValues, [p.name]: encodeURIComponent(NUL) }, queryValues, { expect: { status: 400, type: 'VALIDATION_ERROR', field: p.name } });
    probe(`path.${p.name}: broken UTF-8`, { ...pathValues, [p.name]: 'a%ED%A0%80b' }, queryValues, { expect: { status: 400 } });
    probe(`path.${p.name}: bad escape`, { ...pathValues, [p.name]: 'a%zzb' }, queryValues, { expect: { status: 400 } });
    probe(`path.${p.name}: 200 characters`, { ...pathValues, [p.name]: 'a'.repeat(200) }, queryValues, { expect: { status: 414 } });
    probe(`path.${p.name}: wrong type`, { ...pathValues, [p.name]: '-1.5e999' }, queryValues);
    if (isDateField(p.name, p.schema)) probe(`path.${p.name}: year 0`, { ...pathValues, [p.name]: '0000-01-01' }, queryValues);
  }
  for (const p of queryParams) {
    probe(`query.${p.name}: NUL`, pathValues, { ...queryValues, [p.name]: encodeURIComponent(NUL) }, { expect: { status: 400, type: 'VALIDATION_ERROR', field: p.name } });
    probe(`query.${p.name}: broken UTF-8`, pathValues, { ...queryValues, [p.name]: 'a%ED%A0%80b' });
    probe(`query.${p.name}: bad escape`, pathValues, { ...queryValues, [p.name]: 'a%zzb' });
    probe(`query.${p.name}: 5,000 characters`, pathValues, { ...queryValues, [p.name]: 'a'.repeat(5000) });
    probe(`query.${p.name}: repeated`, pathValues, { ...queryValues, [p.name]: `${queryValues[p.name]}&${p.name}=b` });
    probe(`query.${p.name}: wrong type`, pathValues, { ...queryValues, [p.name]: nonNull(p.schema).type === 'string' ? '' : 'abc' });
    if (isDateField(p.name, p.schema)) {
      probe(`query.${p.name}: year 0`, pathValues, { ...queryValues, [p.name]: '0000-01-01' }, { expect: { status: 400, type: 'VALIDATION_ERROR', field: p.name } });
      probe(`query.${p.name}: 30 February`, pathValues, { ...queryValues, [p.name]: '2026-02-30' }, { expect: { status: 400, type: 'VALIDATION_ERROR', field: p.name } });
    }
  }
  if (op.body) {
    const withBody = (label: string, body: unknown, expect?: Probe['expect']) =>
      probe(label, pathValues, queryValues, { headers: json, payload: JSON.stringify(body), ...(expect ? { expect } : {}) });
    const mutate = (base: unknown, prefix: string, textOnly: boolean) => {
      const places: Array<{ path: string[]; schema: Schema; value: unknown }> = [];
      walk(base, op.body!, [], places);
      for (const place of places) {
        const field = place.path.join('.');
        const at = `${prefix}.${field}`;
        if (place.schema.type === 'string') {
          withBody(`${at}: NUL`, setAt(base, place.path, NUL), { status: 400, type: 'VALIDATION_ERROR', field });
          withBody(`${at}: lone surrogate`, setAt(base, place.path, LONE_SURROGATE), { status: 400, type: 'VALIDATION_ERROR', field });
          if (!textOnly && isDateField(place.path[place.path.length - 1] ?? '', place.schema)) {
            withBody(`${at}: year 0`, setAt(base, place.path, '0000-01-01T00:00:00'));
            withBody(`${at}: 30 February`, setAt(base, place.path, '2026-02-30T00:00:00'));
            withBody(`${at}: year 99999`, setAt(base, place.path, '99999-01-01T00:00:00'));
          }
        }
        if (textOnly || place.path.length === 0) continue;
        for (const wrong of wrongTypes(place.schema)) withBody(`${at}: ${JSON.stringify(wrong)}`, setAt(base, place.path, wrong));
        if (place.schema.type === 'object') withBody(`${at}: null`, setAt(base, place.path, null));
      }
    };
    mutate(baseBody, 'body', false);
    // The demo order leaves some lists empty: the document's own sample fills every one of them.
    if (baseBody === known.order) mutate(sample(op.body, ''), 'sample body', true);
    withBody('body: a NUL in a key', { ...(baseBody as object), ['k\u0000']: 'x' }, { status: 400, type: 'VALIDATION_ERROR' });
    for (const [label, payload] of [
      ['body: malformed JSON', '{"a":'],
      ['body: empty', ''],
      ['body: an array', '[]'],
      ['body: null', 'null'],
      ['body: a string', '"abc"'],
      ['body: a number', '1'],
      ['body: __proto__', '{"__proto__":{"x":1}}'],
      ['body: 2,000 levels deep', '['.repeat(2000) + ']'.repeat(2000)],
    ] as const) {
      probe(label, pathValues, queryValues, { headers: json, payload });
    }
  }
  if (op.method !== 'GET') {
    const parts = '--x\r\nContent-Disposition: form-data; name="orderId"\r\n\r\nabc\r\n--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG';
    probe('multipart: no boundary', pathValues, queryValues, { headers: { 'content-type': 'multipart/form-data' }, payload: `${parts}\r\n--x--\r\n` });
    probe('multipart: cut off before the last boundary', pathValues, queryValues, { headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: parts });
    probe('multipart: empty', pathValues, queryValues, { headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '' });
    if (op.multipart) {
      const field = (name: string, value: string) => `--x\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      // Bytes as written (latin1), so a PNG signature stays one.
      const form = (body: string) => ({ headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: Buffer.from(`${body}--x--\r\n`, 'latin1') });
      const png = '\x89PNG\r\n\x1a\n\0\0\0\rIHDR';
      const file = (bytes: string, type = 'image/png') => `--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: ${type}\r\n\r\n${bytes}\r\n`;
      const fields = (values: Record<string, string>) => Object.entries(values).map(([k, v]) => field(k, v)).join('');
      const worker = (known.order as { additionalData?: { worker?: string } }).additionalData?.worker ?? SOME_UUID;
      const good = { orderId: known.orderId, imageType: 'CUSTOM', fileName: 'a.png', type: 'PRAISE', subType: 'Flot arbejde', description: 'x', userId: worker, userName: 'x' };
      for (const [label, body] of [
        ['a forged PNG', fields(good) + file(png)],
        ['a real PNG', fields(good) + file(Buffer.from(TINY_PNG, 'base64').toString('latin1'))],
        ['no file', fields(good)],
        ['an empty file', fields(good) + file('')],
        ['a text file', fields(good) + file('hello', 'text/plain')],
        ['an unknown order', fields({ ...good, orderId: SOME_UUID }) + file(png)],
        ['an order id that is no id', fields({ ...good, orderId: 'abc' }) + file(png)],
        ['an unknown image type', fields({ ...good, imageType: 'NOT_A_VALUE', type: 'NOT_A_VALUE' }) + file(png)],
        ['a user id that is no id', fields({ ...good, userId: 'abc' }) + file(png)],
        ['two files', fields(good) + file(png) + file(png)],
      ] as const) {
        probe(`multipart: ${label}`, pathValues, queryValues, form(body));
      }
      probe('multipart: NUL in a field', pathValues, queryValues, { ...form(field('orderId', NUL) + field('description', NUL)), expect: { status: 400, type: 'VALIDATION_ERROR', field: 'orderId' } });
      probe('multipart: NUL in a file name', pathValues, queryValues, {
        ...form('--x\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n'),
        expect: { status: 400 },
      });
    }
  }
  return probes;
}

/** What the app keeps (sessions and login attempts aside): a digest per table, to show a refusal changed none of it. */
const KEPT_TABLES = ['orders', 'order_items', 'users', 'feedback', 'order_images', 'signed_documents', 'outbox', 'order_journal', 'order_logs', 'loan_car_damages', 'reasons'];

async function stateOf(): Promise<Record<string, string>> {
  const state: Record<string, string> = {};
  for (const table of KEPT_TABLES) {
    const { rows } = await ctx.database.pool.query<{ md5: string }>(`select md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as md5 from ${table} x`);
    state[table] = rows[0]!.md5;
  }
  return state;
}

async function send(app: FastifyInstance, cookie: string, probe: Probe): Promise<Outcome> {
  const start = Date.now();
  // An event stream (server-sent events) never ends when it opens: its head is the answer; a refusal ends as usual.
  const eventStream = app.routeAccess.some((r) => r.eventStream && r.method === probe.op.method && r.url.replace(/:(\w+)/g, '{$1}') === probe.op.path);
  const response = await app.inject({
    method: probe.op.method as 'GET',
    url: probe.url,
    headers: { cookie, ...probe.headers },
    ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
    payloadAsStream: eventStream,
  });
  if (!eventStream) return { probe, status: response.statusCode, body: response.body, ms: Date.now() - start };
  const stream = response.stream();
  if (response.statusCode === 200) {
    stream.destroy();
    return { probe, status: 200, body: '', ms: Date.now() - start };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return { probe, status: response.statusCode, body: Buffer.concat(chunks).toString('utf8'), ms: Date.now() - start };
}

/** Runs the probes a few at a time (the database and the two cores are shared). */
async function sendAll(app: FastifyInstance, probes: Probe[], cookieOf: (probe: Probe) => Promise<string>): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const probe = probes[next++]!;
      outcomes.push(await send(app, await cookieOf(probe), probe));
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return outcomes;
}

function opKey(op: Operation): string {
  return `${op.method} ${op.path}`;
}

/** What is wrong with an answer, or null. */
function problemOf(outcome: Outcome): string | null {
  const { probe, status } = outcome;
  if (status >= 500) {
    return KNOWN_500.some((k) => k.op === opKey(probe.op) && k.label.test(probe.label)) ? null : `answers ${status}: ${outcome.body.slice(0, 300)}`;
  }
  if (outcome.ms > 5000) return `takes ${outcome.ms} ms`;
  if (status < 400) return probe.expect ? `answers ${status}, expected ${probe.expect.status}` : null;
  let body: unknown;
  try {
    body = JSON.parse(outcome.body);
  } catch {
    return `answers ${status} without a JSON body: ${outcome.body.slice(0, 120)}`;
  }
  const parsed = ZApiError.strict().safeParse(body);
  if (!parsed.success || parsed.data.status !== status) return `answers ${status} outside the error shape: ${outcome.body.slice(0, 200)}`;
  const expected = probe.expect;
  // A route the administrator may not call refuses before it reads anything.
  if (!expected || status === 403) return null;
  if (status !== expected.status) return `answers ${status} (${parsed.data.message}), expected ${expected.status}`;
  if (expected.type && parsed.data.type !== expected.type) return `answers type ${parsed.data.type}, expected ${expected.type}`;
  if (expected.field !== undefined && !parsed.data.errors?.[expected.field]?.length) return `names no error for ${expected.field}: ${outcome.body.slice(0, 200)}`;
  return null;
}

describe('every operation of the OpenAPI document, sent malformed input', () => {
  it('answers no 5xx, refuses in the error shape, and saves nothing', async () => {
    const operations = await readOperations(ctx.app);
    expect(operations.length).toBeGreaterThan(60);
    expect(operations.filter((op) => op.multipart).map(opKey).sort()).toEqual([
      'POST /api/oldpricelist/import',
      'PUT /api/SignedPDF/SignCalibrationChallenges/{id}',
      'PUT /api/SignedPDF/SignLoanCar/{orderId}/{carId}',
      'PUT /api/feedback/CreateFeedback',
      'PUT /api/media',
    ]);
    const all = operations.flatMap(probesFor);
    const refused = all.filter((p) => /NUL|surrogate/.test(p.label));
    // The calls as documented go last: some of them change the demo rows the others use.
    const rest = all.filter((p) => !refused.includes(p));
    const others = [...rest.filter((p) => !p.label.startsWith('as documented')), ...rest.filter((p) => p.label.startsWith('as documented'))];
    // Logging out ends the session it is called with: those calls get one of their own.
    const adminId = (await ctx.database.pool.query<{ id: string }>(`select id from users where initials = 'ADM'`)).rows[0]!.id;
    const cookieOf = (probe: Probe) => (probe.op.path === '/api/user/logout' ? cookieFor(ctx, adminId) : Promise.resolve(admin));

    const before = await stateOf();
    const outcomes = await sendAll(ctx.app, refused, cookieOf);
    expect(await stateOf()).toEqual(before);
    outcomes.push(...(await sendAll(ctx.app, others, cookieOf)));
    expect(refused.length).toBeGreaterThan(500);

    const problems = outcomes.map((o) => ({ o, problem: problemOf(o) })).filter((x) => x.problem !== null).map(({ o, problem }) => `${opKey(o.probe.op)} [${o.probe.label}] ${problem}`);
    const stale = KNOWN_500.filter((k) => !outcomes.some((o) => o.status >= 500 && k.op === opKey(o.probe.op) && k.label.test(o.probe.label))).map(
      (k) => `KNOWN_500 entry no longer answers 500, remove it: ${k.op} ${String(k.label)}`,
    );
    expect([...problems, ...stale]).toEqual([]);
  }, 120_000);
});

/** An answer parsed as the error shape, or a failure naming what came instead. */
function errorBody(response: { statusCode: number; body: string }) {
  const parsed = ZApiError.strict().safeParse(JSON.parse(response.body));
  expect(parsed.success, response.body).toBe(true);
  expect(parsed.data!.status).toBe(response.statusCode);
  return parsed.data!;
}

describe('text no field may hold', () => {
  const json = (payload: unknown) => ({ headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

  it('refuses a NUL or a lone surrogate in the login, the password reset, a search and an order field, naming the field', async () => {
    for (const text of [NUL, LONE_SURROGATE]) {
      const loginAnswer = await ctx.app.inject({ method: 'POST', url: '/api/user/login', ...json({ Email: text, Password: 'demo1234' }) });
      expect(loginAnswer.statusCode).toBe(400);
      expect(errorBody(loginAnswer)).toMatchObject({ type: 'VALIDATION_ERROR', errors: { Email: [INVALID_TEXT] } });

      const reset = await ctx.app.inject({ method: 'POST', url: '/api/user/resetpassword', ...json({ Identifier: text }) });
      expect(errorBody(reset)).toMatchObject({ status: 400, errors: { Identifier: [INVALID_TEXT] } });

      const search = await ctx.app.inject({ method: 'POST', url: '/api/order/orders', headers: { cookie: admin, 'content-type': 'application/json' }, payload: JSON.stringify({ freeText: text }) });
      expect(errorBody(search)).toMatchObject({ status: 400, errors: { freeText: [INVALID_TEXT] } });

      const order = known.order as { customer: Record<string, unknown> };
      const save = await ctx.app.inject({
        method: 'PUT',
        url: '/api/order/order',
        headers: { cookie: admin, 'content-type': 'application/json' },
        payload: JSON.stringify({ ...order, customer: { ...order.customer, name: `Ida ${text}` } }),
      });
      expect(errorBody(save)).toMatchObject({ status: 400, type: 'VALIDATION_ERROR', errors: { 'customer.name': [INVALID_TEXT] } });
    }
    const stored = await ctx.app.inject({ method: 'GET', url: `/api/order/order/${known.orderId}`, headers: { cookie: admin } });
    expect(stored.json().customer.name).toBe((known.order as { customer: { name: string } }).customer.name);
  });

  it('refuses them in the query and the path as well', async () => {
    const query = await ctx.app.inject({ method: 'GET', url: '/api/departments/address?input=a%00b&onlyZip=false', headers: { cookie: admin } });
    expect(errorBody(query)).toMatchObject({ status: 400, errors: { input: [INVALID_TEXT] } });
    const path = await ctx.app.inject({ method: 'GET', url: '/api/oldpricelist/search/a%00b', headers: { cookie: admin } });
    expect(errorBody(path)).toMatchObject({ status: 400, errors: { term: [INVALID_TEXT] } });
  });

  it('names a bad key with U+FFFD in place of the character', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/user/login', ...json({ Email: 'ADM', Password: 'demo1234', ['x\u0000']: 1 }) });
    expect(errorBody(response)).toMatchObject({ status: 400, errors: { 'x\uFFFD': [INVALID_TEXT] } });
  });

  it('refuses them in a header, and ignores a session cookie that holds one (401, not 500)', async () => {
    const agent = await ctx.app.inject({ method: 'POST', url: '/api/user/login', headers: { 'user-agent': 'curl\u0000' }, payload: { Email: 'ADM', Password: 'demo1234' } });
    expect(errorBody(agent)).toMatchObject({ status: 400, type: 'VALIDATION_ERROR', errors: { 'headers.user-agent': [INVALID_TEXT] } });
    for (const cookie of ['rudeplan_session=a%00b', 'rudeplan_session=a%ED%A0%80b', 'rudeplan_session=%zz']) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/user/userinfo', headers: { cookie } });
      expect(response.statusCode, cookie).toBe(401);
      expect(errorBody(response).type).toBe('UNAUTHORIZED_ERROR');
    }
  });

  it('refuses them in a multipart field with the field named', async () => {
    const form = new FormData();
    form.append('orderId', known.orderId);
    form.append('imageType', `CUSTOM${NUL}`);
    form.append('file', new Blob([Buffer.from(TINY_PNG, 'base64')], { type: 'image/png' }), 'a.png');
    const response = await ctx.app.inject({ method: 'PUT', url: '/api/media', headers: { cookie: admin }, payload: form });
    expect(errorBody(response)).toMatchObject({ status: 400, type: 'VALIDATION_ERROR', errors: { imageType: [INVALID_TEXT] } });
  });
});

describe('dates and choices', () => {
  it('answers a fromDate of year 0 (or 30 February) with a field error, not a database error', async () => {
    for (const fromDate of ['0000-01-01T00:00:00', '1899-12-31T00:00:00', '2026-02-30T00:00:00']) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/order/orders', headers: { cookie: admin }, payload: { fromDate } });
      expect(errorBody(response), fromDate).toMatchObject({ status: 400, type: 'VALIDATION_ERROR', errors: { fromDate: ['Field must be a date dd/MM-YYYY'] } });
    }
    const report = await ctx.app.inject({ method: 'GET', url: '/api/report?from=0000-01-01&to=2026-01-01', headers: { cookie: admin } });
    expect(errorBody(report)).toMatchObject({ status: 400, errors: { from: ['Vælg en fra- og en til-dato'] } });
  });

  it("says an unknown choice is not allowed (and a missing one that it is required)", async () => {
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/order/orders', headers: { cookie: admin }, payload: { status: 'NOPE', orderSortType: 7 } });
    expect(errorBody(unknown)).toMatchObject({ status: 400, errors: { status: ['Værdien er ikke tilladt'], orderSortType: ['Værdien er ikke tilladt'] } });
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/sms/send', headers: { cookie: admin }, payload: { orderId: known.orderId } });
    expect(errorBody(missing)).toMatchObject({ status: 400, errors: { kind: ['Feltet er påkrævet'] } });
  });
});

describe("Fastify's own refusals", () => {
  it('answers a path parameter over 100 characters with 414 in the error shape', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/order/order/${'a'.repeat(101)}`, headers: { cookie: admin } });
    expect(response.statusCode).toBe(414);
    expect(errorBody(response)).toEqual({ status: 414, type: 'GENERIC_ERROR', message: 'Adressen er for lang', errors: null, stackTrace: null });
  });

  it('answers a bad percent escape in the path with 400 in the error shape', async () => {
    for (const url of ['/api/order/order/%zz', '/api/oldpricelist/search/a%E0%A4%A', '/api/zipcode/%ED%A0%80']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { cookie: admin } });
      expect(response.statusCode, url).toBe(400);
      expect(errorBody(response)).toMatchObject({ type: 'GENERIC_ERROR', message: 'Adressen er ugyldig' });
    }
  });

  it('answers a multipart body without a boundary, or cut off, with 400 on every upload', async () => {
    const parts = '--x\r\nContent-Disposition: form-data; name="orderId"\r\n\r\nabc\r\n--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n';
    for (const url of ['/api/media', `/api/SignedPDF/SignCalibrationChallenges/${known.orderId}`, `/api/SignedPDF/SignLoanCar/${known.orderId}/${known.loanCarId}`, '/api/feedback/CreateFeedback']) {
      for (const [type, payload] of [
        ['multipart/form-data', `${parts}x\r\n--x--\r\n`],
        ['multipart/form-data; boundary=x', parts],
      ] as const) {
        const response = await ctx.app.inject({ method: 'PUT', url, headers: { cookie: admin, 'content-type': type }, payload });
        expect(response.statusCode, `${url} ${type}`).toBe(400);
        expect(errorBody(response)).toMatchObject({ type: 'GENERIC_ERROR', message: 'Formularen kunne ikke læses' });
      }
    }
  });
});

describe('a real listening server', () => {
  let port: number;
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });

  /** One raw HTTP/1.1 request; resolves with the answer's status, body and time, however the connection ends. */
  function request(path: string, headers: Record<string, string>): Promise<{ status: number; body: string; ms: number }> {
    return new Promise((resolve, reject) => {
      const start = Date.now();
      const req = http.request({ host: '127.0.0.1', port, path, headers: { connection: 'close', ...headers }, timeout: 8000 }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ms: Date.now() - start }));
      });
      req.on('timeout', () => req.destroy(new Error(`no answer to ${path.slice(0, 60)}… within 8 s`)));
      req.on('error', reject);
      req.end();
    });
  }

  it('answers a 10–16 KB URL from a signed-in user at once, in the error shape', async () => {
    for (let size = 10_000; size <= 17_000; size += 1000) {
      for (const prefix of ['/api/order/order/', '/api/product/searchitems?search=', '/api/oldpricelist/search/', '/api/no/such?x=']) {
        const answer = await request(prefix + 'a'.repeat(size), { cookie: admin });
        const label = `${prefix} + ${size}`;
        expect(answer.ms, label).toBeLessThan(2000);
        expect(answer.status, label).toBeGreaterThanOrEqual(400);
        expect(answer.status, label).toBeLessThan(500);
        expect(errorBody({ statusCode: answer.status, body: answer.body })).toMatchObject({ type: expect.any(String) });
      }
    }
  });

  it('answers a URL over the header limit with 431 in the error shape', async () => {
    const answer = await request(`/api/order/order/${'a'.repeat(20_000)}`, { cookie: admin });
    expect(answer.status).toBe(431);
    expect(errorBody({ statusCode: answer.status, body: answer.body })).toMatchObject({ type: 'GENERIC_ERROR', message: 'Adressen eller forespørgslens headere er for lange' });
  });
});
