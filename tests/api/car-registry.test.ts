import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TCar } from '@/domain/orders';
import { appsWithEnv } from '../helpers/app-with-env';
import type { FakeServer } from '../helpers/fake-http';
import { PLATE_TOKEN, startFakePlateService } from '../helpers/fake-plate-service';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

// The registration-number look-up through nummerpladeapi.dk (issue 42): the car filled from the motor register, and a
// clear way on (enter the car by hand) when the plate is unknown or the service gives no usable answer.

const TIMEOUT_MS = 300;
let ctx: TestContext;
let plates: FakeServer;
let app: FastifyInstance;
let ks: string;
const extraApps = appsWithEnv(() => ctx, { CAR_REGISTRY_TIMEOUT_MS: TIMEOUT_MS });

const lookUp = (on: FastifyInstance, plate: string) =>
  on.inject({ method: 'GET', url: `/api/car/search/${encodeURIComponent(plate)}`, headers: { cookie: ks } });

beforeAll(async () => {
  [ctx, plates] = await Promise.all([createTestApp(), startFakePlateService()]);
  ks = await login(ctx.app, 'KS');
  app = await extraApps.appWith({ CAR_REGISTRY: 'nummerpladeapi', NUMMERPLADEAPI_URL: plates.url, NUMMERPLADEAPI_TOKEN: PLATE_TOKEN });
});
afterAll(async () => {
  await extraApps.close();
  await Promise.all([ctx.close(), plates.close()]);
});
beforeEach(() => {
  plates.mode = 'ok';
});

describe('the demo registry (the default)', () => {
  it('answers from the vehicles table and never asks the plate service', async () => {
    const asked = plates.requests.length;
    const response = await lookUp(ctx.app, 'AB 12 345');
    expect(response.statusCode).toBe(200);
    expect((response.json() as TCar).registrationNumber).toBe('AB12345');
    expect(plates.requests.length).toBe(asked);
  });
});

describe('nummerpladeapi.dk', () => {
  it('fills make, model, year, VIN and first registration from the register, matched to the catalogue, asking with the bearer token', async () => {
    const response = await lookUp(app, 'cd 98 765');
    expect(response.statusCode).toBe(200);
    const car = response.json() as TCar;
    expect(car).toMatchObject({
      registrationNumber: 'CD98765',
      make: 'Volkswagen',
      model: 'Golf VII',
      modelYear: 2019,
      vehicleIdentificationNumber: 'WVWZZZAUZKW123456',
    });
    expect(car.manuId).toBeGreaterThan(0);
    expect(car.modId).toBeGreaterThan(0);
    expect(car.firstRegistrationDate).toBe('2019-03-14T00:00:00');
    const asked = plates.requests.at(-1)!;
    expect(asked.path).toBe('/CD98765');
    expect(asked.headers.authorization).toBe(`Bearer ${PLATE_TOKEN}`);
  });

  it('answers 404 "Bilen blev ikke fundet" for a plate the register does not know', async () => {
    const response = await lookUp(app, 'ZZ99999');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Bilen blev ikke fundet' });
  });

  it('says to try again or enter the car by hand when the service limits the rate (429)', async () => {
    plates.mode = 'rate-limited';
    const response = await lookUp(app, 'CD98765');
    expect(response.statusCode).toBe(424);
    expect(response.json()).toMatchObject({
      message: 'Bilregistret har for mange opslag lige nu. Prøv igen om lidt, eller udfyld bilens mærke, model og årgang selv.',
    });
  });

  it.each(['down', 'slow', 'malformed'] as const)('says to enter the car by hand when the service is %s, never a 5xx', async (mode) => {
    plates.mode = mode;
    const started = Date.now();
    const response = await lookUp(app, 'CD98765');
    expect(response.statusCode).toBe(424);
    expect(response.json()).toMatchObject({
      message: 'Bilregistret kunne ikke slås op lige nu. Udfyld bilens mærke, model og årgang selv.',
    });
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1500);
  });

  it.each([
    ["another plate's car", 'WR11111'],
    ['no car (no make, model or VIN)', 'WR22222'],
  ])('says to enter the car by hand when the service answers with %s', async (_, plate) => {
    const response = await lookUp(app, plate);
    expect(response.statusCode).toBe(424);
    expect(response.json()).toMatchObject({
      message: 'Bilregistret kunne ikke slås op lige nu. Udfyld bilens mærke, model og årgang selv.',
    });
    expect(plates.requests.at(-1)!.path).toBe(`/${plate}`);
  });

  it('with a wrong token (401) the user is told to enter the car by hand', async () => {
    const wrong = await extraApps.appWith({
      CAR_REGISTRY: 'nummerpladeapi',
      NUMMERPLADEAPI_URL: plates.url,
      NUMMERPLADEAPI_TOKEN: 'wrong',
    });
    const response = await lookUp(wrong, 'CD98765');
    expect(response.statusCode).toBe(424);
  });

  it("Auto Valid's plate look-up gives the same answers instead of a 5xx", async () => {
    plates.mode = 'down';
    const adm = await login(ctx.app, 'ADM');
    const response = await app.inject({
      method: 'GET',
      url: '/api/vin/CreateTicketAutoValid/CD98765/REPLACE_FRONT',
      headers: { cookie: adm },
    });
    expect(response.statusCode).toBe(424);
    expect(response.json()).toMatchObject({
      message: 'Bilregistret kunne ikke slås op lige nu. Udfyld bilens mærke, model og årgang selv.',
    });
  });
});
