import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TAddressSuggestions } from '@/domain/addresses';
import { appsWithEnv } from '../helpers/app-with-env';
import { DAR_ADDRESSES, DATAFORDELER_API_KEY, startFakeDatafordeler, type FakeDatafordeler } from '../helpers/fake-datafordeler';
import { DAWA_ADDRESSES, DAWA_WASHABLE, startFakeDawa, type FakeDawa } from '../helpers/fake-dawa';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

// Addresses after DAWA (issue 42): Danmarks Adresseregister on Datafordeleren, a DAWA-compatible service, the cache of
// coordinates and the zip-code centres when the service gives no answer.

const TIMEOUT_MS = 300;
let ctx: TestContext;
let datafordeler: FakeDatafordeler;
let dawa: FakeDawa;
const extraApps = appsWithEnv(() => ctx, { ADDRESS_TIMEOUT_MS: TIMEOUT_MS });
const appWith = extraApps.appWith;
let ks: string;

const search = async (app: FastifyInstance, input: string) => {
  const response = await app.inject({
    method: 'GET',
    url: `/api/departments/address/search?input=${encodeURIComponent(input)}`,
    headers: { cookie: ks },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as TAddressSuggestions;
};
const locate = (app: FastifyInstance, input: string) =>
  app.inject({ method: 'GET', url: `/api/departments/coordinates?input=${encodeURIComponent(input)}`, headers: { cookie: ks } });
const cached = async (address: string) =>
  (
    await ctx.database.pool.query<{ lat: number; lng: number; source: string }>(
      'SELECT lat, lng, source FROM address_coordinates WHERE address = $1',
      [address],
    )
  ).rows;

beforeAll(async () => {
  [ctx, datafordeler, dawa] = await Promise.all([createTestApp(), startFakeDatafordeler(), startFakeDawa()]);
  ks = await login(ctx.app, 'KS');
});
afterAll(async () => {
  await extraApps.close();
  await Promise.all([ctx.close(), datafordeler.close(), dawa.close()]);
});
beforeEach(async () => {
  datafordeler.mode = 'ok';
  datafordeler.graphqlErrors = false;
  dawa.mode = 'ok';
  dawa.refusing = false;
  await ctx.database.pool.query('DELETE FROM address_coordinates');
});

describe('without an address service (the default)', () => {
  it('suggests zip codes and cities and answers the zip-code centre, with no network', async () => {
    const found = await search(ctx.app, '820');
    expect(found).toMatchObject({ lookedUp: true, message: null });
    expect(found.suggestions).toContain('8200 Aarhus N');
    expect((await locate(ctx.app, 'Vestergade 12, 8000 Aarhus C')).json()).toMatchObject({ exact: false });
  });
});

describe('Danmarks Adresseregister on Datafordeleren', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith({ ADDRESS_PROVIDER: 'datafordeler', DATAFORDELER_URL: `${datafordeler.url}/DAR/v1`, DATAFORDELER_API_KEY });
  });

  it("suggests the register's addresses for typed text, asking with the API key", async () => {
    const found = await search(app, 'vestergade 1');
    expect(found).toEqual({ suggestions: ['Vestergade 12, 8000 Aarhus C', 'Vestergade 14, 8000 Aarhus C'], lookedUp: true, message: null });
    const asked = datafordeler.requests.at(-1)!;
    expect(asked.method).toBe('POST');
    expect(asked.query.get('apiKey')).toBe(DATAFORDELER_API_KEY);
    // The spec's route answers the same suggestions as a plain list.
    const plain = await app.inject({ method: 'GET', url: '/api/departments/address?input=Vestergade', headers: { cookie: ks } });
    expect(plain.json()).toEqual(['Vestergade 12, 8000 Aarhus C', 'Vestergade 14, 8000 Aarhus C']);
  });

  it('answers the exact position (UTM 32 turned into latitude and longitude) and keeps it: the second look-up does not reach the register', async () => {
    const address = DAR_ADDRESSES[2];
    const first = (await locate(app, `  ${address.betegnelse} `)).json() as { lat: number; lng: number; exact: boolean };
    expect(first.exact).toBe(true);
    expect(first.lat).toBeCloseTo(address.lat, 5);
    expect(first.lng).toBeCloseTo(address.lng, 5);
    expect(await cached(address.betegnelse.toLowerCase())).toEqual([{ lat: first.lat, lng: first.lng, source: 'datafordeler' }]);
    const asked = datafordeler.requests.length;
    const second = (await locate(app, address.betegnelse.toUpperCase())).json();
    expect(second).toEqual(first);
    expect(datafordeler.requests.length).toBe(asked);
  });

  it('uses the zip-code centre for an address the register does not know, and keeps nothing', async () => {
    const answer = (await locate(app, 'Ukendtvej 99, 8000 Aarhus C')).json() as { lat: number; exact: boolean };
    expect(answer.exact).toBe(false);
    expect(answer.lat).toBeCloseTo(56.16, 1);
    expect(await cached('ukendtvej 99, 8000 aarhus c')).toEqual([]);
  });

  it.each([
    ['down (503)', () => (datafordeler.mode = 'down')],
    ['limiting the rate (429)', () => (datafordeler.mode = 'rate-limited')],
    ['slower than the time limit', () => (datafordeler.mode = 'slow')],
    ['answering something that is not JSON', () => (datafordeler.mode = 'malformed')],
    ['refusing the query with GraphQL errors', () => (datafordeler.graphqlErrors = true)],
  ])(
    'when the register is %s: the autocomplete says so and offers zip codes, the map gets the zip-code centre, never a 5xx',
    async (_, breakIt) => {
      breakIt();
      const started = Date.now();
      const found = await search(app, '8000');
      expect(found).toMatchObject({ lookedUp: false, message: 'Adresseopslaget svarer ikke lige nu. Skriv adressen selv.' });
      expect(found.suggestions).toContain('8000 Aarhus C');
      const answer = await locate(app, 'Vestergade 12, 8000 Aarhus C');
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ exact: false });
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 2 + 1500);
      expect(await cached('vestergade 12, 8000 aarhus c')).toEqual([]);
    },
  );

  it('with a wrong API key (401) the app still answers from the zip codes', async () => {
    const wrongKey = await appWith({
      ADDRESS_PROVIDER: 'datafordeler',
      DATAFORDELER_URL: `${datafordeler.url}/DAR/v1`,
      DATAFORDELER_API_KEY: 'wrong',
    });
    expect(await search(wrongKey, 'Vestergade')).toMatchObject({ lookedUp: false });
    expect((await locate(wrongKey, 'Vestergade 12, 8000 Aarhus C')).json()).toMatchObject({ exact: false });
  });
});

