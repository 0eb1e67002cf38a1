import { and, eq, ne } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ZAutoValidTicket,
  ZCarIdentity,
  ZCarModel,
  ZManufacturer,
  ZProduct,
  ZProductGroup,
  type TProduct,
  type TProductGroup,
} from '@/domain/catalogue';
import { ZCar, type TCar } from '@/domain/orders';
import { orderItems, orders, products } from '@/server/db/schema';
import { LOCAL_AUTO_VALID_DELAY_MS } from '@/server/integrations/vin/auto-valid';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  for (const initials of ['KS', 'OP', 'ADM', 'LAG', 'REV', 'TM']) cookies[initials] = await login(ctx.app, initials);
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.useRealTimers();
});

async function get(url: string, as = 'KS') {
  return ctx.app.inject({ method: 'GET', url, headers: { cookie: cookies[as]! } });
}

async function getJson<T>(url: string, as = 'KS'): Promise<T> {
  const response = await get(url, as);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json() as T;
}

function groupsOf(body: unknown): TProductGroup[] {
  return (body as unknown[]).map((group) => ZProductGroup.parse(group));
}

function group(groups: TProductGroup[], name: string): TProductGroup {
  const found = groups.find((g) => g.name === name);
  if (!found) throw new Error(`no group ${name}`);
  return found;
}

const allItems = (groups: TProductGroup[]) => groups.flatMap((g) => g.items);

