import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLoanCar } from '@/domain/loan-cars';
import type { TOrder } from '@/domain/orders';
import { drawSignaturePng, encodePng } from '@/server/areas/documents/signature-png';
import { departments, loanCars, orders } from '@/server/db/schema';
import { oversizedSignaturePng } from '../helpers/hostile';
import { multipartForm } from '../helpers/multipart';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let dataDir: string;
let op: string;
let orderId: string;
let aarhusId: string;
/** The order's department: the agreement is signed for a car it lends. */
let orderDepartmentId: string;

const signature = () => ({ bytes: drawSignaturePng(2), name: 'signature.png', type: 'image/png' });

async function sign(url: string, file: { bytes: Uint8Array; name: string; type: string } | null = signature(), cookie = op) {
  return ctx.app.inject({ method: 'PUT', url, headers: { cookie }, payload: multipartForm({}, file ?? undefined) });
}

async function fetchPdf(link: string): Promise<PDFDocument> {
  const response = await ctx.app.inject({ method: 'GET', url: link, headers: { cookie: op } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  return PDFDocument.load(response.rawPayload);
}

/** The image XObjects the pages draw (the stamped signature). */
function imagesOf(pdf: PDFDocument): PDFRawStream[] {
  const images: PDFRawStream[] = [];
  for (const page of pdf.getPages()) {
    const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    for (const ref of xObjects?.values() ?? []) {
      const object = pdf.context.lookup(ref);
      if (object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')) images.push(object);
    }
  }
  return images;
}

async function order(id = orderId): Promise<TOrder> {
  return (await ctx.app.inject({ method: 'GET', url: `/api/order/order/${id}`, headers: { cookie: op } })).json();
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'rudeplan-documents-'));
  ctx = await createTestApp({ env: { DATA_DIR: dataDir } });
  op = await login(ctx.app, 'OP');
  const [aarhus] = await ctx.database.db.select({ id: departments.id }).from(departments).where(eq(departments.navLocationCode, 'ARH'));
  aarhusId = aarhus!.id;
  const [row] = await ctx.database.db
    .select({ id: orders.id, departmentId: orders.departmentId })
    .from(orders)
    .where(
      and(
        eq(orders.orderStatus, 'PROCESSING'),
        sql`${orders.orderType} like 'REPLACE%'`,
        sql`${orders.customerName} <> ''`,
        // The free loan car (BIL001) enables the loan agreement.
        sql`exists (select 1 from order_items as i where i.order_id = ${orders.id} and i.item_no = 'BIL001')`,
        // Its department lends cars of its own.
        sql`exists (select 1 from loan_cars as c where c.department_id = ${orders.departmentId})`,
      ),
    )
    .limit(1);
  orderId = row!.id;
  orderDepartmentId = row!.departmentId!;
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('PUT /api/SignedPDF/SignCalibrationChallenges/{id}', () => {
  it('builds a one-page PDF with the signature stamped in, stores it and links it on the order', async () => {
    const response = await sign(`/api/SignedPDF/SignCalibrationChallenges/${orderId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    const link = response.json<string>();
    expect(link).toMatch(/^\/api\/SignedPDF\/[0-9a-f-]{36}$/);

    const pdf = await fetchPdf(link);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe('Ansvarsfraskrivelse – kalibrering af førerassistentsystemer (ADAS)');
    const [image] = imagesOf(pdf);
    expect(image).toBeDefined();
    expect(image!.dict.get(PDFName.of('Width'))?.toString()).toBe('450');

    expect((await order()).orderProperties.signCalibrationChallenges).toBe(link);
    const journal = (await ctx.app.inject({ method: 'GET', url: `/api/taskjournal/${orderId}`, headers: { cookie: op } })).json<
      Array<{ text: string; by: string; changes: Array<{ field: string; to: unknown }> }>
    >();
    expect(journal[0]).toMatchObject({ text: 'Ansvarsfraskrivelse (ADAS) underskrevet', by: 'OP' });
    expect(journal[0]!.changes).toContainEqual(
      expect.objectContaining({ field: 'orderProperties.signCalibrationChallenges', to: 'Underskrevet' }),
    );
  });

  it('refuses a missing signature, one that is not a PNG and a PNG that cannot be read', async () => {
    const url = `/api/SignedPDF/SignCalibrationChallenges/${orderId}`;
    expect((await sign(url, null)).json()).toMatchObject({ status: 400, errors: { file: ['Underskriften mangler'] } });
    const jpeg = await sign(url, { bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), name: 's.png', type: 'image/png' });
    expect(jpeg.json()).toMatchObject({ status: 400, errors: { file: ['Underskriften skal være et PNG-billede'] } });
    const broken = drawSignaturePng(1).subarray(0, 60);
    expect((await sign(url, { bytes: broken, name: 's.png', type: 'image/png' })).json()).toMatchObject({
      status: 400,
      errors: { file: ['Underskriften kunne ikke læses'] },
    });
  });

  it('refuses a signature whose header declares more than the 450 x 85 canvas, without decoding it', async () => {
    const url = `/api/SignedPDF/SignCalibrationChallenges/${orderId}`;
    const before = (await order()).orderProperties.signCalibrationChallenges;
    const message = 'Underskriften er større end underskriftsfeltet (højst 450 × 85 punkter)';
    // The file: 124 KB, 4000 x 4000 16-bit RGBA of zeros, 128 MB once inflated.
    const bomb = await sign(url, { bytes: oversizedSignaturePng(), name: 'signature.png', type: 'image/png' });
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json()).toMatchObject({ type: 'VALIDATION_ERROR', errors: { file: [message] } });
    // One pixel wider or taller than the canvas is refused too; the canvas's own size and less are taken.
    for (const [width, height] of [
      [451, 85],
      [450, 86],
    ] as const) {
      const wide = await sign(url, {
        bytes: encodePng(width, height, new Uint8Array(width * height * 4)),
        name: 's.png',
        type: 'image/png',
      });
      expect(wide.json()).toMatchObject({ status: 400, errors: { file: [message] } });
    }
    expect((await order()).orderProperties.signCalibrationChallenges).toBe(before);
    const small = await sign(url, { bytes: encodePng(300, 60, new Uint8Array(300 * 60 * 4).fill(200)), name: 's.png', type: 'image/png' });
    expect(small.statusCode).toBe(200);
    const [image] = imagesOf(await fetchPdf(small.json<string>()));
    expect(image!.dict.get(PDFName.of('Width'))?.toString()).toBe('300');
  });

  it('refuses an unknown or finished order and a user without the worksheet roles', async () => {
    expect((await sign('/api/SignedPDF/SignCalibrationChallenges/7f1c0d4e-3a0c-4d55-9a53-0d6c7b0c1a11')).statusCode).toBe(404);
    const [finished] = await ctx.database.db.select({ id: orders.id }).from(orders).where(eq(orders.orderStatus, 'FINISHED')).limit(1);
    const locked = await sign(`/api/SignedPDF/SignCalibrationChallenges/${finished!.id}`);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe('Ordren er afsluttet og kan ikke ændres');
    const stock = await login(ctx.app, 'LAG');
    expect((await sign(`/api/SignedPDF/SignCalibrationChallenges/${orderId}`, signature(), stock)).statusCode).toBe(403);
  });
});

describe('PUT /api/SignedPDF/SignLoanCar/{orderId}/{carId}', () => {
  it('signs the agreement for a car of the department and links both the PDF and the car', async () => {
    const cars = (
      await ctx.app.inject({ method: 'GET', url: `/api/DepartmentLoanCar/${orderDepartmentId}`, headers: { cookie: op } })
    ).json<TLoanCar[]>();
    const car = cars[0]!;
    const marked = await ctx.app.inject({
      method: 'POST',
      url: `/api/DepartmentLoanCar/damage/add/${car.id}/?orderId=${orderId}`,
      headers: { cookie: op },
      payload: { x: 40, y: 20, description: 'Ridse ved udlevering' },
    });
    expect(marked.statusCode, marked.body).toBe(200);

    const response = await sign(`/api/SignedPDF/SignLoanCar/${orderId}/${car.id}`);
    expect(response.statusCode).toBe(200);
    const link = response.json<string>();
    const pdf = await fetchPdf(link);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe('Låneaftale – lånebil');
    expect(imagesOf(pdf)).toHaveLength(1);

    const saved = await order();
    expect(saved.orderProperties).toMatchObject({ signedLoanCar: link, loanCarId: car.id });
    // The disclaimer signed before is still linked.
    expect(saved.orderProperties.signCalibrationChallenges).toMatch(/^\/api\/SignedPDF\//);
  });

  it('refuses an order without the free loan car (BIL001), and a car that does not exist', async () => {
    const [withoutCar] = await ctx.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.orderStatus, 'PROCESSING'),
          sql`not exists (select 1 from order_items as i where i.order_id = ${orders.id} and i.item_no = 'BIL001')`,
        ),
      )
      .limit(1);
    const cars = (await ctx.app.inject({ method: 'GET', url: `/api/DepartmentLoanCar/${aarhusId}`, headers: { cookie: op } })).json<
      TLoanCar[]
    >();
    const refused = await sign(`/api/SignedPDF/SignLoanCar/${withoutCar!.id}/${cars[0]!.id}`);
    expect(refused.statusCode).toBe(409);
    expect((await order(withoutCar!.id)).orderProperties.signedLoanCar).toBe('');

    const response = await sign(`/api/SignedPDF/SignLoanCar/${orderId}/7f1c0d4e-3a0c-4d55-9a53-0d6c7b0c1a11`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Lånebilen findes ikke');
  });

  it("refuses a car that the order's department does not lend, and links nothing (issue 37)", async () => {
    const lent = (
      await ctx.app.inject({ method: 'GET', url: `/api/DepartmentLoanCar/${orderDepartmentId}`, headers: { cookie: op } })
    ).json<TLoanCar[]>();
    const [other] = await ctx.database.db
      .select({ id: loanCars.id })
      .from(loanCars)
      .where(
        notInArray(
          loanCars.id,
          lent.map((c) => c.id),
        ),
      )
      .limit(1);
    const before = (await order()).orderProperties.signedLoanCar;
    const refused = await sign(`/api/SignedPDF/SignLoanCar/${orderId}/${other!.id}`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe('Lånebilen hører ikke til ordrens afdeling');
    expect((await order()).orderProperties.signedLoanCar).toBe(before);
  });
});

describe('templates and demo document', () => {
  it('serves the unsigned templates, without a signature', async () => {
    for (const kind of ['adas', 'loancar']) {
      const pdf = await fetchPdf(`/api/SignedPDF/template/${kind}`);
      expect(pdf.getPageCount()).toBe(1);
      expect(imagesOf(pdf)).toHaveLength(0);
    }
  });

  it('answers 404 for a document that does not exist', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/SignedPDF/7f1c0d4e-3a0c-4d55-9a53-0d6c7b0c1a11',
      headers: { cookie: op },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Dokumentet findes ikke');
  });

  it('has a signed disclaimer on a finished demo order', async () => {
    const [row] = (
      await ctx.database.db.execute<{ id: string }>(
        sql`select id from orders where order_properties->>'signCalibrationChallenges' like '/api/SignedPDF/%' and order_status = 'FINISHED' limit 1`,
      )
    ).rows;
    const link = (await order(row!.id)).orderProperties.signCalibrationChallenges;
    const pdf = await fetchPdf(link);
    expect(imagesOf(pdf)).toHaveLength(1);
  });
});