describe('a DAWA-compatible service', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith({ ADDRESS_PROVIDER: 'dawa', DAWA_URL: dawa.url });
  });

  it('suggests through /autocomplete and finds the position through /adresser?struktur=mini, kept for the next time', async () => {
    expect(await search(app, 'vestergade 12')).toEqual({ suggestions: ['Vestergade 12, 8000 Aarhus C'], lookedUp: true, message: null });
    expect(dawa.requests.at(-1)!.query.get('type')).toBe('adresse');
    const answer = (await locate(app, DAWA_ADDRESSES[1].betegnelse)).json();
    expect(answer).toEqual({ lat: DAWA_ADDRESSES[1].y, lng: DAWA_ADDRESSES[1].x, exact: true });
    expect(await cached(DAWA_ADDRESSES[1].betegnelse.toLowerCase())).toEqual([
      { lat: DAWA_ADDRESSES[1].y, lng: DAWA_ADDRESSES[1].x, source: 'dawa' },
    ]);
    const asked = dawa.requests.length;
    await locate(app, DAWA_ADDRESSES[1].betegnelse);
    expect(dawa.requests.length).toBe(asked);
  });

  it('washes a misspelt address (/datavask/adresser) before reading its position', async () => {
    const answer = (await locate(app, DAWA_WASHABLE.text)).json();
    expect(answer).toEqual({ lat: DAWA_ADDRESSES[0].y, lng: DAWA_ADDRESSES[0].x, exact: true });
    expect(dawa.requests.slice(-3).map((r) => r.path)).toEqual(['/adresser', '/datavask/adresser', `/adresser/${DAWA_WASHABLE.id}`]);
  });

  it('keeps GEOCODING_URL working as the DAWA-compatible service', async () => {
    const legacy = await appWith({ GEOCODING_URL: dawa.url });
    expect((await locate(legacy, DAWA_ADDRESSES[0].betegnelse)).json()).toMatchObject({ exact: true });
  });

  it("when the service refuses the request with DAWA's own 400 answer: the autocomplete says so, the map gets the zip-code centre", async () => {
    dawa.refusing = true;
    expect(await search(app, 'Vestergade 12')).toMatchObject({
      lookedUp: false,
      message: 'Adresseopslaget svarer ikke lige nu. Skriv adressen selv.',
    });
    const answer = await locate(app, 'Vestergade 12, 8000 Aarhus C');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ exact: false });
    expect(dawa.requests.at(-1)!.path).toBe('/adresser');
    expect(await cached('vestergade 12, 8000 aarhus c')).toEqual([]);
  });

  it('when the service is down or slow: zip codes and the zip-code centre, never a 5xx', async () => {
    for (const mode of ['down', 'slow', 'malformed', 'rate-limited'] as const) {
      dawa.mode = mode;
      expect(await search(app, 'Vestergade')).toMatchObject({ lookedUp: false });
      const answer = await locate(app, 'Vestergade 12, 8000 Aarhus C');
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ exact: false });
    }
  });
});

describe('the settings', () => {
  it('refuse to start with ADDRESS_PROVIDER=datafordeler and no API key', async () => {
    const { loadEnv } = await import('@/server/env');
    expect(() => loadEnv({ ADDRESS_PROVIDER: 'datafordeler' }, [])).toThrow(/DATAFORDELER_API_KEY/);
    expect(() => loadEnv({ ADDRESS_PROVIDER: 'dawa' }, [])).toThrow(/DAWA_URL/);
  });
});