describe('cars', () => {
  it('lists the makes by name and a make’s models with encoded years', async () => {
    const makes = (await getJson<unknown[]>('/api/car/manufacturers')).map((m) => ZManufacturer.parse(m));
    expect(makes.length).toBeGreaterThan(20);
    expect(makes.map((m) => m.manuName)).toEqual([...makes.map((m) => m.manuName)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(makes).toContainEqual({ manuId: 121, manuName: 'Volkswagen' });

    const models = (await getJson<unknown[]>('/api/car/models?manuId=121')).map((m) => ZCarModel.parse(m));
    expect(models).toContainEqual({ modelId: 12101, modelName: 'Golf VII', yearOfConstrFrom: 201301, yearOfConstrTo: 201912 });
    expect(models.find((m) => m.modelName === 'Golf VIII')).toMatchObject({ yearOfConstrFrom: 202001, yearOfConstrTo: 0 });
    expect(await getJson('/api/car/models?manuId=999999')).toEqual([]);
    expect((await get('/api/car/models')).statusCode).toBe(400);
    expect((await get('/api/car/models?manuId=abc')).statusCode).toBe(400);
  });

  it('looks up AB12345 as an insured, not leased VW Golf of model year 2019', async () => {
    const car = ZCar.parse(await getJson('/api/car/search/ab%2012-345'));
    expect(car).toMatchObject({
      registrationNumber: 'AB12345',
      make: 'Volkswagen',
      manuId: 121,
      model: 'Golf VII',
      modId: 12101,
      modelYear: 2019,
      insurance: 'TRYG FORSIKRING A/S',
      leasing: 'IkkeLeaset',
      leaser: '',
      // A private owner: the register gives the home, which the customer step starts from.
      ownerAddress: 'Søndergade 12',
      ownerZipCode: '8000',
      ownerCity: 'Aarhus C',
      currentOrdersOnReg: expect.any(Array),
    });
    expect(car.vehicleIdentificationNumber).toMatch(/^WVW[A-HJ-NPR-Z0-9]{14}$/);
    expect(car.firstRegistrationDate).toMatch(/^2019-\d{2}-\d{2}T00:00:00$/);
    const insurers = await getJson<Array<{ name: string; bilStatistikName: string }>>('/api/insurers');
    expect(insurers.find((i) => i.bilStatistikName === car.insurance)?.name).toBe('Tryg');
  });

  it('looks up CD67890 as a privately leased Toyota Yaris 2021 with a known leaser', async () => {
    const car = ZCar.parse(await getJson('/api/car/search/CD67890'));
    expect(car).toMatchObject({ make: 'Toyota', model: 'Yaris IV', modId: 11102, modelYear: 2021, leasing: 'PrivatLeaset' });
    // The leasing company owns it: no home to start the customer from.
    expect([car.ownerAddress, car.ownerZipCode, car.ownerCity]).toEqual(['', '', '']);
    const leasers = await getJson<Array<{ name: string }>>('/api/leasers');
    expect(leasers.map((l) => l.name)).toContain(car.leaser);
  });

  it('answers 404 for an unknown plate and 400 for one that cannot be a plate', async () => {
    const unknown = await get('/api/car/search/ZZ99999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 404, type: 'GENERIC_ERROR', message: 'Bilen blev ikke fundet' });
    const bad = await get('/api/car/search/%21%21');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ type: 'VALIDATION_ERROR', errors: { reg: ['Nummerpladen er ugyldig'] } });
  });

  it("lists the plate's open orders, not the finished or cancelled ones", async () => {
    const [open, finished, cancelled] = await ctx.database.db
      .insert(orders)
      .values([
        {
          orderNr: 990001,
          orderType: 'REPLACE_FRONT',
          orderStatus: 'PROCESSING',
          whoIsPaying: 'INSURANCE',
          carRegistrationNumber: 'DJ78901',
        },
        { orderNr: 990002, orderType: 'REPAIR', orderStatus: 'FINISHED', whoIsPaying: 'INSURANCE', carRegistrationNumber: 'DJ78901' },
        { orderNr: 990003, orderType: 'REPAIR', orderStatus: 'CANCELLED', whoIsPaying: 'CASH', carRegistrationNumber: 'DJ78901' },
      ])
      .returning({ id: orders.id });
    const car: TCar = ZCar.parse(await getJson('/api/car/search/DJ78901'));
    expect(car.currentOrdersOnReg).toContainEqual({ id: open!.id, orderNo: '990001' });
    const listed = car.currentOrdersOnReg.map((o) => o.id);
    expect(listed).not.toContain(finished!.id);
    expect(listed).not.toContain(cancelled!.id);
    // The demo orders on the plate follow the same rule.
    const statuses = await ctx.database.db
      .select({ id: orders.id, status: orders.orderStatus })
      .from(orders)
      .where(eq(orders.carRegistrationNumber, 'DJ78901'));
    const expected = statuses.filter((o) => o.status !== 'FINISHED' && o.status !== 'CANCELLED').map((o) => o.id);
    expect([...listed].sort()).toEqual([...expected].sort());
  });

  it('gives the car identity of a model in a model year, and refuses a model of another make', async () => {
    const identity = ZCarIdentity.parse(await getJson('/api/car/carid/121/12101/2019'));
    expect(identity).toEqual({ carId: '12101-2019', manuId: 121, modId: 12101, modelYear: 2019 });
    const wrongMake = await get('/api/car/carid/111/12101/2019');
    expect(wrongMake.statusCode).toBe(404);
    expect(wrongMake.json().message).toBe('Bilmodellen blev ikke fundet');
    expect((await get('/api/car/carid/121/12101/19')).statusCode).toBe(400);
  });
});

describe('product search', () => {
  it("loads the car's products: AB12345's Golf VII windscreens, grouped in group order", async () => {
    const { carId } = ZCarIdentity.parse(await getJson('/api/car/carid/121/12101/2019'));
    const groups = groupsOf(await getJson(`/api/product/searchitems?carId=${carId}`));
    expect(groups.map((g) => g.name).slice(0, 5)).toEqual(['Forrude', 'Siderude', 'Bagrude', 'Tagrude', 'Stenslag']);
    for (const g of groups) expect(g.checked, g.name).toBe(g.items.length > 0);

    const windscreens = group(groups, 'Forrude').items;
    expect(windscreens.length).toBeGreaterThanOrEqual(2);
    expect(windscreens.every((p) => p.name.startsWith('Forrude VW Golf VII'))).toBe(true);
    expect(windscreens.some((p) => !p.twoPersonJob)).toBe(true);
    expect(windscreens.some((p) => /regnsensor|kamera/.test(p.name))).toBe(true);
    expect(group(groups, 'Siderude').checked).toBe(true);
    // Only glass fitting the car: nothing for the Golf VIII, no services or accessories.
    expect(allItems(groups).every((p) => p.name.includes('Golf VII') && !p.name.includes('Golf VIII'))).toBe(true);
    expect(group(groups, 'Stenslag').checked).toBe(false);

    const screen = windscreens[0]!;
    expect(screen.itemNo).toBe(screen.no);
    expect(screen.itemPrice).toBeGreaterThan(2000);
    expect(screen.type).toBe(0);
    expect(screen.material).toBe('Lamineret');
    expect(screen.euroCode).toMatch(/^8594/);
    expect(screen.oEnumber).not.toBe('');
    expect(screen.debitorPrice).toBeNull();
    expect(screen.previouslyPurchased).toBe(false);
    expect(screen.subItems.map((s) => s.no)).toContain('CLIPS-10');
    expect(screen.subItems.every((s) => s.itemPrice > 0 && s.amount >= 1)).toBe(true);
    const stocked = windscreens.flatMap((p) => p.status);
    expect(stocked.length).toBeGreaterThan(0);
    expect(stocked.some((s) => s.description.endsWith('lager'))).toBe(true);
  });

  it("loads CD67890's Yaris windscreen with camera, a one-person job", async () => {
    const groups = groupsOf(await getJson('/api/product/searchitems?carId=11102-2021'));
    const windscreens = group(groups, 'Forrude').items;
    expect(windscreens.length).toBeGreaterThanOrEqual(1);
    expect(windscreens.every((p) => p.name.startsWith('Forrude Toyota Yaris IV'))).toBe(true);
    expect(windscreens.some((p) => !p.twoPersonJob && p.name.includes('kamera') && p.isVINitem)).toBe(true);
  });

  it("search 'forrude' finds the windscreens through their group name", async () => {
    const groups = groupsOf(await getJson('/api/product/searchitems?search=forrude'));
    const windscreens = group(groups, 'Forrude');
    expect(windscreens.checked).toBe(true);
    expect(windscreens.items.length).toBeGreaterThan(50);
    expect(allItems(groups).length).toBeLessThanOrEqual(200);
    expect(windscreens.items.every((p) => p.name.startsWith('Forrude'))).toBe(true);
    expect(group(groups, 'Limpuder').checked).toBe(false);
  });

  it('needs every word to match, and keeps items that fit any car when a car is given', async () => {
    const golf = groupsOf(await getJson(`/api/product/searchitems?search=${encodeURIComponent('forrude golf vii')}&carId=12101-2019`));
    expect(group(golf, 'Forrude').items.length).toBeGreaterThan(0);
    expect(allItems(golf).every((p) => p.name.includes('Golf VII'))).toBe(true);

    const calibration = groupsOf(await getJson('/api/product/searchitems?search=kalibrering&carId=12101-2019'));
    expect(group(calibration, 'Kalibrering').items.map((p) => p.no)).toEqual(['PK3', 'PK5', 'PK6']);
    expect(group(calibration, 'Kalibrering').items.every((p) => p.type === 3 && p.isService)).toBe(true);

    const nothing = groupsOf(await getJson('/api/product/searchitems?search='));
    expect(nothing.every((g) => !g.checked && g.items.length === 0)).toBe(true);
    expect((await get('/api/product/searchitems?carId=golf')).statusCode).toBe(400);
  });

  it('searches by EuroCode, Nags, OES and OEM, ignoring case, spaces and dashes', async () => {
    const [golf] = await ctx.database.db
      .select()
      .from(products)
      .where(and(eq(products.name, 'Forrude VW Golf VII m/regnsensor og kamera')));
    expect(golf).toBeDefined();
    const target = golf!;

    const byEuro = groupsOf(await getJson(`/api/product/search/EuroCode?term=${target.euroCode.toLowerCase()}`));
    expect(allItems(byEuro)[0]?.no).toBe(target.no);
    expect(group(byEuro, 'Forrude').checked).toBe(true);

    const byNags = allItems(groupsOf(await getJson(`/api/product/search/Nags?term=${target.nags}`)));
    expect(byNags.map((p) => p.no)).toEqual([target.no]);

    const byOes = allItems(groupsOf(await getJson(`/api/product/search/OES?term=${target.oes}`)));
    expect(byOes.map((p) => p.no)).toContain(target.no);

    const spaced = target.oeNumber.replace(/(.{3})/g, '$1 ');
    const byOem = allItems(groupsOf(await getJson(`/api/product/search/OEM?term=${encodeURIComponent(spaced)}`)));
    expect(byOem.map((p) => p.no)).toContain(target.no);

    const byNo = allItems(groupsOf(await getJson(`/api/product/search/No?term=${target.no.toLowerCase()}`)));
    expect(byNo[0]?.no).toBe(target.no);

    const byDescription = allItems(
      groupsOf(await getJson(`/api/product/search/Description?term=${encodeURIComponent('golf vii kamera')}`)),
    );
    expect(byDescription.map((p) => p.no)).toContain(target.no);

    expect(allItems(groupsOf(await getJson('/api/product/search/AGC?term=')))).toEqual([]);
    expect((await get('/api/product/search/Barcode?term=1')).statusCode).toBe(400);
  });

  it('suggests up to ten values, those starting with the term first', async () => {
    const euro = await getJson<string[]>('/api/product/autoComplete/EuroCode?term=8594');
    expect(euro.length).toBeGreaterThan(0);
    expect(euro.length).toBeLessThanOrEqual(10);
    expect(euro.every((code) => code.startsWith('8594'))).toBe(true);

    const numbers = await getJson<string[]>('/api/product/autoComplete/No?term=f1000');
    expect(numbers).toHaveLength(9);
    expect(numbers[0]).toBe('F10001');

    // '45' starts some numbers and sits inside others: the ones starting with it come first.
    const mixed = await getJson<string[]>('/api/product/autoComplete/AW?term=45');
    expect(mixed.length).toBe(10);
    const firstInside = mixed.findIndex((v) => !v.startsWith('45'));
    if (firstInside >= 0) expect(mixed.slice(firstInside).every((v) => !v.startsWith('45'))).toBe(true);

    const names = await getJson<string[]>('/api/product/autoComplete/Description?term=golf%20vii');
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => n.toLowerCase().includes('golf vii'))).toBe(true);
    expect(await getJson('/api/product/autoComplete/Nags?term=')).toEqual([]);
  });

  it('finds one product by its exact number', async () => {
    const product = ZProduct.parse(await getJson('/api/product/searchitem?search=f10001'));
    expect(product.no).toBe('F10001');
    const service = ZProduct.parse(await getJson('/api/product/searchitem?search=UD'));
    expect(service).toMatchObject({ no: 'UD', itemNo: 'UD', isService: true, itemPrice: 895, tips: null, subItems: [] });
    const missing = await get('/api/product/searchitem?search=F1000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Produktet blev ikke fundet');
    expect((await get('/api/product/searchitem?search=')).statusCode).toBe(400);
  });

  it('marks items the same plate or debitor bought before', async () => {
    const [windscreen] = group(groupsOf(await getJson('/api/product/searchitems?carId=12101-2019')), 'Forrude').items;
    const [order] = await ctx.database.db
      .insert(orders)
      .values({
        orderNr: 990101,
        orderType: 'REPLACE_FRONT',
        orderStatus: 'FINISHED',
        whoIsPaying: 'DEBITOR',
        carRegistrationNumber: 'TE10001',
        debitorNo: 'T-30001',
      })
      .returning({ id: orders.id });
    await ctx.database.db.insert(orderItems).values({ orderId: order!.id, lineNo: 1, itemNo: windscreen!.no, no: windscreen!.no });

    const byPlate = group(
      groupsOf(await getJson('/api/product/searchitems?carId=12101-2019&registrationNumber=te%2010%20001')),
      'Forrude',
    ).items;
    expect(byPlate.filter((p) => p.previouslyPurchased).map((p) => p.no)).toEqual([windscreen!.no]);
    const byDebitor = ZProduct.parse(await getJson(`/api/product/searchitem?search=${windscreen!.no}&debitorNo=T-30001`));
    expect(byDebitor.previouslyPurchased).toBe(true);
    const other = ZProduct.parse(await getJson(`/api/product/searchitem?search=${windscreen!.no}&debitorNo=T-30002`));
    expect(other.previouslyPurchased).toBe(false);
  });

  it('lists the stone-chip repair items REP1…REP8', async () => {
    const items = (await getJson<unknown[]>('/api/product/carrep')).map((p) => ZProduct.parse(p));
    expect(items.map((p) => p.no)).toEqual(['REP1', 'REP2', 'REP3', 'REP4', 'REP5', 'REP6', 'REP7', 'REP8']);
    expect(items.every((p) => p.isService)).toBe(true);
    expect(items[0]!.itemPrice).toBe(495);
  });

  it("gives a EuroCode's mounting instruction, 404 when there is none", async () => {
    const [withUrl] = await ctx.database.db.select().from(products).where(ne(products.instructionUrl, '')).limit(1);
    const answer = await getJson<{ url: string }>(`/api/Instruction/${withUrl!.euroCode.toLowerCase()}`);
    expect(answer).toEqual({ url: withUrl!.instructionUrl });
    const missing = await get('/api/Instruction/0000XXXX');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Der findes ingen monteringsvejledning til denne EuroCode');
  });
});

