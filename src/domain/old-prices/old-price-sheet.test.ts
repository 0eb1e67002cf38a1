import { describe, expect, it } from 'vitest';
import { fieldOfHeading, normaliseHeading, OLD_PRICE_FIELDS } from './old-price-fields';
import { readOldPriceSheet, readSheetNumber, type TSheetCell } from './old-price-sheet';
import { compactCode, searchWords } from './old-price.schemas';

const value = (text: string) => {
  const reading = readSheetNumber(text);
  return reading === 'invalid' ? 'invalid' : reading.value;
};

describe('readSheetNumber', () => {
  it('reads Danish amounts: decimal comma, dots or spaces between thousands, kr. and ,-', () => {
    expect(value('1.234,50')).toBe(1234.5);
    expect(value('1234,5')).toBe(1234.5);
    expect(value('1 234,50 kr.')).toBe(1234.5);
    expect(value('kr. 995')).toBe(995);
    expect(value('495,-')).toBe(495);
    expect(value('12.500')).toBe(12500);
    expect(value('1.234.567,89')).toBe(1234567.89);
    expect(value('\u00a01\u00a0395 DKK')).toBe(1395);
    expect(value(',5')).toBe(0.5);
  });

  it('also reads a decimal point where it cannot group thousands', () => {
    expect(value('1234.50')).toBe(1234.5);
    expect(value('1.5')).toBe(1.5);
    expect(value('1,234.50')).toBe(1234.5);
  });

  it('reads blank and a dash as no value, and keeps a sign for the schema to refuse', () => {
    expect(value('')).toBeNull();
    expect(value('  ')).toBeNull();
    expect(value('-')).toBeNull();
    expect(value('–')).toBeNull();
    expect(value('-5')).toBe(-5);
  });

  it('refuses text, two decimal commas and broken grouping', () => {
    for (const text of ['abc', '1,2,3', '12.34.5', '1.23,4.5', '12,', '1e3', '0x10', '12 34a']) expect(value(text), text).toBe('invalid');
  });

  it('counts the decimals', () => {
    expect(readSheetNumber('12,345')).toEqual({ value: 12.345, decimals: 3 });
    expect(readSheetNumber('12.345')).toEqual({ value: 12345, decimals: 0 });
  });
});

describe('column headings', () => {
  it('accepts the spec names and the Danish headings in any case, spelling æ/ø/å out or not', () => {
    expect(fieldOfHeading('productNumber')).toBe('productNumber');
    expect(fieldOfHeading('PRODUCTNUMBER')).toBe('productNumber');
    expect(fieldOfHeading('Varenr.')).toBe('productNumber');
    expect(fieldOfHeading('Maerke')).toBe('brand');
    expect(fieldOfHeading('Årgang')).toBe('year');
    expect(fieldOfHeading('Pris klar (kr.)')).toBe('priceReady');
    expect(fieldOfHeading('Pris 1F kr')).toBe('price1F');
    expect(fieldOfHeading('st1St5St6')).toBe('st1St5St6');
    expect(fieldOfHeading('ST1/ST5/ST6')).toBe('st1St5St6');
    expect(fieldOfHeading('PK 3')).toBe('pK3');
    expect(fieldOfHeading('Miljøgebyr')).toBe('enviroment');
    expect(fieldOfHeading('enviroment')).toBe('enviroment');
    expect(fieldOfHeading('Tid (timer)')).toBe('time');
    expect(fieldOfHeading('OEM-nr.')).toBe('oemNr');
    expect(fieldOfHeading('Farve')).toBeNull();
    expect(fieldOfHeading('')).toBeNull();
  });

  it('maps every spec field by its own name and its label', () => {
    expect(OLD_PRICE_FIELDS).toHaveLength(35);
    for (const field of OLD_PRICE_FIELDS) {
      expect(fieldOfHeading(field.key)).toBe(field.key);
      expect(fieldOfHeading(field.label)).toBe(field.key);
    }
    expect(normaliseHeading(' Dækliste ')).toBe('daekliste');
  });
});

