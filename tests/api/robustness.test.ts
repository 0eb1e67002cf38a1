import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingKind } from '@/domain/booking';
import { type TApiError, ZApiError } from '@/domain/lib/api-error';
import type { TOrderType } from '@/domain/orders';
import { ZERO_GUID } from '@/domain/lib/guid';
import { findSlot, type FoundSlot } from '../helpers/orders';
import { cookieFor, createTestApp, login, type TestContext } from '../helpers/test-app';

/**
 * Issue 10, "the server is the authority", and issue 17, "hostile input": every operation of the app's own OpenAPI
 * document is sent, as a signed-in administrator and anonymously, a NUL character and a lone surrogate in every
 * text it declares, 100 KB texts, path traversal, SQL-ish and odd Unicode texts, numbers beyond every edge, an
 * over-long path parameter, broken multipart bodies, malformed JSON, wrong content types, unknown fields and wrong
 * types; a handful of write operations are then sent arbitrary bodies (fast-check). No answer may be a 5xx, every
 * refusal uses the error shape, nothing may hang, a refused request changes no row, an anonymous one none at all,
 * and the server is healthy afterwards.
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
  /** The answer must be exactly this (a refusal at the edge), not just any 4xx. Such a probe changes no row. */
  expect?: { status: number; type?: string; field?: string };
  /** The answer must be a refusal, any 4xx (the body has the wrong shape), and change no row. */
  refuse?: boolean;
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
/** Longer than any text field may be: every one is bounded, so this is refused with the field named. */
const TEXT_100_KB = 'x'.repeat(100_000);
/** Valid text that has broken other programs: a field may hold it, or refuse it in the error shape. */
const HOSTILE_TEXT: ReadonlyArray<readonly [string, string]> = [
  ['path traversal', '../../etc/passwd'],
  ['path traversal with backslashes', '..\\..\\windows\\win.ini'],
  ['SQL', "' OR 1=1 --"],
  ['an SQL statement', '"; drop table orders; --'],
  ['LIKE wildcards', '%_%'],
  // A right-to-left override, a zero-width joiner (in an emoji sequence), combining marks and a 4-byte character.
  ['odd Unicode', 'A\u202Eevil\u200D\u{1F469}\u200D\u{1F527}e\u0301\u0327 \u{1D11E}'],
];
/** Traversal written into a URL as it is, for a router or a file route that decodes it itself. */
const TRAVERSAL_IN_URL: ReadonlyArray<readonly [string, string]> = [
  ['path traversal as is', '../../etc/passwd'],
  ['path traversal as %2e%2e%2f', '%2e%2e%2f%2e%2e%2fetc%2fpasswd'],
  ['path traversal as ..%5c', '..%5c..%5cwindows%5cwin.ini'],
  ['path traversal double-encoded', '%252e%252e%252fetc%252fpasswd'],
];
/**
 * Numbers past every edge, as JSON literals: past the largest safe integer, the largest one (and 2³¹, past a
 * PostgreSQL integer), the most negative double, NaN (a string: JSON has none), 1e309 (parsed as Infinity) and -0.
 */
const EDGE_NUMBERS = ['9007199254740993', '9007199254740991', '2147483648', '-2147483649', '-1e308', '"NaN"', '1e309', '-0'];
/** A value only an unknown field carries: found in no table afterwards, or an unknown field was stored. */
const UNKNOWN_MARKER = 'zz-unknown-field-4f2c';
/** Tables written by every request or every login attempt by design: left out of "no row changed". */
const VOLATILE_TABLES = ['sessions', 'auth_attempts'];

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
  /** That department as GET /api/departments/departments answers it: the body of the department save. */
  department: unknown;
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
  const departmentId = await one(`select department_id as id from loan_cars order by reg_number limit 1`);
  const departments = (
    await ctx.app.inject({ method: 'GET', url: '/api/departments/departments', headers: { cookie: admin } })
  ).json() as Array<{ id: string }>;
  known = {
    orderId,
    order,
    userId: await one(`select id from users where initials = 'KS'`),
    departmentId,
    department: departments.find((d) => d.id === departmentId),
    loanCarId: await one(`select id from loan_cars order by reg_number limit 1`),
    imageId: await one(`select id from order_images limit 1`),
    documentId: await one(`select id from signed_documents limit 1`),
  };
  await recordWrites();
});
afterAll(() => ctx.close());

async function readOperations(app: FastifyInstance): Promise<Operation[]> {
  const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
  const doc = response.json() as {
    paths: Record<
      string,
      Record<string, { summary?: string; parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } }>
    >;
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
      if (/^vin$/i.test(name)) return 'WVWZZZ1KZAW123456';
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
    for (const [key, property] of Object.entries(s.properties ?? {}))
      walk((value as Record<string, unknown>)[key], property, [...path, key], out);
  } else if (s.type === 'array' && Array.isArray(value) && value.length > 0 && s.items) {
    walk(value[0], s.items, [...path, '0'], out);
  }
}

/** A copy of root with value at path; unchanged when a place on the way is no longer an object. */
function setAt(root: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as Record<string, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (!next || typeof next !== 'object') return copy;
    node = next as Record<string, unknown>;
  }
  node[path[path.length - 1]!] = value;
  return copy;
}

/** A JSON body with a literal JSON.stringify cannot write (1e309, -0) at path. */
function withLiteral(root: unknown, path: string[], literal: string): string {
  const mark = '\u0001literal\u0001';
  return JSON.stringify(setAt(root, path, mark)).replace(JSON.stringify(mark), literal);
}