describe('VIN look-up', () => {
  it('finds the products fitting the car a VIN belongs to, VIN items first', async () => {
    const car = ZCar.parse(await getJson('/api/car/search/AB12345'));
    const vin = car.vehicleIdentificationNumber;
    const groups = groupsOf(await getJson(`/api/product/vinsearch/${vin.toLowerCase()}`, 'ADM'));
    const windscreens = group(groups, 'Forrude').items;
    expect(windscreens.length).toBeGreaterThanOrEqual(2);
    expect(windscreens[0]!.isVINitem).toBe(true);
    const flags = windscreens.map((p) => p.isVINitem);
    expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
    expect(allItems(groups).every((p) => p.name.includes('Golf VII'))).toBe(true);

    const data = ZCar.parse(await getJson(`/api/product/cardata/AB12345?vin=${vin}`, 'ADM'));
    expect(data).toMatchObject({ registrationNumber: 'AB12345', vehicleIdentificationNumber: vin, model: 'Golf VII', modelYear: 2019 });
  });

  it('answers an empty list for an unknown VIN and 400 for a malformed one', async () => {
    expect(await getJson('/api/product/vinsearch/WVWZZZ1KZAW000000', 'ADM')).toEqual([]);
    expect((await get('/api/product/vinsearch/ABC', 'ADM')).statusCode).toBe(400);
    expect((await get('/api/product/cardata/x?vin=WVWZZZ1KZAW000000', 'ADM')).statusCode).toBe(404);
    expect((await get('/api/product/cardata/x?vin=IOQ', 'ADM')).statusCode).toBe(400);
  });

  it('is for the VINSearch role only', async () => {
    expect((await get('/api/product/vinsearch/WVWZZZ1KZAW000000', 'KS')).statusCode).toBe(403);
    expect((await get('/api/product/cardata/x?vin=WVWZZZ1KZAW000000', 'OP')).statusCode).toBe(403);
  });
});

