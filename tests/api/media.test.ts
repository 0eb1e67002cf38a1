import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrderImage } from '@/domain/media';
import { encodePng } from '@/server/areas/documents/signature-png';
import { orderImages, orders, users } from '@/server/db/schema';
import { fakePng } from '../helpers/hostile';
import { multipartForm } from '../helpers/multipart';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let dataDir: string;
let op: string;
let processing: { id: string; debitorNo: string };
let finishedId: string;
/** Orders without photos for the quota tests. */
let spare: string[];

const png = (seed: number) =>
  encodePng(
    2,
    2,
    Uint8Array.from({ length: 16 }, (_, i) => (i * seed) % 256),
  );
let jpeg: Buffer;

async function upload(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type: string }, cookie = op) {
  return ctx.app.inject({ method: 'PUT', url: '/api/media', headers: { cookie }, payload: multipartForm(fields, file) });
}

async function list(orderId = processing.id): Promise<TOrderImage[]> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/media/${orderId}/0`, headers: { cookie: op } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'rudeplan-media-'));
  ctx = await createTestApp({ env: { DATA_DIR: dataDir } });
  op = await login(ctx.app, 'OP');
  jpeg = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
  const open = await ctx.database.db
    .select({ id: orders.id, debitorNo: orders.debitorNo })
    .from(orders)
    .where(
      and(
        eq(orders.orderStatus, 'PROCESSING'),
        eq(orders.orderType, 'REPLACE_FRONT'),
        sql`not exists (select 1 from order_images i where i.order_id = ${orders.id})`,
      ),
    )
    .limit(7);
  processing = open[0]!;
  spare = open.slice(1).map((o) => o.id);
  const [finished] = await ctx.database.db.select({ id: orders.id }).from(orders).where(eq(orders.orderStatus, 'FINISHED')).limit(1);
  finishedId = finished!.id;
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('PUT /api/media', () => {
  it('stores a photo under DATA_DIR/media and serves its bytes with its type', async () => {
    const bytes = png(3);
    const response = await upload(
      { orderId: processing.id, imageType: 'BEFORE', fileName: 'før.png' },
      { bytes, name: 'blob', type: 'image/png' },
    );
    expect(response.statusCode).toBe(200);
    const image = response.json<TOrderImage>();
    expect(image).toMatchObject({ imageType: 'BEFORE', title: 'Før', fileName: 'før.png', contentType: 'image/png', createdBy: 'OP' });
    expect(image.url).toEqual([`/api/media/file/${image.id}`]);
    expect(readdirSync(path.join(dataDir, 'media', 'orders', processing.id))).toEqual([`${image.id}.png`]);

    const file = await ctx.app.inject({ method: 'GET', url: image.url[0]!, headers: { cookie: op } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.length).toBe(image.size);
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'png', width: 2, height: 2 });

    const journal = (await ctx.app.inject({ method: 'GET', url: `/api/taskjournal/${processing.id}`, headers: { cookie: op } })).json<
      Array<{ text: string; by: string }>
    >();
    expect(journal[0]).toMatchObject({ text: 'Billede tilføjet: Før (før.png)', by: 'OP' });
  });

  it('replaces the photo of a one-image type and removes the old file', async () => {
    const [old] = (await list()).filter((i) => i.imageType === 'BEFORE');
    const response = await upload(
      { orderId: processing.id, imageType: 'BEFORE', fileName: 'ny.jpg' },
      { bytes: jpeg, name: 'ny.jpg', type: 'image/jpeg' },
    );
    expect(response.statusCode).toBe(200);
    const before = (await list()).filter((i) => i.imageType === 'BEFORE');
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({ fileName: 'ny.jpg', contentType: 'image/jpeg' });
    expect(existsSync(path.join(dataDir, 'media', 'orders', processing.id, `${old!.id}.png`))).toBe(false);
    expect((await ctx.app.inject({ method: 'GET', url: old!.url[0]!, headers: { cookie: op } })).statusCode).toBe(404);
  });

  it('keeps several images of type Andet, listed after the fixed types', async () => {
    for (const name of ['ridse.png', 'kvittering.png']) {
      expect(
        (
          await upload(
            { orderId: processing.id, imageType: 'CUSTOM', fileName: name },
            { bytes: png(name.length), name, type: 'image/png' },
          )
        ).statusCode,
      ).toBe(200);
    }
    expect(
      (await upload({ orderId: processing.id, imageType: 'AFTER' }, { bytes: png(9), name: 'efter.png', type: 'image/png' })).statusCode,
    ).toBe(200);
    const images = await list();
    expect(images.map((i) => `${i.imageType}:${i.title}`)).toEqual([
      'BEFORE:Før',
      'AFTER:Efter',
      'CUSTOM:ridse.png',
      'CUSTOM:kvittering.png',
    ]);
  });

  it('checks the bytes, not the name or the declared type', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const response = await upload({ orderId: processing.id, imageType: 'DAMAGE' }, { bytes: svg, name: 'skade.jpg', type: 'image/jpeg' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ type: 'VALIDATION_ERROR', errors: { file: ['Billedet skal være JPEG, PNG eller WebP'] } });
    const gif = await upload(
      { orderId: processing.id, imageType: 'DAMAGE' },
      { bytes: Buffer.from('GIF89a....'), name: 'a.png', type: 'image/png' },
    );
    expect(gif.statusCode).toBe(400);
  });

  it('refuses a missing file, an unknown type and a file over 15 MB with Danish messages', async () => {
    const noFile = await upload({ orderId: processing.id, imageType: 'DAMAGE' });
    expect(noFile.json()).toMatchObject({ status: 400, errors: { file: ['Vælg et billede'] } });
    const badType = await upload({ orderId: processing.id, imageType: 'SELFIE' }, { bytes: jpeg, name: 'a.jpg', type: 'image/jpeg' });
    expect(badType.json()).toMatchObject({ status: 400, errors: { imageType: ['Ukendt billedtype'] } });
    const big = Buffer.alloc(15 * 1024 * 1024 + 10, 1);
    jpeg.copy(big);
    const tooBig = await upload({ orderId: processing.id, imageType: 'DAMAGE' }, { bytes: big, name: 'stor.jpg', type: 'image/jpeg' });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('Billedet er for stort (højst 15 MB)');
    const json = await ctx.app.inject({ method: 'PUT', url: '/api/media', headers: { cookie: op }, payload: { orderId: processing.id } });
    expect(json.statusCode).toBe(415);
  });

  it('refuses photos on a finished order and on an order that does not exist', async () => {
    const locked = await upload({ orderId: finishedId, imageType: 'AFTER' }, { bytes: jpeg, name: 'a.jpg', type: 'image/jpeg' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe('Ordren er afsluttet og kan ikke ændres');
    const missing = await upload(
      { orderId: '7f1c0d4e-3a0c-4d55-9a53-0d6c7b0c1a11', imageType: 'AFTER' },
      { bytes: jpeg, name: 'a.jpg', type: 'image/jpeg' },
    );
    expect(missing.statusCode).toBe(404);
  });

  it('lets only the worksheet roles upload and see photos', async () => {
    const [image] = await list();
    const stock = await login(ctx.app, 'LAG');
    expect((await ctx.app.inject({ method: 'GET', url: image!.url[0]!, headers: { cookie: stock } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: image!.url[0]! })).statusCode).toBe(401);
    expect(
      (await upload({ orderId: processing.id, imageType: 'VIN' }, { bytes: jpeg, name: 'a.jpg', type: 'image/jpeg' }, stock)).statusCode,
    ).toBe(403);
    const reviewer = await login(ctx.app, 'REV');
    expect((await ctx.app.inject({ method: 'GET', url: image!.url[0]!, headers: { cookie: reviewer } })).statusCode).toBe(200);
  });

  it('removes a photo with its file', async () => {
    const custom = (await list()).filter((i) => i.imageType === 'CUSTOM');
    const response = await ctx.app.inject({ method: 'DELETE', url: `/api/media/${custom[0]!.id}`, headers: { cookie: op }, payload: {} });
    expect(response.statusCode).toBe(204);
    expect((await list()).filter((i) => i.imageType === 'CUSTOM').map((i) => i.id)).toEqual([custom[1]!.id]);
    expect(existsSync(path.join(dataDir, 'media', 'orders', processing.id, `${custom[0]!.id}.png`))).toBe(false);
  });
});

describe('demo photos', () => {
  it("shows the demo orders' photos as images", async () => {
    const [row] = (
      await ctx.database.db.execute<{ order_id: string }>(sql`select order_id from order_images where storage_key like 'demo/%' limit 1`)
    ).rows;
    expect(row).toBeDefined();
    const images = await list(row!.order_id);
    expect(images.length).toBeGreaterThan(0);
    const file = await ctx.app.inject({ method: 'GET', url: images[0]!.url[0]!, headers: { cookie: op } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/svg+xml');
    expect(file.headers['content-security-policy']).toContain('sandbox');
    expect(file.body).toContain('<svg');
  });
});

describe('what an upload stores (issue 37)', () => {
  const fillOrder = (orderId: string, count: number, sizeBytes: number, createdById: string | null = null, createdAt = new Date()) =>
    ctx.database.db.insert(orderImages).values(
      Array.from({ length: count }, (_, i) => ({
        orderId,
        imageType: 'CUSTOM',
        storageKey: `orders/${orderId}/fill-${i}.jpg`,
        contentType: 'image/jpeg',
        sizeBytes,
        fileName: `fill-${i}.jpg`,
        createdById,
        createdBy: 'OP',
        createdAt,
      })),
    );
  const files = (orderId: string) =>
    existsSync(path.join(dataDir, 'media', 'orders', orderId)) ? readdirSync(path.join(dataDir, 'media', 'orders', orderId)) : [];

  it('refuses a 14 MB file that only starts like a PNG, and stores nothing', async () => {
    const before = await list();
    const stored = files(processing.id);
    const response = await upload(
      { orderId: processing.id, imageType: 'CUSTOM', fileName: 'nul.png' },
      { bytes: fakePng(), name: 'nul.png', type: 'image/png' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ type: 'VALIDATION_ERROR', errors: { file: ['Billedet kan ikke læses'] } });
    expect(await list()).toEqual(before);
    expect(files(processing.id)).toEqual(stored);
  });

  it('stores a 4000 x 3000 phone photo within 1 MB and 1920 px, turned upright, without EXIF or GPS', async () => {
    // Taken with the phone on its side (EXIF orientation 6: turn 90° clockwise to show), with a position.
    // Noise (drawn small and enlarged, which is quicker) so that it does not fit in 1 MB at 1920 px as it is.
    const noise = await sharp({
      create: { width: 1000, height: 750, channels: 3, background: '#5a7fa0', noise: { type: 'gaussian', mean: 120, sigma: 40 } },
    })
      .raw()
      .toBuffer();
    const photo = await sharp(noise, { raw: { width: 1000, height: 750, channels: 3 } })
      .resize(4000, 3000, { kernel: 'nearest' })
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: 'Testtelefon' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '56/1 9/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '10/1 12/1 0/1' },
      })
      .jpeg({ quality: 90 })
      .toBuffer();
    const sent = await sharp(photo).metadata();
    expect(sent).toMatchObject({ width: 4000, height: 3000, orientation: 6 });
    expect(photo.length).toBeGreaterThan(3_000_000);
    expect(sent.exif?.includes(Buffer.from('Testtelefon'))).toBe(true);

    const response = await upload(
      { orderId: processing.id, imageType: 'DAMAGE', fileName: 'skade.jpg' },
      { bytes: photo, name: 'skade.jpg', type: 'image/jpeg' },
    );
    expect(response.statusCode).toBe(200);
    const image = response.json<TOrderImage>();
    expect(image).toMatchObject({ imageType: 'DAMAGE', contentType: 'image/jpeg', fileName: 'skade.jpg' });
    expect(image.size).toBeLessThanOrEqual(1_000_000);

    const file = await ctx.app.inject({ method: 'GET', url: image.url[0]!, headers: { cookie: op } });
    expect(file.rawPayload.length).toBe(image.size);
    const stored = await sharp(file.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 1440, height: 1920 });
    expect(stored.orientation).toBeUndefined();
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(file.rawPayload.includes(Buffer.from('Testtelefon'))).toBe(false);
  });

  it("accepts the spec's spelling of the type Andet, 'Custom', as well as 'CUSTOM'", async () => {
    for (const imageType of ['Custom', 'custom', 'CUSTOM']) {
      const response = await upload(
        { orderId: processing.id, imageType, fileName: `${imageType}.png` },
        { bytes: png(imageType.length + 1), name: 'a.png', type: 'image/png' },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ imageType: 'CUSTOM', title: `${imageType}.png` });
    }
    const customs = (await list()).filter((i) => i.imageType === 'CUSTOM').map((i) => i.title);
    expect(customs).toEqual(expect.arrayContaining(['Custom.png', 'custom.png', 'CUSTOM.png']));
  });

  it("refuses a photo past the order's 60, also when several arrive at once", async () => {
    const orderId = spare[0]!;
    await fillOrder(orderId, 59, 1000);
    const responses = await Promise.all(
      [1, 2, 3, 4].map((seed) =>
        upload({ orderId, imageType: 'CUSTOM', fileName: `${seed}.png` }, { bytes: png(seed), name: `${seed}.png`, type: 'image/png' }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(refused.json()).toMatchObject({
        type: 'GENERIC_ERROR',
        message: 'Ordren har ikke plads til flere billeder (højst 60 billeder og 60 MB)',
      });
    }
    expect(await list(orderId)).toHaveLength(60);
    expect(files(orderId)).toHaveLength(1);
  });

  it("refuses a photo past the order's 60 MB", async () => {
    const orderId = spare[1]!;
    await fillOrder(orderId, 1, 60_000_000 - 10);
    const response = await upload({ orderId, imageType: 'BEFORE' }, { bytes: jpeg, name: 'a.jpg', type: 'image/jpeg' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Ordren har ikke plads til flere billeder (højst 60 billeder og 60 MB)');
    expect(files(orderId)).toEqual([]);
  });

  it("refuses a user's photos past 300 MB in a day, and takes them again the next", async () => {
    const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.initials, 'OP'));
    const orderId = spare[2]!;
    await fillOrder(orderId, 1, 300_000_000 - 10, user!.id);
    const response = await upload({ orderId: processing.id, imageType: 'CUSTOM' }, { bytes: jpeg, name: 'a.jpg', type: 'image/jpeg' });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({
      type: 'GENERIC_ERROR',
      message: 'Du har gemt for mange billeder det seneste døgn (højst 300 MB)',
    });
    // Another user is not held back by it.
    const other = await login(ctx.app, 'KS');
    expect(
      (await upload({ orderId: processing.id, imageType: 'CUSTOM' }, { bytes: jpeg, name: 'a.jpg', type: 'image/jpeg' }, other)).statusCode,
    ).toBe(200);

    await ctx.database.db
      .update(orderImages)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(orderImages.orderId, orderId));
    expect(
      (await upload({ orderId: processing.id, imageType: 'CUSTOM' }, { bytes: jpeg, name: 'a.jpg', type: 'image/jpeg' })).statusCode,
    ).toBe(200);
  });

  // A file the decoder refuses (400 'Billedet kan ikke læses'): answered with the bound's refusal instead, it was
  // refused before it was decoded.
  const undecodable = () => ({ bytes: fakePng(), name: 'nul.png', type: 'image/png' });

  it('refuses a photo to an order already full before decoding it', async () => {
    const orderId = spare[3]!;
    await fillOrder(orderId, 60, 1000);
    for (const imageType of ['CUSTOM', 'BEFORE']) {
      const response = await upload({ orderId, imageType }, undecodable());
      expect(response.statusCode, imageType).toBe(409);
      expect(response.json().message).toBe('Ordren har ikke plads til flere billeder (højst 60 billeder og 60 MB)');
    }
    expect(await list(orderId)).toHaveLength(60);
    expect(files(orderId)).toEqual([]);
  });

  it('still replaces the photo of a one-image type on a full order (the early check leaves out what is replaced)', async () => {
    const orderId = spare[4]!;
    await fillOrder(orderId, 59, 1000);
    const first = await upload({ orderId, imageType: 'BEFORE', fileName: 'før.jpg' }, { bytes: jpeg, name: 'a.jpg', type: 'image/jpeg' });
    expect(first.statusCode, first.body).toBe(200);
    expect(await list(orderId)).toHaveLength(60);
    const replaced = await upload(
      { orderId, imageType: 'BEFORE', fileName: 'før-igen.jpg' },
      { bytes: jpeg, name: 'b.jpg', type: 'image/jpeg' },
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    const images = await list(orderId);
    expect(images).toHaveLength(60);
    expect(images.filter((i) => i.imageType === 'BEFORE').map((i) => i.fileName)).toEqual(['før-igen.jpg']);
  });

  it("refuses a user's photo past the day's 300 MB before decoding it", async () => {
    const ks = await login(ctx.app, 'KS');
    const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.initials, 'KS'));
    const orderId = spare[5]!;
    await fillOrder(orderId, 1, 300_000_000, user!.id);
    try {
      const response = await upload({ orderId: processing.id, imageType: 'CUSTOM' }, undecodable(), ks);
      expect(response.statusCode).toBe(429);
      expect(response.json().message).toBe('Du har gemt for mange billeder det seneste døgn (højst 300 MB)');
    } finally {
      await ctx.database.db
        .update(orderImages)
        .set({ createdAt: sql`now() - interval '25 hours'` })
        .where(eq(orderImages.orderId, orderId));
    }
  });
});
