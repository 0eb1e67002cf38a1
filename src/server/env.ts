import path from 'node:path';
import { z } from 'zod';

/** A file path; empty counts as not set. */
const optionalPath = z
  .string()
  .optional()
  .transform((v) => v || undefined);

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const ZEnvFields = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the embedded PostgreSQL cluster and uploaded files live. */
  DATA_DIR: z.string().default('./data'),
  /** The built web app to serve; dist/web by default. A relative path is from the directory the server starts in. */
  WEB_ROOT: optionalPath.transform((v) => v && path.resolve(v)),
  /** An external PostgreSQL; when set, no embedded server is started. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'DATABASE_URL must be a postgres:// URL' }).optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Load demo data into an empty external database (the embedded one always gets it when empty). */
  SEED_DEMO: flag,
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  /**
   * However much a session is used (each use extends it by SESSION_TTL_HOURS), it ends this long after sign-in: a
   * working week, so a stolen or forgotten cookie does not work for good.
   */
  SESSION_MAX_HOURS: z.coerce.number().positive().default(120),
  /** Behind a reverse proxy: trust X-Forwarded-* so cookies get Secure on HTTPS. */
  TRUST_PROXY: flag,
  /**
   * A PEM certificate (chain) and its private key: with both, the server speaks HTTPS itself, HTTP/2 and HTTP/1.1 on
   * the same port, so a phone fetches the app's many small files over one connection. Without them plain HTTP, as
   * on localhost or behind a proxy that ends TLS.
   */
  TLS_CERT_FILE: optionalPath,
  TLS_KEY_FILE: optionalPath,
  /** Extra origins allowed to make state-changing calls, comma separated (the app's own is always allowed). */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  /**
   * The websites that may show the public booking page /book in a frame (issue 41), origins comma separated, e.g.
   * https://www.example.dk; without it no site may frame it. Only origins are taken (a path or a policy word is refused).
   */
  BOOK_EMBED_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i, 'an origin such as https://www.example.dk'))),
  /** smtp://user:pass@host:port — without it e-mails are kept in the outbox, viewable in the app. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Rudeplan <noreply@rudeplan.dk>'),
  /** An HTTP SMS gateway that takes POST {to, from, text}; without it SMS are kept in the outbox. */
  SMS_GATEWAY_URL: z.url().optional(),
  SMS_GATEWAY_TOKEN: z.string().optional(),
  SMS_SENDER: z.string().default('Rudeplan'),
  /** `gatewayapi` sends SMS through GatewayAPI's REST API with delivery reports (issue 42); unset: SMS_GATEWAY_URL or kept locally. */
  SMS_PROVIDER: z.enum(['gatewayapi', 'http']).optional(),
  /** The API token from GatewayAPI's dashboard (API > API Keys); sent as `Authorization: Token …`. */
  GATEWAYAPI_TOKEN: z.string().optional(),
  /** The sender shown on the phone (up to 11 letters or 15 digits); SMS_SENDER when unset. */
  GATEWAYAPI_SENDER: z.string().max(15).optional(),
  /** The authentication token set on the GatewayAPI webhook: its delivery reports are JWTs signed with it. */
  GATEWAYAPI_WEBHOOK_SECRET: z.string().optional(),
  /** GatewayAPI's send endpoint (https://gatewayapi.com/rest/mtsms; https://gatewayapi.eu/rest/mtsms on its EU setup). */
  GATEWAYAPI_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** An HTTP endpoint for the order export; without it orders are dropped as JSON files in DATA_DIR/erp-export. */
  ERP_EXPORT_URL: z.url().optional(),
  ERP_EXPORT_TOKEN: z.string().optional(),
  /** `businesscentral` makes each booked order a sales order in Business Central (API v2.0, issue 42); unset: ERP_EXPORT_URL or the file drop. */
  ERP_PROVIDER: z.enum(['businesscentral', 'http']).optional(),
  /** The Microsoft Entra tenant (directory) id, and the app registration's client id and secret (client credentials). */
  BC_TENANT_ID: z.string().optional(),
  BC_CLIENT_ID: z.string().optional(),
  BC_CLIENT_SECRET: z.string().optional(),
  /** The Business Central environment's name and the company's id (GET …/api/v2.0/companies lists them). */
  BC_ENVIRONMENT: z.string().default('production'),
  BC_COMPANY_ID: z
    .string()
    .regex(/^[0-9a-fA-F-]{36}$/, 'BC_COMPANY_ID must be the company GUID')
    .optional(),
  /** The customer number for an order without a debitor number. */
  BC_DEFAULT_CUSTOMER_NUMBER: z.string().optional(),
  /** Business Central's API host and Entra ID's token endpoint; only a test or a proxy changes them. */
  BC_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  BC_TOKEN_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * The app's own address as users reach it (https://rudeplan.example.dk): password-reset e-mails link to it.
   * Never taken from a request's Host header, which anyone can set; without it a reset e-mail carries a code.
   */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * The address service for the autocomplete and the map (issue 42): `datafordeler` (the Danish Address Register on
   * Datafordeleren, DATAFORDELER_API_KEY), `dawa` (a commercial DAWA-compatible service at DAWA_URL) or `local` (the
   * shipped zip-code centres, no network). Unset: dawa when DAWA_URL or GEOCODING_URL is set, datafordeler when
   * DATAFORDELER_API_KEY is, else local.
   */
  ADDRESS_PROVIDER: z.enum(['local', 'datafordeler', 'dawa']).optional(),
  /** Datafordeleren's GraphQL endpoint for DAR (the REST services closed on 30 June 2026). */
  DATAFORDELER_URL: z.url({ protocol: /^https?$/ }).default('https://graphql.datafordeler.dk/DAR/v1'),
  /** The API key of an IT system in Datafordeler Administration; sent as the `apiKey` query parameter. */
  DATAFORDELER_API_KEY: z.string().optional(),
  /** A DAWA-compatible address service (/autocomplete, /adresser, /datavask/adresser). */
  DAWA_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The former name of DAWA_URL, still read. */
  GEOCODING_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** How long an address look-up may take before the zip-code centre (coordinates) or typing by hand (autocomplete) is used. */
  ADDRESS_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(4000),
  /** The registration-number look-up: `local` (the vehicles table, default) or `nummerpladeapi` (nummerpladeapi.dk). */
  CAR_REGISTRY: z.enum(['local', 'nummerpladeapi']).default('local'),
  NUMMERPLADEAPI_URL: z.url({ protocol: /^https?$/ }).default('https://api.nrpla.de'),
  /** The API token from nummerpladeapi.dk's account page; sent as a bearer token. */
  NUMMERPLADEAPI_TOKEN: z.string().optional(),
  CAR_REGISTRY_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(5000),
  /**
   * The mobile-service map's tiles: an https URL template with {z}/{x}/{y} (and {s}), or `off` for none (the map
   * still shows its markers, the radius and the list). OpenStreetMap's public tiles by default.
   */
  MAP_TILE_URL: z
    .union([
      z.literal('off'),
      z.string().regex(/^https:\/\/[^\s"'<>]+\{z\}[^\s"'<>]*$/, 'MAP_TILE_URL must be an https URL with {z}/{x}/{y}, or off'),
    ])
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_ATTRIBUTION: z.string().max(300).default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>-bidragydere'),
  /** Customers on this e-mail domain (staff) get no review invitation. */
  COMPANY_EMAIL_DOMAIN: z.string().default('rudeplan.dk'),
  /** The one debitor whose customers get no review invitation (document 1 section 7). */
  REVIEW_EXCLUDED_DEBITOR: z.string().default(''),
  /** The review page the invitation links to. */
  REVIEW_URL: z.url().default('https://dk.trustpilot.com/evaluate/rudeplan.dk'),
  /** An S3-compatible bucket for photos and signed documents; without it they are kept under DATA_DIR/media. */
  S3_BUCKET: z.string().optional(),
  /** The store's address, e.g. https://s3.eu-north-1.amazonaws.com or http://localhost:9000 (MinIO). */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** 1 (default) puts the bucket in the path (MinIO and most compatible stores); 0 in the host name (AWS). */
  S3_FORCE_PATH_STYLE: z
    .enum(['0', '1'])
    .default('1')
    .transform((v) => v === '1'),
  /** A folder inside the bucket for every key. */
  S3_PREFIX: z.string().default(''),
  OUTBOX_POLL_MS: z.coerce.number().int().min(100).default(5000),
  /** 0 turns the outbox worker off in this instance (another instance delivers). */
  OUTBOX_WORKER: z
    .enum(['0', '1'])
    .default('1')
    .transform((v) => v === '1'),
});

