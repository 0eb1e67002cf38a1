import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZOldPriceImportReport, ZOldProductPage, type TOldPriceImportReport, type TOldProductPage } from '@/domain/old-prices';
import { OLD_PRICES } from '@/server/db/seed/reference/old-prices';
import { multipartForm } from '../helpers/multipart';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let ks: string;
let adm: string;

async function get(url: string, cookie = ks) {
  return ctx.app.inject({ method: 'GET', url, headers: { cookie } });
}

async function page(url: string): Promise<TOldProductPage> {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return ZOldProductPage.parse(response.json());
}

const search = (term: string, query = '') => page(`/api/oldpricelist/search/${encodeURIComponent(term)}${query}`);

function upload(file: { bytes: Uint8Array; name: string; type?: string } | null, fields: Record<string, string>, cookie = adm) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/oldpricelist/import',
    headers: { cookie },
    payload: multipartForm(fields, file ? { bytes: file.bytes, name: file.name, type: file.type ?? 'text/csv' } : undefined),
  });
}

async function imported(
  file: { bytes: Uint8Array; name: string; type?: string },
  fields: Record<string, string>,
): Promise<TOldPriceImportReport> {
  const response = await upload(file, fields);
  expect(response.statusCode, response.body).toBe(200);
  return ZOldPriceImportReport.parse(response.json());
}

const CP1252: Record<string, number> = { '€': 0x80, Š: 0x8a, š: 0x9a, '–': 0x96, '”': 0x94 };

/** A CSV as Danish Excel saves it: ';' between cells, Windows-1252, CRLF. */
function windows1252Csv(lines: string[]): Uint8Array {
  return Uint8Array.from([...lines.join('\r\n')].map((char) => CP1252[char] ?? char.charCodeAt(0)));
}

const utf8 = (text: string, bom = false) =>
  Uint8Array.from(Buffer.concat([bom ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0), Buffer.from(text, 'utf8')]));

beforeAll(async () => {
  ctx = await createTestApp();
  ks = await login(ctx.app, 'KS');
  adm = await login(ctx.app, 'ADM');
});
afterAll(() => ctx.close());