describe('Auto Valid', () => {
  it('answers NOTREADY until the look-up is done, then the VIN and the car’s windscreens', async () => {
    const created = await get('/api/vin/CreateTicketAutoValid/AB12345/REPLACE_FRONT', 'ADM');
    expect(created.statusCode, created.body).toBe(200);
    const ticket = ZAutoValidTicket.parse(created.json());
    expect(ticket.productGroups).toEqual([]);
    expect(ticket.ticketId.length).toBeLessThanOrEqual(100);

    const url = `/api/vin/GetTicketUpdate/${encodeURIComponent(ticket.ticketId)}/REPLACE_FRONT`;
    const notReady = await get(url, 'ADM');
    expect(notReady.headers['content-type']).toMatch(/^application\/json/);
    expect(notReady.json()).toBe('NOTREADY');

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + LOCAL_AUTO_VALID_DELAY_MS + 1_000);
    const answer = await getJson<{ vin: string; products: TProduct[] }>(url, 'ADM');
    const car = ZCar.parse(await getJson('/api/car/search/AB12345'));
    expect(answer.vin).toBe(car.vehicleIdentificationNumber);
    expect(answer.products.length).toBeGreaterThanOrEqual(2);
    expect(answer.products.every((p) => p.name.startsWith('Forrude VW Golf VII'))).toBe(true);
    expect(answer.products[0]!.isVINitem).toBe(true);
  });

  it('takes a VIN too, and answers the rear glass for REPLACE_REAR', async () => {
    const car = ZCar.parse(await getJson('/api/car/search/CD67890'));
    const ticket = ZAutoValidTicket.parse(
      await getJson(`/api/vin/CreateTicketAutoValid/${car.vehicleIdentificationNumber}/REPLACE_REAR`, 'ADM'),
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + LOCAL_AUTO_VALID_DELAY_MS + 1_000);
    const answer = await getJson<{ vin: string; products: TProduct[] }>(
      `/api/vin/GetTicketUpdate/${encodeURIComponent(ticket.ticketId)}/x`,
      'ADM',
    );
    expect(answer.vin).toBe(car.vehicleIdentificationNumber);
    expect(answer.products.map((p) => p.name)).toEqual(['Bagrude Toyota Yaris IV']);
  });

  it('refuses other order types, unknown cars and unknown tickets', async () => {
    for (const type of ['REPLACE_SIDE', 'REPAIR', 'NONSENSE']) {
      const response = await get(`/api/vin/CreateTicketAutoValid/AB12345/${type}`, 'ADM');
      expect(response.statusCode, type).toBe(400);
      expect(response.json().message).toBe('Auto Valid VIN opslag kan kun bruges ved udskiftning af forrude, bagrude og tagrude');
    }
    expect((await get('/api/vin/CreateTicketAutoValid/ZZ99999/REPLACE_FRONT', 'ADM')).statusCode).toBe(404);
    const unknown = await get('/api/vin/GetTicketUpdate/not-a-ticket/x', 'ADM');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Auto Valid-opslaget blev ikke fundet');
  });

  it('is for the AutovalidVINSearch role only', async () => {
    expect((await get('/api/vin/CreateTicketAutoValid/AB12345/REPLACE_FRONT', 'REV')).statusCode).toBe(403);
    expect((await get('/api/vin/GetTicketUpdate/x/y', 'KS')).statusCode).toBe(403);
  });
});