/** The SMS and ERP providers' settings that must come together (issue 42). */
function checkProviders(env: z.infer<typeof ZEnvFields>, ctx: z.RefinementCtx): void {
  const need = (when: boolean, names: Array<keyof typeof env>, what: string) => {
    for (const name of names)
      if (when && !env[name]) ctx.addIssue({ code: 'custom', path: [name], message: `${name} must be set when ${what}` });
  };
  need(env.SMS_PROVIDER === 'gatewayapi', ['GATEWAYAPI_TOKEN'], 'SMS_PROVIDER is gatewayapi');
  need(env.SMS_PROVIDER === 'http', ['SMS_GATEWAY_URL'], 'SMS_PROVIDER is http');
  need(
    env.ERP_PROVIDER === 'businesscentral',
    ['BC_TENANT_ID', 'BC_CLIENT_ID', 'BC_CLIENT_SECRET', 'BC_COMPANY_ID'],
    'ERP_PROVIDER is businesscentral',
  );
  need(env.ERP_PROVIDER === 'http', ['ERP_EXPORT_URL'], 'ERP_PROVIDER is http');
}

/** The name of every variable the app reads: README's configuration table names each (env-readme.test.ts). */
export const ENV_NAMES = Object.keys(ZEnvFields.shape);

const ZEnv = ZEnvFields.superRefine((env, ctx) => {
  // A certificate without its key (or the reverse) would silently serve plain HTTP where HTTPS was meant.
  if (Boolean(env.TLS_CERT_FILE) !== Boolean(env.TLS_KEY_FILE)) {
    const missing = env.TLS_CERT_FILE ? 'TLS_KEY_FILE' : 'TLS_CERT_FILE';
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message: 'TLS_CERT_FILE and TLS_KEY_FILE must be set together (or neither, for plain HTTP)',
    });
  }
  if (env.ADDRESS_PROVIDER === 'datafordeler' && !env.DATAFORDELER_API_KEY) {
    ctx.addIssue({
      code: 'custom',
      path: ['DATAFORDELER_API_KEY'],
      message: 'DATAFORDELER_API_KEY must be set when ADDRESS_PROVIDER is datafordeler',
    });
  }
  if (env.ADDRESS_PROVIDER === 'dawa' && !env.DAWA_URL && !env.GEOCODING_URL) {
    ctx.addIssue({ code: 'custom', path: ['DAWA_URL'], message: 'DAWA_URL must be set when ADDRESS_PROVIDER is dawa' });
  }
  if (env.CAR_REGISTRY === 'nummerpladeapi' && !env.NUMMERPLADEAPI_TOKEN) {
    ctx.addIssue({
      code: 'custom',
      path: ['NUMMERPLADEAPI_TOKEN'],
      message: 'NUMMERPLADEAPI_TOKEN must be set when CAR_REGISTRY is nummerpladeapi',
    });
  }
  checkProviders(env, ctx);
  if (!env.S3_BUCKET) return;
  for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: `${name} must be set when S3_BUCKET is` });
  }
});

export type Env = z.infer<typeof ZEnv>;

/** Reads the environment once at start; a bad value stops the process with a clear message. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env, argv: string[] = process.argv): Env {
  const result = ZEnv.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  if (argv.includes('--demo')) env.SEED_DEMO = true;
  return env;
}

/** Whether the app's public address (PUBLIC_URL) is on HTTPS: then the app is, whatever the request it sees came over. */
export function isHttpsUrl(url: string | undefined): boolean {
  return url !== undefined && new URL(url).protocol === 'https:';
}

/** Defaults for tests and tools that build the app without a real environment. */
export function testEnv(overrides: Partial<Env> = {}): Env {
  return { ...loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }, []), ...overrides };
}