describe('GET /api/oldpricelist and /api/oldpricelist/search/{term}', () => {
  it('pages the whole list by brand and model with a total count', async () => {
    const first = await page('/api/oldpricelist');
    expect(first.total).toBe(OLD_PRICES.length);
    expect(first).toMatchObject({ page: 0, pageSize: 25, pageCount: Math.ceil(OLD_PRICES.length / 25) });
    expect(first.products).toHaveLength(25);
    const brands = first.products.map((p) => p.brand);
    expect(brands).toEqual([...brands].sort());

    const second = await page('/api/oldpricelist?page=1');
    expect(second.products.map((p) => p.id)).not.toContain(first.products[0]!.id);
    const last = await page(`/api/oldpricelist?page=${first.pageCount - 1}&pageSize=25`);
    expect(last.products).toHaveLength(OLD_PRICES.length - 25 * (first.pageCount - 1));
    expect((await page('/api/oldpricelist?page=500')).products).toEqual([]);
    expect((await page('/api/oldpricelist?pageSize=100')).products).toHaveLength(100);
  });

  it('answers every field of the legacy sheet, amounts in kroner and empty cells as null', async () => {
    const seeded = OLD_PRICES.find((row) => row.productNumber === 'F01001')!;
    const [row] = (await search('F01001')).products;
    expect(row).toMatchObject({
      productNumber: 'F01001',
      brand: 'Volkswagen',
      model: 'Golf IV',
      year: '1998-2003',
      eurocode: seeded.eurocode,
      oemNr: seeded.oemNr,
      agcNr: seeded.agcNr,
      dbNr: seeded.dbNr,
      autoverNr: seeded.autoverNr,
      measurement: seeded.measurement,
      time: seeded.timeHours,
      priceReady: seeded.priceReadyOre! / 100,
      windowReady: seeded.windowReadyOre! / 100,
      mounting: seeded.mountingOre! / 100,
      enviroment: 45,
      rubberList: null,
      calibration: null,
    });
    expect(Object.keys(row!)).toHaveLength(36);
  });

  it('finds rows by product number, EuroCode, OEM (with or without spaces), AGC, Autover, DB nr. and brand/model words', async () => {
    const target = OLD_PRICES.find((row) => row.brand === 'Opel' && row.model === 'Astra H' && row.productNumber.startsWith('F'))!;
    for (const term of [
      target.productNumber.toLowerCase(),
      target.eurocode!,
      target.agcNr!,
      target.autoverNr!,
      target.dbNr!,
      target.oemNr!,
    ]) {
      const found = await search(term!);
      expect(
        found.products.map((p) => p.productNumber),
        term,
      ).toContain(target.productNumber);
    }
    const vw = OLD_PRICES.find((row) => row.oemNr?.includes(' '))!;
    const compact = vw.oemNr!.replace(/\s/g, '');
    expect((await search(compact)).products[0]!.productNumber).toBe(vw.productNumber);
    expect((await search(vw.oemNr!.replace(/\s/g, '-'))).products[0]!.productNumber).toBe(vw.productNumber);

    const astra = await search('opel astra');
    expect(astra.total).toBe(OLD_PRICES.filter((row) => row.brand === 'Opel' && row.model!.startsWith('Astra')).length);
    expect(astra.products.every((p) => p.brand === 'Opel' && p.model.startsWith('Astra'))).toBe(true);
  });

  it('puts an exact number first and pages a broad search with its count', async () => {
    const exact = await search('F01002');
    expect(exact.products[0]!.productNumber).toBe('F01002');

    const vw = OLD_PRICES.filter((row) => row.brand === 'Volkswagen').length;
    const first = await search('volkswagen');
    expect(first).toMatchObject({ total: vw, pageCount: Math.ceil(vw / 25) });
    expect(first.products).toHaveLength(25);
    const second = await search('volkswagen', '?page=1&pageSize=25');
    expect(second.products).toHaveLength(Math.min(25, vw - 25));
    expect(second.products.map((p) => p.id)).not.toContain(first.products[0]!.id);
  });

  it('treats % and _ as plain characters, wants 2 characters and bounded paging', async () => {
    expect((await search('%%')).total).toBe(0);
    expect((await search('__')).total).toBe(0);
    const short = await get('/api/oldpricelist/search/a');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ term: ['Skriv mindst 2 tegn'] });
    const badPage = await get('/api/oldpricelist/search/golf?page=-1&pageSize=1000');
    expect(badPage.statusCode).toBe(400);
    expect(Object.keys(badPage.json().errors).sort()).toEqual(['page', 'pageSize']);
    expect((await get('/api/oldpricelist?page=abc')).json().errors).toEqual({ page: ['Feltet skal være et tal'] });
  });

  it('is open to the roles of the screen and closed to others', async () => {
    for (const initials of ['OP', 'LAG', 'REV']) {
      expect((await get('/api/oldpricelist/search/golf', await login(ctx.app, initials))).statusCode, initials).toBe(200);
    }
    const tm = await login(ctx.app, 'TM');
    expect((await get('/api/oldpricelist/search/golf', tm)).statusCode).toBe(403);
    expect((await get('/api/oldpricelist', tm)).statusCode).toBe(403);
  });
});