describe('access', () => {
  it('lets the order-flow roles and ReviewManager search products, and refuses Stock and TimeManagement', async () => {
    for (const initials of ['KS', 'OP', 'ADM', 'REV']) {
      expect((await get('/api/product/searchitems?search=forrude', initials)).statusCode, initials).toBe(200);
    }
    for (const initials of ['LAG', 'TM']) {
      const response = await get('/api/product/searchitems?search=forrude', initials);
      expect(response.statusCode, initials).toBe(403);
      expect(response.json()).toMatchObject({ type: 'UNAUTHORIZED_ERROR', message: 'Du har ikke adgang til denne funktion' });
    }
    expect((await get('/api/car/search/AB12345', 'LAG')).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/car/manufacturers' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/product/image/{no}', () => {
  it("draws a product as its group's kind, cached by the browser", async () => {
    const windscreen = await get('/api/product/image/F10001?v=1');
    expect(windscreen.statusCode).toBe(200);
    expect(windscreen.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(windscreen.headers['cache-control']).toBe('private, max-age=86400');
    expect(windscreen.headers.etag).toBe('"windscreen-1"');
    expect(windscreen.body).toMatch(/^<svg /);
    expect((await get('/api/product/image/PK3')).headers.etag).toBe('"calibration-1"');
    expect((await get('/api/product/image/VISK-600450')).headers.etag).toBe('"wiper-1"');

    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/product/image/F10001',
      headers: { cookie: cookies.KS!, 'if-none-match': '"windscreen-1"' },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers 404 for an unknown product and 403 for roles without the catalogue', async () => {
    expect((await get('/api/product/image/NOPE-1')).statusCode).toBe(404);
    expect((await get('/api/product/image/F10001', 'LAG')).statusCode).toBe(403);
  });
});
