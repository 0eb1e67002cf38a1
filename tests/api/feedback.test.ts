import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toWireDateTime } from '@/domain/lib/dates';
import { feedback, orders, users } from '@/server/db/schema';
import { csvRecords, parseCsv } from '../helpers/csv';
import { fakePng } from '../helpers/hostile';
import { multipartForm } from '../helpers/multipart';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let dataDir: string;
let ks: string;
let job: { id: string; orderNr: number; workerId: string; workerName: string };

let jpeg: Buffer;

beforeAll(async () => {
  // A real photo, 2400 px wide with GPS in its EXIF: what a fitter's phone sends.
  jpeg = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#3a6ea5' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Telefon' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '56/1 9/1 0/1' } })
    .toBuffer();
  dataDir = await mkdtemp(path.join(tmpdir(), 'rudeplan-feedback-'));
  ctx = await createTestApp({ env: { DATA_DIR: dataDir } });
  ks = await login(ctx.app, 'KS');
  const [row] = await ctx.database.db
    .select({ id: orders.id, orderNr: orders.orderNr, workerId: orders.workerId, workerName: users.name })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.workerId))
    .where(eq(orders.orderStatus, 'FINISHED'))
    .orderBy(asc(orders.orderNr))
    .limit(1);
  job = { ...row!, workerId: row!.workerId! };
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

const fields = (change: Record<string, string> = {}) => ({
  type: 'QUALITY',
  subType: 'Utæt rude',
  description: 'Kunden oplever at ruden er utæt i venstre side',
  userId: job.workerId,
  userName: job.workerName,
  orderId: job.id,
  ...change,
});
const create = (form: FormData, cookie = ks) =>
  ctx.app.inject({ method: 'PUT', url: '/api/feedback/CreateFeedback', headers: { cookie }, payload: form });