describe('readOldPriceSheet', () => {
  const sheet = (...rows: TSheetCell[][]) => readOldPriceSheet(rows);

  it('finds the heading row below a title and numbers rows as the sheet does', () => {
    const result = sheet(['Prisliste 2019'], [], ['Varenummer', 'Pris klar', 'Farve'], ['f1', '100'], [null, ''], ['F2', 200]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.reading).toMatchObject({ headerRow: 3, rowsRead: 2, fields: ['productNumber', 'priceReady'], rejectedCount: 0 });
    expect(result.reading.columns.map((c) => c.field)).toEqual(['productNumber', 'priceReady', null]);
    expect(
      result.reading.accepted.map((a) => [a.row, a.product.productNumber, a.product.priceReady, a.product.brand, a.product.time]),
    ).toEqual([
      [4, 'F1', 100, '', null],
      [6, 'F2', 200, '', null],
    ]);
  });

  it('rejects a row with every reason, labelled in Danish, and a repeated product number', () => {
    const result = sheet(
      ['Varenummer', 'Mærke', 'Pris 1F', 'Tid', 'Kommentar'],
      ['A1', 'x'.repeat(61), '12,345', '1,5', 'ok'],
      ['A2', 'Audi', '1.000.000,00', '-1', 'a\u0000b'],
      ['a1', 'Audi', '100', '1', ''],
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.reading.rejected).toEqual([
      { row: 2, productNumber: 'A1', reasons: ['Mærke: Maksimum 60 tegn krævet', 'Pris 1F: Højst 2 decimaler'] },
      {
        row: 3,
        productNumber: 'A2',
        reasons: [
          'Kommentar: Feltet indeholder ugyldige tegn',
          'Pris 1F: Beløbet må højst være 999.999,99 kr.',
          'Tid (timer): Må ikke være negativ',
        ],
      },
    ]);
    // Row 2 was refused, so row 4 is the first valid A1.
    expect(result.reading.accepted.map((a) => a.row)).toEqual([4]);

    const twice = sheet(['Varenummer'], ['B 7'], ['b  7']);
    if (!twice.ok) throw new Error(twice.message);
    expect(twice.reading.rejected).toEqual([{ row: 3, productNumber: 'B 7', reasons: ['Varenummer: Varenummeret står også i række 2'] }]);
  });

  it('rounds a number cell to øre and keeps line breaks only in comments', () => {
    const result = sheet(['Varenummer', 'Pris klar', 'Kommentar', 'Model'], ['A', 1234.499999, 'linje 1\r\nlinje 2', 'Golf\nVI']);
    if (!result.ok) throw new Error(result.message);
    expect(result.reading.accepted[0]!.product).toMatchObject({ priceReady: 1234.5, comment: 'linje 1\nlinje 2', model: 'Golf VI' });
  });

  it('refuses a sheet without a product number heading in its first 10 rows, or with a field twice', () => {
    expect(sheet(['Navn'], ['Golf'])).toEqual({ ok: false, message: expect.stringContaining('ingen kolonne med varenummer') });
    const late = [...Array.from({ length: 10 }, () => ['']), ['Varenummer'], ['A']];
    expect(readOldPriceSheet(late).ok).toBe(false);
    expect(sheet(['Varenummer', 'EuroCode', 'Eurokode'])).toEqual({
      ok: false,
      message: "Kolonnen EuroCode står to gange ('EuroCode' og 'Eurokode')",
    });
  });

  it('refuses more than 20,000 data rows and lists at most 200 rejected rows', () => {
    const many = [['Varenummer'], ...Array.from({ length: 20_001 }, (_, i) => [`R${i}`])];
    expect(readOldPriceSheet(many)).toEqual({
      ok: false,
      message: 'Filen har mere end 20.000 rækker; del den op og indlæs den i flere omgange',
    });
    const bad = [['Varenummer', 'Pris klar'], ...Array.from({ length: 300 }, (_, i) => [`R${i}`, 'x'])];
    const result = readOldPriceSheet(bad);
    if (!result.ok) throw new Error(result.message);
    expect(result.reading.rejectedCount).toBe(300);
    expect(result.reading.rejected).toHaveLength(200);
  });
});

describe('search words', () => {
  it('lower-cases, drops repeats and keeps six words', () => {
    expect(searchWords('  Opel  ASTRA opel ')).toEqual(['opel', 'astra']);
    expect(searchWords('a b c d e f g')).toHaveLength(6);
  });

  it('compacts a number for the search', () => {
    expect(compactCode('5G0-845 011/AH.')).toBe('5g0845011ah');
  });
});