describe('POST /api/oldpricelist/import', () => {
  const header = 'Varenummer;Mærke;Model;Årgang;Pris klar;Pris 1F;Tid;Miljø;EuroCode;Kommentar';

  it('is for administrators only: 403 before the file is read', async () => {
    const file = { bytes: windows1252Csv([header, 'X1;Audi;A4;2001;1.234,50;;1,5;45;;']), name: 'liste.csv' };
    const response = await upload(file, { mode: 'upsert' }, ks);
    expect(response.statusCode).toBe(403);
    expect((await search('X1')).total).toBe(0);
  });

  it('reads a Windows-1252 CSV with ; and decimal commas, reports rejected rows in Danish and keeps the rest', async () => {
    const file = {
      bytes: windows1252Csv([
        header,
        'nx 100;Škoda;Fabia I;1999-2007;1.234,50;1 395,00 kr.;1,5;45;6101AGNV;Bestilles – 2 dage',
        'NX101;Citroën;Xsara;1997-2005;995;;1;45;;"Med ""liste"", clips"',
        'NX102;Fiat;Uno;;12,345;abc;;;;',
        ';Fiat;Panda;;995;;;;;',
        '',
        'NX103;Fiat;Punto;;-5;;120;;;',
        'nx  100;Skoda;Fabia I;;900;;;;;',
      ]),
      name: 'gammel prisliste.csv',
    };
    const report = await imported(file, { mode: 'upsert' });
    expect(report).toMatchObject({
      dryRun: false,
      mode: 'upsert',
      fileName: 'gammel prisliste.csv',
      readAs: 'CSV, Windows-1252, semikolon',
      headerRow: 1,
      rowsRead: 6,
      accepted: 2,
      added: 2,
      updated: 0,
      removed: 0,
      rejectedCount: 4,
    });
    expect(report.columns.map((c) => c.field)).toEqual([
      'productNumber',
      'brand',
      'model',
      'year',
      'priceReady',
      'price1F',
      'time',
      'enviroment',
      'eurocode',
      'comment',
    ]);
    expect(report.rejected).toEqual([
      { row: 4, productNumber: 'NX102', reasons: ['Pris klar: Højst 2 decimaler', 'Pris 1F: Feltet skal være et tal'] },
      { row: 5, productNumber: '', reasons: ['Varenummer: Feltet er påkrævet'] },
      { row: 7, productNumber: 'NX103', reasons: ['Pris klar: Må ikke være negativ', 'Tid (timer): Tiden må højst være 99,99 timer'] },
      { row: 8, productNumber: 'NX 100', reasons: ['Varenummer: Varenummeret står også i række 2'] },
    ]);
    const [skoda] = (await search('NX 100')).products;
    expect(skoda).toMatchObject({
      productNumber: 'NX 100',
      brand: 'Škoda',
      priceReady: 1234.5,
      price1F: 1395,
      time: 1.5,
      enviroment: 45,
      comment: 'Bestilles – 2 dage',
      price2F: null,
    });
    expect((await search('nx101')).products[0]).toMatchObject({ brand: 'Citroën', comment: 'Med "liste", clips', price1F: null });
  });

  it('updates by product number only the columns the sheet has, and leaves identical rows alone', async () => {
    const before = (await search('NX 100')).products[0]!;
    const csv = utf8('productNumber,priceReady\r\nNX 100,"1.500,00"\r\nNX101,995\r\nNX104,"2.000"\r\n', true);
    const report = await imported({ bytes: csv, name: 'priser.csv' }, { mode: 'upsert' });
    expect(report).toMatchObject({
      readAs: 'CSV, UTF-8 med BOM, komma',
      accepted: 3,
      added: 1,
      updated: 1,
      unchanged: 1,
      rejectedCount: 0,
    });
    const after = (await search('NX 100')).products[0]!;
    expect(after).toMatchObject({ ...before, priceReady: 1500 });
    expect((await search('NX104')).products[0]).toMatchObject({ priceReady: 2000, brand: '' });
  });

  it('checks a file without changing anything on a trial run, with the counts the import then gives', async () => {
    const before = await page('/api/oldpricelist');
    const csv = windows1252Csv(['Varenummer;Pris klar', 'NX 100;1.600,00', 'NX200;100', 'NX201;x']);
    const trial = await imported({ bytes: csv, name: 'a.csv' }, { mode: 'replace', dryRun: 'true' });
    expect(trial).toMatchObject({
      dryRun: true,
      mode: 'replace',
      accepted: 2,
      added: 1,
      updated: 1,
      removed: before.total - 1,
      rejectedCount: 1,
    });
    expect((await page('/api/oldpricelist')).total).toBe(before.total);
    expect((await search('NX 100')).products[0]!.priceReady).toBe(1500);
    expect((await search('NX200')).total).toBe(0);

    const real = await imported({ bytes: csv, name: 'a.csv' }, { mode: 'replace', dryRun: 'false' });
    expect({ ...real, dryRun: true }).toEqual(trial);
  });

  it('replaces the whole list: rows the sheet does not name are gone, kept rows get every column from the sheet', async () => {
    const list = await page('/api/oldpricelist');
    expect(list.total).toBe(2);
    expect(list.products.map((p) => p.productNumber).sort()).toEqual(['NX 100', 'NX200']);
    // The Škoda's brand, model and comment were not in the replacing sheet.
    expect((await search('NX 100')).products[0]).toMatchObject({ brand: '', model: '', comment: '', priceReady: 1600, time: null });
  });

  it('reads an XLSX workbook: a title row above the headings, number, formula and rich-text cells', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Noter').getCell('A1').value = 'Intet her';
    const sheet = workbook.addWorksheet('Prisliste 2019');
    sheet.addRow(['Gammel prisliste, 2019']);
    sheet.addRow(['Varenr.', 'Mærke', 'Model', 'Pris klar (kr.)', 'Pris 2F', 'PK1', 'Eurocode', 'Ukendt kolonne']);
    sheet.addRow([
      'F09011',
      'Opel',
      'Astra H',
      2195,
      { formula: 'D3*1.2', result: 2634 },
      null,
      { richText: [{ text: '2475' }, { text: 'AGNGN' }] },
      'x',
    ]);
    sheet.addRow([12345, 'Ford', 'Focus II', '3.495,00', 'n/a', 995.5, '3567AGSHMVW']);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const report = await imported(
      { bytes, name: 'prisliste.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      { mode: 'upsert' },
    );
    expect(report).toMatchObject({
      readAs: "Excel, arket 'Prisliste 2019'",
      headerRow: 2,
      rowsRead: 2,
      accepted: 1,
      added: 1,
      rejectedCount: 1,
    });
    expect(report.columns.at(-1)).toEqual({ heading: 'Ukendt kolonne', field: null });
    expect(report.rejected).toEqual([{ row: 4, productNumber: '12345', reasons: ['Pris 2F: Feltet skal være et tal'] }]);
    expect((await search('2475AGNGN')).products[0]).toMatchObject({
      productNumber: 'F09011',
      priceReady: 2195,
      price2F: 2634,
      pK1: null,
      eurocode: '2475AGNGN',
    });
  });

  it('refuses files it cannot read, naming the problem on the field file', async () => {
    const refused = async (file: Parameters<typeof upload>[0], fields: Record<string, string> = { mode: 'upsert' }) => {
      const response = await upload(file, fields);
      expect(response.statusCode, response.body).toBe(400);
      return response.json().errors as Record<string, string[]>;
    };
    expect(await refused(null)).toEqual({ file: ['Vælg en CSV- eller Excel-fil'] });
    expect(await refused({ bytes: new Uint8Array(), name: 'tom.csv' })).toEqual({ file: ['Filen er tom'] });
    expect(await refused({ bytes: utf8('%PDF-1.4'), name: 'liste.pdf', type: 'application/pdf' })).toEqual({
      file: ['Filen skal være en CSV-fil (.csv) eller en Excel-fil (.xlsx)'],
    });
    expect(await refused({ bytes: Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2]), name: 'liste.xls' })).toEqual({
      file: ['Gamle Excel-filer (.xls) kan ikke læses: gem filen som .xlsx eller CSV'],
    });
    expect(await refused({ bytes: Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), name: 'liste.xlsx' })).toEqual({
      file: ['Excel-filen kunne ikke læses'],
    });
    expect(await refused({ bytes: utf8('Navn;Pris\nGolf;100'), name: 'a.csv' })).toEqual({
      file: ['Filen har ingen kolonne med varenummer (Varenummer eller productNumber) i de første 10 rækker'],
    });
    expect(await refused({ bytes: utf8('Varenummer;Pris klar;Pris\nA;1;2'), name: 'a.csv' })).toEqual({
      file: ["Kolonnen Pris klar står to gange ('Pris klar' og 'Pris')"],
    });
    expect(await refused({ bytes: utf8('Varenummer;Kommentar\nA;"åben'), name: 'a.csv' })).toEqual({
      file: ['CSV-filen kunne ikke læses (linje 2)'],
    });
    const rows = ['Varenummer', ...Array.from({ length: 20_001 }, (_, i) => `R${i}`)].join('\n');
    expect(await refused({ bytes: utf8(rows), name: 'stor.csv' })).toEqual({
      file: ['Filen har mere end 20.000 rækker; del den op og indlæs den i flere omgange'],
    });
    const csv = { bytes: utf8('Varenummer\nA'), name: 'a.csv' };
    expect(await refused(csv, {})).toEqual({ mode: ['Feltet er påkrævet'] });
    expect(await refused(csv, { mode: 'merge', dryRun: 'yes' })).toEqual({
      mode: ['Værdien er ikke tilladt'],
      dryRun: ['Værdien er ikke tilladt'],
    });
    expect((await page('/api/oldpricelist')).total).toBe(3);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1).fill(0x41);
    const response = await upload({ bytes: big, name: 'stor.csv' }, { mode: 'upsert' });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('Filen er for stor: højst 5 MB');
  });

  it('changes nothing when no row is valid, also when replacing', async () => {
    const report = await imported({ bytes: utf8('Varenummer;Pris klar\n;1\nA;minus'), name: 'a.csv' }, { mode: 'replace' });
    expect(report).toMatchObject({ accepted: 0, added: 0, updated: 0, removed: 0, rejectedCount: 2 });
    expect((await page('/api/oldpricelist')).total).toBe(3);
  });
});