describe('PUT /api/feedback/CreateFeedback', () => {
  it("stores feedback on the order's fitter with who gave it", async () => {
    const response = await create(multipartForm(fields()));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      orderNr: String(job.orderNr),
      type: 'QUALITY',
      subType: 'Utæt rude',
      userId: job.workerId,
      userName: job.workerName,
      createdBy: 'KS',
      hasImage: false,
    });
    const [row] = await ctx.database.db.select().from(feedback).where(eq(feedback.id, response.json().id));
    expect(row).toMatchObject({ orderId: job.id, workerId: job.workerId, createdBy: 'KS', imageKey: null });
  });

  it("stores the fitter's own name whatever userName the client sends, so the report's Montør column shows the real fitter (issue 37)", async () => {
    const response = await create(multipartForm(fields({ userName: '@evil', description: 'Navnet kommer fra serveren' })));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ userId: job.workerId, userName: job.workerName, createdBy: 'KS' });
    const [row] = await ctx.database.db.select().from(feedback).where(eq(feedback.id, response.json().id));
    expect(row!.workerName).toBe(job.workerName);
    const today = toWireDateTime(new Date()).slice(0, 10);
    const report = await ctx.app.inject({ method: 'GET', url: `/api/feedback?from=${today}&to=${today}`, headers: { cookie: ks } });
    expect(csvRecords(report.body.slice(1)).records.find((r) => r['Kommentar'] === 'Navnet kommer fra serveren')).toMatchObject({
      Montør: job.workerName,
    });
    expect(report.body).not.toContain('@evil');
  });

  it('keeps an image in the file storage', async () => {
    const response = await create(
      multipartForm({ ...fields(), fileName: 'rude.jpg' }, { bytes: jpeg, name: 'IMG_1.jpg', type: 'image/jpeg' }),
    );
    expect(response.json().hasImage).toBe(true);
    const [row] = await ctx.database.db.select().from(feedback).where(eq(feedback.id, response.json().id));
    expect(row).toMatchObject({ imageName: 'rude.jpg', imageContentType: 'image/jpeg' });
    expect(row!.imageKey).toMatch(/^feedback\/[0-9a-f-]+\.jpg$/);
    const stored = path.join(dataDir, 'media', ...row!.imageKey!.split('/'));
    expect(existsSync(stored)).toBe(true);
    // Stored anew as the photos are (issue 37): longest side 1920 px, no EXIF or GPS.
    const meta = await sharp(stored).metadata();
    expect(Math.max(meta.width, meta.height)).toBe(1920);
    expect(meta.exif).toBeUndefined();
  });

  it('refuses a file that only starts like an image, and stores nothing (issue 37)', async () => {
    const before = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(feedback);
    const response = await create(multipartForm(fields(), { bytes: fakePng(), name: 'x.png', type: 'image/png' }));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toEqual({ file: ['Billedet kan ikke læses'] });
    const after = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(feedback);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('needs type, sub-type of that type, comment, order and fitter, with Danish messages', async () => {
    const missing = await create(multipartForm(fields({ description: ' ', subType: '' })));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({ description: ['Feltet er påkrævet'], subType: ['Feltet er påkrævet'] });
    const wrongSub = await create(multipartForm(fields({ type: 'PRAISE', subType: 'Utæt rude' })));
    expect(wrongSub.json().errors).toEqual({ subType: ['Vælg en underkategori til typen'] });
    const notWorker = await create(multipartForm(fields({ userId: '11111111-1111-4111-8111-111111111111' })));
    expect(notWorker.json().errors).toEqual({ userId: ['Feedback gives på ordrens montør'] });
    const notImage = await create(multipartForm(fields(), { bytes: Buffer.from('hej'), name: 'x.jpg', type: 'image/jpeg' }));
    expect(notImage.json().errors).toEqual({ file: ['Billedet skal være JPEG, PNG eller WebP'] });
  });

  it('refuses an order without a fitter, and JSON bodies', async () => {
    const [none] = await ctx.database.db.select({ id: orders.id }).from(orders).where(isNull(orders.workerId)).limit(1);
    const response = await create(multipartForm(fields({ orderId: none!.id })));
    expect(response.json().errors).toEqual({ userId: ['Der skal vælges en montør på ordren, før der kan gives feedback'] });
    const json = await ctx.app.inject({ method: 'PUT', url: '/api/feedback/CreateFeedback', headers: { cookie: ks }, payload: fields() });
    expect(json.statusCode).toBe(415);
  });
});

describe('GET /api/feedback (report)', () => {
  it('downloads the feedback of the days as CSV, the demo feedback included', async () => {
    const [seeded] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(feedback)
      .where(isNotNull(feedback.createdById));
    expect(seeded!.n).toBeGreaterThan(3);
    // The report's days are Copenhagen's (after 23:00 UTC in winter it is already tomorrow there).
    const today = toWireDateTime(new Date()).slice(0, 10);
    const yearAgo = toWireDateTime(new Date(Date.now() - 365 * 86_400_000)).slice(0, 10);
    const response = await ctx.app.inject({ method: 'GET', url: `/api/feedback?from=${yearAgo}&to=${today}`, headers: { cookie: ks } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(parseCsv(response.body).bom).toBe(true);
    const { header, records } = csvRecords(response.body.slice(1));
    expect(header).toEqual(['Dato', 'Tid', 'Ordrenr.', 'Reg.nr.', 'Montør', 'Type', 'Underkategori', 'Kommentar', 'Billede', 'Givet af']);
    expect(records.length).toBe(await ctx.database.db.$count(feedback));
    const mine = records.find((r) => r['Billede'] === 'rude.jpg')!;
    expect(mine).toMatchObject({
      'Ordrenr.': String(job.orderNr),
      Montør: job.workerName,
      Type: 'Kvalitet',
      Underkategori: 'Utæt rude',
      'Givet af': 'KS',
    });
    expect(mine['Dato']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