/** Text a free-text field takes: no choice, no id, address or date. */
function isFreeText(name: string, schema: Schema): boolean {
  return schema.type === 'string' && !schema.enum && !schema.format && !schema.pattern && !isDateField(name, schema);
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

/** The calls anyone may send a body read a few KB at most (users.routes.ts): a 100 KB field is refused as too large. */
const SMALL_BODY_OPS = new Set([
  'POST /api/user/login',
  'POST /api/user/resetpassword',
  'POST /api/user/resetpassword/confirm',
  // The booking page's (issue 41), 8 KB each.
  ...['book', 'car', 'manage', 'manage/cancel', 'manage/move', 'manage/offers', 'offers'].map((op) => `POST /api/web-booking/${op}`),
]);

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
    probes.push({
      op,
      label,
      url: fill(op.path, urlPath) + query(urlQuery),
      ...(basePayload !== undefined ? { headers: json, payload: basePayload } : {}),
      ...extra,
    });

  probe('as documented', sampleValues, queryValues);
  if (pathParams.some((p) => realParam(op.path, p.name))) probe('as documented, demo ids', pathValues, queryValues);

  for (const p of pathParams) {
    probe(`path.${p.name}: NUL`, { ...pathValues, [p.name]: encodeURIComponent(NUL) }, queryValues, {
      expect: { status: 400, type: 'VALIDATION_ERROR', field: p.name },
    });
    probe(`path.${p.name}: broken UTF-8`, { ...pathValues, [p.name]: 'a%ED%A0%80b' }, queryValues, { expect: { status: 400 } });
    probe(`path.${p.name}: bad escape`, { ...pathValues, [p.name]: 'a%zzb' }, queryValues, { expect: { status: 400 } });
    probe(`path.${p.name}: 200 characters`, { ...pathValues, [p.name]: 'a'.repeat(200) }, queryValues, { expect: { status: 414 } });
    probe(`path.${p.name}: wrong type`, { ...pathValues, [p.name]: '-1.5e999' }, queryValues);
    if (isDateField(p.name, p.schema)) probe(`path.${p.name}: year 0`, { ...pathValues, [p.name]: '0000-01-01' }, queryValues);
    probe(`path.${p.name}: 100 KB`, { ...pathValues, [p.name]: TEXT_100_KB }, queryValues, { expect: { status: 414 } });
    for (const [label, text] of HOSTILE_TEXT)
      probe(`path.${p.name}: ${label}`, { ...pathValues, [p.name]: encodeURIComponent(text) }, queryValues);
    for (const [label, raw] of TRAVERSAL_IN_URL) probe(`path.${p.name}: ${label}`, { ...pathValues, [p.name]: raw }, queryValues);
    for (const n of EDGE_NUMBERS)
      probe(`path.${p.name}: ${n}`, { ...pathValues, [p.name]: encodeURIComponent(n.replace(/"/g, '')) }, queryValues);
  }
  for (const p of queryParams) {
    probe(
      `query.${p.name}: NUL`,
      pathValues,
      { ...queryValues, [p.name]: encodeURIComponent(NUL) },
      { expect: { status: 400, type: 'VALIDATION_ERROR', field: p.name } },
    );
    probe(`query.${p.name}: broken UTF-8`, pathValues, { ...queryValues, [p.name]: 'a%ED%A0%80b' });
    probe(`query.${p.name}: bad escape`, pathValues, { ...queryValues, [p.name]: 'a%zzb' });
    probe(`query.${p.name}: 5,000 characters`, pathValues, { ...queryValues, [p.name]: 'a'.repeat(5000) });
    probe(`query.${p.name}: repeated`, pathValues, { ...queryValues, [p.name]: `${queryValues[p.name]}&${p.name}=b` });
    probe(`query.${p.name}: wrong type`, pathValues, { ...queryValues, [p.name]: nonNull(p.schema).type === 'string' ? '' : 'abc' });
    if (isDateField(p.name, p.schema)) {
      probe(
        `query.${p.name}: year 0`,
        pathValues,
        { ...queryValues, [p.name]: '0000-01-01' },
        { expect: { status: 400, type: 'VALIDATION_ERROR', field: p.name } },
      );
      probe(
        `query.${p.name}: 30 February`,
        pathValues,
        { ...queryValues, [p.name]: '2026-02-30' },
        { expect: { status: 400, type: 'VALIDATION_ERROR', field: p.name } },
      );
    }
    probe(
      `query.${p.name}: 100 KB`,
      pathValues,
      { ...queryValues, [p.name]: TEXT_100_KB },
      { expect: { status: 400, type: 'VALIDATION_ERROR', field: p.name } },
    );
    for (const [label, text] of HOSTILE_TEXT)
      probe(`query.${p.name}: ${label}`, pathValues, { ...queryValues, [p.name]: encodeURIComponent(text) });
    for (const [label, raw] of TRAVERSAL_IN_URL) probe(`query.${p.name}: ${label}`, pathValues, { ...queryValues, [p.name]: raw });
    for (const n of EDGE_NUMBERS) probe(`query.${p.name}: ${n}`, pathValues, { ...queryValues, [p.name]: n.replace(/"/g, '') });
  }
  if (op.body) {
    const withBody = (label: string, body: unknown, expect?: Probe['expect']) =>
      probe(label, pathValues, queryValues, { headers: json, payload: JSON.stringify(body), ...(expect ? { expect } : {}) });
    const mutate = (base: unknown, prefix: string, textOnly: boolean) => {
      const places: Array<{ path: string[]; schema: Schema; value: unknown }> = [];
      walk(base, op.body!, [], places);
      for (const place of places) {
        const field = place.path.join('.');
        const at = field ? `${prefix}.${field}` : prefix;
        const name = place.path[place.path.length - 1] ?? '';
        if (place.schema.type === 'string') {
          withBody(`${at}: NUL`, setAt(base, place.path, NUL), { status: 400, type: 'VALIDATION_ERROR', field });
          withBody(`${at}: lone surrogate`, setAt(base, place.path, LONE_SURROGATE), { status: 400, type: 'VALIDATION_ERROR', field });
          withBody(
            `${at}: 100 KB`,
            setAt(base, place.path, TEXT_100_KB),
            SMALL_BODY_OPS.has(opKey(op)) ? { status: 413 } : { status: 400, type: 'VALIDATION_ERROR', field },
          );
          if (!textOnly && isFreeText(name, place.schema))
            for (const [label, text] of HOSTILE_TEXT) withBody(`${at}: ${label}`, setAt(base, place.path, text));
          if (!textOnly && isDateField(name, place.schema)) {
            withBody(`${at}: year 0`, setAt(base, place.path, '0000-01-01T00:00:00'));
            withBody(`${at}: 30 February`, setAt(base, place.path, '2026-02-30T00:00:00'));
            withBody(`${at}: year 99999`, setAt(base, place.path, '99999-01-01T00:00:00'));
          }
        }
        if (textOnly) continue;
        if (place.schema.type === 'object' && place.schema.properties && !place.schema.additionalProperties) {
          withBody(`${at}: an unknown field`, setAt(base, place.path, { ...(place.value as object), zzUnknown: UNKNOWN_MARKER }));
        }
        if (place.path.length === 0) continue;
        for (const wrong of wrongTypes(place.schema)) {
          // Another number in a number field may be taken; a value of another type never is.
          const refuse = !((place.schema.type === 'integer' || place.schema.type === 'number') && typeof wrong === 'number');
          probe(`${at}: ${JSON.stringify(wrong)}`, pathValues, queryValues, {
            headers: json,
            payload: JSON.stringify(setAt(base, place.path, wrong)),
            refuse,
          });
        }
        if (place.schema.type === 'object') withBody(`${at}: null`, setAt(base, place.path, null));
        if (place.schema.type === 'integer' || place.schema.type === 'number') {
          for (const n of EDGE_NUMBERS)
            probe(`${at}: ${n}`, pathValues, queryValues, { headers: json, payload: withLiteral(base, place.path, n) });
        }
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
      probe(label, pathValues, queryValues, { headers: json, payload, refuse: true });
    }
    // The JSON text under another name: Fastify knows only JSON (and multipart) and answers 415.
    for (const [type, payload] of [
      ['text/plain', basePayload!],
      ['application/x-www-form-urlencoded', 'a=1&b=2'],
      ['application/xml', '<?xml version="1.0"?><order><id>1</id></order>'],
      [undefined, basePayload!],
    ] as const) {
      probe(`body: content type ${type ?? 'missing'}`, pathValues, queryValues, {
        headers: type ? { 'content-type': type } : {},
        payload,
        expect: { status: 415, type: 'GENERIC_ERROR' },
      });
    }
  }
  if (op.method !== 'GET') {
    const parts =
      '--x\r\nContent-Disposition: form-data; name="orderId"\r\n\r\nabc\r\n--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG';
    probe('multipart: no boundary', pathValues, queryValues, {
      headers: { 'content-type': 'multipart/form-data' },
      payload: `${parts}\r\n--x--\r\n`,
    });
    probe('multipart: cut off before the last boundary', pathValues, queryValues, {
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: parts,
    });
    probe('multipart: empty', pathValues, queryValues, { headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '' });
    if (op.multipart) {
      const field = (name: string, value: string) => `--x\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      // Bytes as written (latin1), so a PNG signature stays one.
      const form = (body: string) => ({
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        payload: Buffer.from(`${body}--x--\r\n`, 'latin1'),
      });
      const png = '\x89PNG\r\n\x1a\n\0\0\0\rIHDR';
      const file = (bytes: string, type = 'image/png') =>
        `--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: ${type}\r\n\r\n${bytes}\r\n`;
      const fields = (values: Record<string, string>) =>
        Object.entries(values)
          .map(([k, v]) => field(k, v))
          .join('');
      const worker = (known.order as { additionalData?: { worker?: string } }).additionalData?.worker ?? SOME_UUID;
      const good = {
        orderId: known.orderId,
        imageType: 'CUSTOM',
        fileName: 'a.png',
        type: 'PRAISE',
        subType: 'Flot arbejde',
        description: 'x',
        userId: worker,
        userName: 'x',
      };
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
      probe('multipart: NUL in a field', pathValues, queryValues, {
        ...form(field('orderId', NUL) + field('description', NUL)),
        expect: { status: 400, type: 'VALIDATION_ERROR', field: 'orderId' },
      });
      probe('multipart: NUL in a file name', pathValues, queryValues, {
        ...form('--x\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n'),
        expect: { status: 400 },
      });
    }
  }
  return probes;
}

/** The app's tables but the volatile ones. */
async function keptTables(): Promise<string[]> {
  const { rows } = await ctx.database.pool.query<{ name: string }>(
    `select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' and relname <> all($1) order by 1`,
    [VOLATILE_TABLES],
  );
  return rows.map((r) => r.name);
}

/** What the app keeps: a digest per table, to show a refusal changed none of it. */
async function stateOf(): Promise<Record<string, string>> {
  const tables = await keptTables();
  const { rows } = await ctx.database.pool.query<{ name: string; md5: string }>(
    tables
      .map((t) => `select '${t}' as name, md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as md5 from "${t}" x`)
      .join(' union all '),
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.md5]));
}

/**
 * Logs every row change in a kept table to fuzz.writes (a trigger in this test's own database), so that one cheap
 * count tells whether a single request changed anything, and which tables.
 */
async function recordWrites(): Promise<void> {
  const tables = await keptTables();
  await ctx.database.pool.query(`
    create schema fuzz;
    create table fuzz.writes (id bigint generated always as identity, tbl text not null, op text not null);
    create function fuzz.log() returns trigger language plpgsql as $$
      begin insert into fuzz.writes (tbl, op) values (TG_TABLE_NAME, TG_OP); return null; end $$;
    ${tables
      .map(
        (t) => `create trigger zz_fuzz_log after insert or update or delete on "${t}" for each row execute function fuzz.log();
      create trigger zz_fuzz_truncate after truncate on "${t}" for each statement execute function fuzz.log();`,
      )
      .join('\n')}`);
}

/** The rows changed so far, as a mark to compare with. */
async function writeMark(): Promise<number> {
  return (await ctx.database.pool.query<{ n: number }>('select coalesce(max(id), 0)::int as n from fuzz.writes')).rows[0]!.n;
}

/** The changes since a mark, e.g. ['orders UPDATE × 1']. */
async function writesSince(mark: number): Promise<string[]> {
  const { rows } = await ctx.database.pool.query<{ what: string }>(
    `select tbl || ' ' || op || ' × ' || count(*) as what from fuzz.writes where id > $1 group by tbl, op order by 1`,
    [mark],
  );
  return rows.map((r) => r.what);
}

async function send(app: FastifyInstance, cookie: string | null, probe: Probe): Promise<Outcome> {
  const start = Date.now();
  // An event stream (server-sent events) never ends when it opens: its head is the answer; a refusal ends as usual.
  const eventStream = app.routeAccess.some(
    (r) => r.eventStream && r.method === probe.op.method && r.url.replace(/:(\w+)/g, '{$1}') === probe.op.path,
  );
  const response = await app.inject({
    method: probe.op.method as 'GET',
    url: probe.url,
    headers: { ...(cookie ? { cookie } : {}), ...probe.headers },
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
async function sendAll(app: FastifyInstance, probes: Probe[], cookieOf: (probe: Probe) => Promise<string | null>): Promise<Outcome[]> {
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

/** The routes anyone may call, as `METHOD /path/{param}`. */
function publicOperations(app: FastifyInstance): Set<string> {
  return new Set(app.routeAccess.filter((r) => r.access === 'public').map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`));
}

/** A 4xx answer's body in the error shape, or what is wrong with it. */
function errorShapeOf(outcome: { status: number; body: string }): { error: TApiError } | { problem: string } {
  let body: unknown;
  try {
    body = JSON.parse(outcome.body);
  } catch {
    return { problem: `answers ${outcome.status} without a JSON body: ${outcome.body.slice(0, 120)}` };
  }
  const parsed = ZApiError.strict().safeParse(body);
  if (!parsed.success || parsed.data.status !== outcome.status)
    return { problem: `answers ${outcome.status} outside the error shape: ${outcome.body.slice(0, 200)}` };
  return { error: parsed.data };
}

/** A traversal written as is that, once the URL is resolved, leads out of /api/: the web app answers it, not the API. */
function leavesApi(probe: Probe): boolean {
  return !new URL(probe.url, 'http://localhost').pathname.startsWith('/api/');
}

/** What is wrong with an answer, or null. */
function problemOf(outcome: Outcome): string | null {
  const { probe, status } = outcome;
  if (status >= 500) {
    return KNOWN_500.some((k) => k.op === opKey(probe.op) && k.label.test(probe.label))
      ? null
      : `answers ${status}: ${outcome.body.slice(0, 300)}`;
  }
  // A hang, not a slow answer: probes go six at a time beside other test files on a 2-core CI host, where a
  // queued login or a GC pause takes seconds. The event loop's own responsiveness is responsiveness.test.ts's.
  if (outcome.ms > 30_000) return `takes ${outcome.ms} ms`;
  // /etc/passwd or win.ini, read through a traversal.
  if (/root:.*:0:0:|\[fonts\]/.test(outcome.body))
    return `answers ${status} with a file from outside the app: ${outcome.body.slice(0, 120)}`;
  if (leavesApi(probe)) return null;
  if (status < 400)
    return probe.expect
      ? `answers ${status}, expected ${probe.expect.status}`
      : probe.refuse
        ? `answers ${status}, expected a refusal`
        : null;
  const shape = errorShapeOf(outcome);
  if ('problem' in shape) return shape.problem;
  const expected = probe.expect;
  // A route the administrator may not call refuses before it reads anything.
  if (!expected || status === 403) return null;
  if (status !== expected.status) return `answers ${status} (${shape.error.message}), expected ${expected.status}`;
  if (expected.type && shape.error.type !== expected.type) return `answers type ${shape.error.type}, expected ${expected.type}`;
  if (expected.field !== undefined && !shape.error.errors?.[expected.field]?.length)
    return `names no error for ${expected.field}: ${outcome.body.slice(0, 200)}`;
  return null;
}

/**
 * What is wrong with an answer to a caller without a session, or null: a route anyone may call answers as it
 * does the administrator; any other answers 401 before it reads anything, unless the router refused the URL
 * itself (a path parameter too long, badly escaped, or a traversal that leads to no route).
 */
function anonymousProblemOf(outcome: Outcome, publicOps: Set<string>): string | null {
  const { probe, status } = outcome;
  if (publicOps.has(opKey(probe.op)) || leavesApi(probe)) return problemOf(outcome);
  if (status < 400 || status >= 500) return `answers ${status} to a caller without a session, expected 401: ${outcome.body.slice(0, 200)}`;
  const shape = errorShapeOf(outcome);
  if ('problem' in shape) return shape.problem;
  if (status === 401 && shape.error.type === 'UNAUTHORIZED_ERROR') return null;
  if (probe.label.startsWith('path.') && [400, 404, 414].includes(status)) return null;
  return `answers ${status} (${shape.error.message}) to a caller without a session, expected 401`;
}

function report(outcomes: Outcome[], problemFor: (outcome: Outcome) => string | null): string[] {
  return outcomes.flatMap((o) => {
    const problem = problemFor(o);
    return problem === null ? [] : [`${opKey(o.probe.op)} [${o.probe.label}] ${problem}`];
  });
}

/** Rows holding the unknown fields' marker, as `table × count`. */
async function rowsWithMarker(): Promise<string[]> {
  const tables = await keptTables();
  const { rows } = await ctx.database.pool.query<{ name: string; n: number }>(
    tables
      .map((t) => `select '${t}' as name, count(*)::int as n from "${t}" x where x::text like '%${UNKNOWN_MARKER}%'`)
      .join(' union all '),
  );
  return rows.filter((r) => r.n > 0).map((r) => `${r.name} × ${r.n}`);
}

let operations: Operation[];
let probes: Probe[];

describe('hostile text that is valid text', () => {
  it('finds no order by it, and is stored and read back unchanged', async () => {
    // Not the demo order the probes below use (they change it).
    const orderId = (
      await ctx.database.pool.query<{ id: string }>(
        `select id from orders where order_status = 'PROCESSING' and id <> $1 order by order_nr limit 1`,
        [known.orderId],
      )
    ).rows[0]!.id;
    const url = `/api/order/order/${orderId}`;
    for (const [label, text] of HOSTILE_TEXT) {
      const search = await ctx.app.inject({
        method: 'POST',
        url: '/api/order/orders',
        headers: { cookie: admin },
        payload: { freeText: text },
      });
      expect(search.statusCode, `${label}: ${search.body}`).toBe(200);
      expect((search.json() as { orders: unknown[] }).orders, label).toEqual([]);
      const order = (await ctx.app.inject({ method: 'GET', url, headers: { cookie: admin } })).json() as {
        customer: Record<string, unknown>;
      };
      const save = await ctx.app.inject({
        method: 'PUT',
        url: '/api/order/order',
        headers: { cookie: admin },
        payload: { ...order, customer: { ...order.customer, name: text, address: text } },
      });
      expect(save.statusCode, `${label}: ${save.body}`).toBe(200);
      const stored = (await ctx.app.inject({ method: 'GET', url, headers: { cookie: admin } })).json() as typeof order;
      expect(stored.customer, label).toMatchObject({ name: text, address: text });
    }
  });
});

describe('every operation of the OpenAPI document, sent malformed input', () => {
  beforeAll(async () => {
    operations = await readOperations(ctx.app);
    probes = operations.flatMap(probesFor);
  });

  it('reads every operation from the document', () => {
    expect(operations.length).toBeGreaterThan(60);
    expect(
      operations
        .filter((op) => op.multipart)
        .map(opKey)
        .sort(),
    ).toEqual([
      'POST /api/oldpricelist/import',
      'PUT /api/SignedPDF/SignCalibrationChallenges/{id}',
      'PUT /api/SignedPDF/SignLoanCar/{orderId}/{carId}',
      'PUT /api/feedback/CreateFeedback',
      'PUT /api/media',
    ]);
    expect(probes.filter((p) => p.expect || p.refuse).length).toBeGreaterThan(3000);
    expect(probes.length).toBeGreaterThan(5000);
  });

  it('answers a caller without a session 401 (a public route as documented), in the error shape, and changes no row', async () => {
    const publicOps = publicOperations(ctx.app);
    expect([...publicOps].sort()).toEqual([
      'GET /api/health',
      'GET /api/user/logout',
      // GatewayAPI's delivery reports, authenticated by their JWT (issue 42).
      'POST /api/outbox/sms/gatewayapi',
      'POST /api/user/login',
      'POST /api/user/resetpassword',
      'POST /api/user/resetpassword/confirm',
      // The booking page (issue 41).
      'POST /api/web-booking/book',
      'POST /api/web-booking/car',
      'POST /api/web-booking/manage',
      'POST /api/web-booking/manage/cancel',
      'POST /api/web-booking/manage/move',
      'POST /api/web-booking/manage/offers',
      'POST /api/web-booking/offers',
    ]);
    const before = await stateOf();
    const mark = await writeMark();
    const outcomes = await sendAll(ctx.app, probes, () => Promise.resolve(null));
    expect(await writesSince(mark)).toEqual([]);
    expect(await stateOf()).toEqual(before);
    expect(report(outcomes, (o) => anonymousProblemOf(o, publicOps))).toEqual([]);
  }, 120_000);

  it('answers the administrator no 5xx, refuses in the error shape, and saves nothing refused', async () => {
    // Probes that must be refused go first, all together, so one look at the tables shows they changed nothing.
    const refused = probes.filter((p) => p.expect || p.refuse);
    // The calls as documented go last: some of them change the demo rows the others use.
    const rest = probes.filter((p) => !p.expect && !p.refuse);
    const others = [
      ...rest.filter((p) => !p.label.startsWith('as documented')),
      ...rest.filter((p) => p.label.startsWith('as documented')),
    ];
    // Logging out ends the session it is called with: those calls get one of their own.
    const adminId = (await ctx.database.pool.query<{ id: string }>(`select id from users where initials = 'ADM'`)).rows[0]!.id;
    const cookieOf = (probe: Probe) => (probe.op.path === '/api/user/logout' ? cookieFor(ctx, adminId) : Promise.resolve(admin));

    const before = await stateOf();
    const mark = await writeMark();
    const outcomes = await sendAll(ctx.app, refused, cookieOf);
    expect(await writesSince(mark)).toEqual([]);
    expect(await stateOf()).toEqual(before);
    outcomes.push(...(await sendAll(ctx.app, others, cookieOf)));

    const stale = KNOWN_500.filter(
      (k) => !outcomes.some((o) => o.status >= 500 && k.op === opKey(o.probe.op) && k.label.test(o.probe.label)),
    ).map((k) => `KNOWN_500 entry no longer answers 500, remove it: ${k.op} ${String(k.label)}`);
    expect([...report(outcomes, problemOf), ...stale]).toEqual([]);
    // An unknown field is dropped (the schemas strip what they do not declare) or refused, never stored.
    expect(await rowsWithMarker()).toEqual([]);
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

      const search = await ctx.app.inject({
        method: 'POST',
        url: '/api/order/orders',
        headers: { cookie: admin, 'content-type': 'application/json' },
        payload: JSON.stringify({ freeText: text }),
      });
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
    const query = await ctx.app.inject({
      method: 'GET',
      url: '/api/departments/address?input=a%00b&onlyZip=false',
      headers: { cookie: admin },
    });
    expect(errorBody(query)).toMatchObject({ status: 400, errors: { input: [INVALID_TEXT] } });
    const path = await ctx.app.inject({ method: 'GET', url: '/api/oldpricelist/search/a%00b', headers: { cookie: admin } });
    expect(errorBody(path)).toMatchObject({ status: 400, errors: { term: [INVALID_TEXT] } });
  });

  it('names a bad key with U+FFFD in place of the character', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      ...json({ Email: 'ADM', Password: 'demo1234', ['x\u0000']: 1 }),
    });
    expect(errorBody(response)).toMatchObject({ status: 400, errors: { 'x\uFFFD': [INVALID_TEXT] } });
  });

  it('refuses them in a header, and ignores a session cookie that holds one (401, not 500)', async () => {
    const agent = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'user-agent': 'curl\u0000' },
      payload: { Email: 'ADM', Password: 'demo1234' },
    });
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
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/order/orders',
        headers: { cookie: admin },
        payload: { fromDate },
      });
      expect(errorBody(response), fromDate).toMatchObject({
        status: 400,
        type: 'VALIDATION_ERROR',
        errors: { fromDate: ['Field must be a date dd/MM-YYYY'] },
      });
    }
    const report = await ctx.app.inject({ method: 'GET', url: '/api/report?from=0000-01-01&to=2026-01-01', headers: { cookie: admin } });
    expect(errorBody(report)).toMatchObject({ status: 400, errors: { from: ['Vælg en fra- og en til-dato'] } });
  });

  it('says an unknown choice is not allowed (and a missing one that it is required)', async () => {
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/order/orders',
      headers: { cookie: admin },
      payload: { status: 'NOPE', orderSortType: 7 },
    });
    expect(errorBody(unknown)).toMatchObject({
      status: 400,
      errors: { status: ['Værdien er ikke tilladt'], orderSortType: ['Værdien er ikke tilladt'] },
    });
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/sms/send',
      headers: { cookie: admin },
      payload: { orderId: known.orderId },
    });
    expect(errorBody(missing)).toMatchObject({ status: 400, errors: { kind: ['Feltet er påkrævet'] } });
  });
});

describe("Fastify's own refusals", () => {
  it('answers a path parameter over 100 characters with 414 in the error shape', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/order/order/${'a'.repeat(101)}`, headers: { cookie: admin } });
    expect(response.statusCode).toBe(414);
    expect(errorBody(response)).toEqual({
      status: 414,
      type: 'GENERIC_ERROR',
      message: 'Adressen er for lang',
      errors: null,
      stackTrace: null,
    });
  });

  it('answers a bad percent escape in the path with 400 in the error shape', async () => {
    for (const url of ['/api/order/order/%zz', '/api/oldpricelist/search/a%E0%A4%A', '/api/zipcode/%ED%A0%80']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { cookie: admin } });
      expect(response.statusCode, url).toBe(400);
      expect(errorBody(response)).toMatchObject({ type: 'GENERIC_ERROR', message: 'Adressen er ugyldig' });
    }
  });

  it('answers a multipart body without a boundary, or cut off, with 400 on every upload', async () => {
    const parts =
      '--x\r\nContent-Disposition: form-data; name="orderId"\r\n\r\nabc\r\n--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n';
    for (const url of [
      '/api/media',
      `/api/SignedPDF/SignCalibrationChallenges/${known.orderId}`,
      `/api/SignedPDF/SignLoanCar/${known.orderId}/${known.loanCarId}`,
      '/api/feedback/CreateFeedback',
    ]) {
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
    expect(errorBody({ statusCode: answer.status, body: answer.body })).toMatchObject({
      type: 'GENERIC_ERROR',
      message: 'Adressen eller forespørgslens headere er for lange',
    });
  });
});

/** A body to send: any JSON as it is, or the operation's valid body with a few places changed. */
type BodyCase = { body: unknown } | { changes: Array<{ at: string; value: unknown }> };

function bodyOf(bodyCase: BodyCase, base: unknown): unknown {
  if ('body' in bodyCase) return bodyCase.body;
  return bodyCase.changes.reduce<unknown>((body, change) => setAt(body, change.at === '' ? [] : change.at.split('.'), change.value), base);
}

/**
 * Bodies a careless or hostile client sends: any JSON, the operation's own fields with values of any type, and
 * the valid body with a few places given any JSON or an edge value (most often, as it reaches the service).
 */
function bodyArbitrary(schema: Schema, base: unknown): fc.Arbitrary<BodyCase> {
  const places: Array<{ path: string[]; schema: Schema; value: unknown }> = [];
  walk(base, schema, [], places);
  const inner = places.filter((p) => p.path.length > 0);
  const json = fc.jsonValue({ maxDepth: 3 });
  const edgy = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 300 }),
    fc.constantFrom<unknown>(
      ...HOSTILE_TEXT.map(([, text]) => text),
      TEXT_100_KB,
      NUL,
      LONE_SURROGATE,
      '',
      ' ',
      '2026-02-30T00:00:00',
      '0000-01-01',
      SOME_UUID,
      ZERO_GUID,
    ),
    fc.double(),
    fc.integer(),
    fc.maxSafeInteger(),
    fc.constantFrom<unknown>(2147483648, -2147483649, 1e308, -0, null, true, [], {}),
  );
  const value = fc.oneof(json, edgy);
  /** A value of the place's own type, at and past its bounds, so that the body often gets past the schema. */
  const typed = (place: Schema): fc.Arbitrary<unknown> => {
    switch (place.type) {
      case 'string':
        return place.enum
          ? fc.constantFrom(...place.enum)
          : fc.oneof(fc.string({ unit: 'grapheme', maxLength: (place.maxLength ?? 50) + 2 }), edgy);
      case 'integer':
        return fc.oneof(
          fc.integer({ min: place.minimum ?? -10, max: Math.min(place.maximum ?? 1000, Number.MAX_SAFE_INTEGER) }),
          fc.maxSafeInteger(),
          fc.constantFrom(2147483648, -2147483649, -1, 0),
        );
      case 'number':
        return fc.oneof(
          fc.double({ min: place.minimum ?? -1e6, max: place.maximum ?? 1e6, noNaN: true }),
          fc.double(),
          fc.constantFrom(2147483648, -1, 0, 0.5),
        );
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.oneof(fc.constant([]), fc.array(value, { maxLength: 3 }));
      default:
        return value;
    }
  };
  const change = fc
    .constantFrom(...inner)
    .chain((place) => fc.oneof(typed(place.schema), value).map((v) => ({ at: place.path.join('.'), value: v })));
  const fields = Object.keys(nonNull(schema).properties ?? {});
  return fc.oneof(
    { arbitrary: json.map((body) => ({ body })), weight: 1 },
    { arbitrary: fc.record(Object.fromEntries(fields.map((f) => [f, value])), { requiredKeys: [] }).map((body) => ({ body })), weight: 2 },
    { arbitrary: fc.array(change, { minLength: 1, maxLength: 4 }).map((changes) => ({ changes })), weight: 7 },
  );
}

/**
 * A failure names the operation, the shrunk body and fast-check's seed: FUZZ_SEED=<seed> replays it, and
 * FUZZ_RUNS=2000 hunts longer than the 100 runs per operation (25 for the others) of an ordinary run. An ordinary run
 * uses one fixed seed, so CI judges every commit on the same bodies; FUZZ_SEED=random draws new ones.
 */
describe('arbitrary bodies for the main write operations (fast-check)', () => {
  const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
  const SEED = process.env.FUZZ_SEED === 'random' ? {} : { seed: Number(process.env.FUZZ_SEED ?? 20_261_126) };
  type TOrderBody = { additionalData: Record<string, unknown>; customer: Record<string, unknown>; timeAndPlace: Record<string, unknown> };
  const getOrder = async () =>
    (await ctx.app.inject({ method: 'GET', url: `/api/order/order/${known.orderId}`, headers: { cookie: admin } })).json() as TOrderBody;
  let slot: FoundSlot | undefined;
  let users = 0;
  /** Each operation with its URL and the valid body a client would send (read again before each run: a save changes it). */
  const targets: Array<{ op: string; url: string; base: () => Promise<unknown> }> = [
    {
      op: 'POST /api/order/order',
      url: '/api/order/order',
      // The demo order as a new offer (its own id is an order already booked) in a free place, with an e-mail.
      base: async () => {
        const order = await getOrder();
        // A slot of the kind the order books: which demo order comes first (a windscreen or a stone chip) follows the date.
        const kind = bookingKind(order.additionalData.orderType as TOrderType) === 'STONE_CHIP' ? 'stoneChipSlots' : 'windowReplaceSlots';
        slot ??= await findSlot(ctx.app, admin, (order.timeAndPlace.department as { id: string }).id, kind);
        return {
          ...order,
          additionalData: { ...order.additionalData, orderId: ZERO_GUID, orderStatus: 'OFFER' },
          customer: { ...order.customer, email: 'robust@rudeplan.dk' },
          timeAndPlace: { ...order.timeAndPlace, date: slot.date, from: slot.slot.from, to: slot.slot.to, timeSlotId: slot.slot.id },
        };
      },
    },
    { op: 'PUT /api/order/order', url: '/api/order/order', base: getOrder },
    {
      op: 'POST /api/user/register',
      url: '/api/user/register',
      // New initials, e-mail and phone each time: a user created before holds the last ones.
      base: async () => ({
        name: 'Robust Fuzz',
        initials: `Z${++users}`,
        phone: String(20_000_000 + users),
        email: `robust${users}@rudeplan.dk`,
        roles: ['CustomerService'],
        departmentGuid: known.departmentId,
        calendarDepartmentGuid: known.departmentId,
        allowSMS: true,
        allowEmail: true,
        password: 'demo12345',
        confirmPassword: 'demo12345',
      }),
    },
    { op: 'PUT /api/departments/departments', url: '/api/departments/departments', base: async () => known.department },
    {
      op: 'POST /api/departments/addOrUpdateTimeslot/{departmentId}/{type}',
      url: `/api/departments/addOrUpdateTimeslot/{departmentId}/WINDOW_REPLACE`,
      base: async () => ({
        id: '',
        day: 2,
        date: null,
        from: 8,
        to: 9,
        maxBookings: 1,
        reperationTime: 0,
        stoneChipAlternativeWinReplace: 0,
        hasFreeCar: false,
      }),
    },
    {
      op: 'POST /api/timeslot/{departmentId}/{year}/{month}',
      url: '/api/timeslot/{departmentId}/2026/3',
      base: async () => ({ OrderType: 'REPLACE_FRONT', zipCode: '8000' }),
    },
  ];

  beforeAll(async () => {
    operations = await readOperations(ctx.app);
  });

  /** Sends runs arbitrary bodies to an operation; fails on a 5xx, a refusal outside the error shape or a refusal that changed a row. */
  async function checkBodies(op: Operation, url: string, base: () => Promise<unknown>, runs: number): Promise<Map<number, number>> {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(bodyArbitrary(op.body!, await base()), async (bodyCase) => {
        const payload = JSON.stringify(bodyOf(bodyCase, await base())) ?? '';
        const mark = await writeMark();
        const response = await ctx.app.inject({
          method: op.method as 'POST',
          url,
          headers: { cookie: admin, 'content-type': 'application/json' },
          payload,
        });
        const status = response.statusCode;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status >= 500) throw new Error(`${opKey(op)} answers ${status}: ${response.body.slice(0, 300)}`);
        if (status < 400) return;
        const shape = errorShapeOf({ status, body: response.body });
        if ('problem' in shape) throw new Error(`${opKey(op)} ${shape.problem}`);
        const writes = await writesSince(mark);
        if (writes.length) throw new Error(`${opKey(op)} answers ${status} (${shape.error.message}) but changed ${writes.join(', ')}`);
      }),
      // The valid body first: the runs after it start from a body that reaches the service.
      { numRuns: runs, examples: [[{ changes: [] }]], ...SEED },
    );
    return statuses;
  }

  for (const target of targets) {
    it(
      `${target.op}: no 5xx, every refusal in the error shape and changing no row`,
      async () => {
        const op = operations.find((o) => opKey(o) === target.op);
        expect(op?.body, target.op).toBeTruthy();
        const statuses = await checkBodies(op!, target.url.replace('{departmentId}', known.departmentId), target.base, RUNS);
        // Both sides ran: bodies accepted (the valid one at least) and bodies refused.
        expect(
          [...statuses.keys()].some((s) => s < 300),
          `${target.op}: ${JSON.stringify([...statuses])}`,
        ).toBe(true);
        expect(
          [...statuses.keys()].some((s) => s >= 400),
          `${target.op}: ${JSON.stringify([...statuses])}`,
        ).toBe(true);
      },
      30_000 + RUNS * 300,
    );
  }

  it(
    "every other operation with a JSON body, a few runs each, from the document's own sample",
    async () => {
      const others = operations.filter((op) => op.body && !targets.some((t) => t.op === opKey(op)));
      expect(others.length).toBeGreaterThan(30);
      for (const op of others) {
        const values = Object.fromEntries(
          op.parameters
            .filter((p) => p.in === 'path')
            .map((p) => [p.name, realParam(op.path, p.name) ?? encodeURIComponent(String(sample(p.schema, p.name)))]),
        );
        const base = isOrderBody(op.body) && op.method !== 'DELETE' ? known.order : sample(op.body!, '');
        await checkBodies(op, fill(op.path, values), async () => base, Math.ceil(RUNS / 4));
      }
    },
    30_000 + RUNS * 600,
  );
});

describe('bodies the fuzzing found answered 500 (a database error), now refused naming the field', () => {
  const cases: Array<{ what: string; method: 'POST' | 'PUT'; url: () => string; body: () => unknown; field: string }> = [
    {
      what: 'a closed opening-hours row whose from is after its to (the table checks from <= to)',
      method: 'PUT',
      url: () => '/api/departments/departments',
      body: () => {
        const department = known.department as { specificOpeningHours: unknown[] };
        return { ...department, specificOpeningHours: [{ day: null, date: '2031-12-24', from: 8, to: 0, closed: true }] };
      },
      field: 'specificOpeningHours.0.to',
    },
    {
      what: 'a user whose calendar department does not exist (a foreign key)',
      method: 'POST',
      url: () => '/api/user/register',
      body: () => ({
        name: 'Kalender Fejl',
        initials: 'KFJ',
        phone: '29999999',
        email: 'kfj@rudeplan.dk',
        roles: ['CustomerService'],
        departmentGuid: known.departmentId,
        calendarDepartmentGuid: SOME_UUID,
        allowSMS: true,
        allowEmail: true,
        password: 'demo12345',
        confirmPassword: 'demo12345',
      }),
      field: 'calendarDepartmentGuid',
    },
    {
      what: 'a debtor rule row whose id is no GUID (a uuid column)',
      method: 'POST',
      url: () => '/api/debitorruleset/save',
      body: () => ({ id: 'abcdef', type: '', user: 'x', debitor: '' }),
      field: 'id',
    },
  ];
  for (const c of cases) {
    it(c.what, async () => {
      const mark = await writeMark();
      const response = await ctx.app.inject({ method: c.method, url: c.url(), headers: { cookie: admin }, payload: c.body() as object });
      expect(response.statusCode, response.body).toBe(400);
      expect(errorBody(response)).toMatchObject({ type: 'VALIDATION_ERROR', errors: { [c.field]: [expect.any(String)] } });
      expect(await writesSince(mark)).toEqual([]);
    });
  }
});

describe('afterwards', () => {
  it('the server is healthy and answers a documented call as before', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', database: { connected: true } });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/user/userinfo', headers: { cookie: admin } });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ initials: 'ADM' });
    const list = await ctx.app.inject({ method: 'POST', url: '/api/order/orders', headers: { cookie: admin }, payload: {} });
    expect(list.statusCode, list.body).toBe(200);
  });
});
