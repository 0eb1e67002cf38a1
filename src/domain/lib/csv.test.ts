import { describe, expect, it } from 'vitest';
import { attachmentHeader, csvCell, csvDate, csvDateTime, csvKroner, csvNumber, csvRow } from './csv';
import { fromCopenhagen } from './dates';

describe('csvCell', () => {
  it('leaves plain text alone and quotes the separator, quotes, line breaks and edge spaces', () => {
    expect(csvCell('Århus Ø')).toBe('Århus Ø');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('sagde "hej"')).toBe('"sagde ""hej"""');
    expect(csvCell('linje 1\nlinje 2')).toBe('"linje 1\nlinje 2"');
    expect(csvCell(' indrykket')).toBe('" indrykket"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(true)).toBe('Ja');
  });
  it('keeps Excel from running formulas but leaves phone numbers and negative numbers', () => {
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('-rm')).toBe("'-rm");
    expect(csvCell('+4522334455')).toBe('+4522334455');
    expect(csvCell('-12,5')).toBe('-12,5');
  });
});

describe('numbers and dates', () => {
  it('writes decimal commas and kroner from øre', () => {
    expect(csvNumber(1234.5)).toBe('1234,5');
    expect(csvNumber(7, 2)).toBe('7,00');
    expect(csvKroner(123456)).toBe('1234,56');
    expect(csvCell(2.25)).toBe('2,25');
  });
  it('writes yyyy-MM-dd in Copenhagen time', () => {
    expect(csvDate('2026-11-05')).toBe('2026-11-05');
    expect(csvDate('2026-11-05T00:00:00')).toBe('2026-11-05');
    // 23:30 UTC on 31 December is already 1 January in Copenhagen.
    expect(csvDate(new Date(Date.UTC(2026, 11, 31, 23, 30)))).toBe('2027-01-01');
    expect(csvDateTime(fromCopenhagen(2026, 7, 1, 8, 5))).toBe('2026-07-01 08:05');
  });
  it('writes a day shown the Danish way in the same format, and leaves other text as it is', () => {
    expect(csvDate('11/11-2026')).toBe('2026-11-11');
    expect(csvDate('02-11-2026')).toBe('2026-11-02');
    expect(csvDate('2.3.2026')).toBe('2026-03-02');
    expect(csvDate('32/01-2026')).toBe('32/01-2026');
    expect(csvDate('i morgen')).toBe('i morgen');
  });
});

describe('rows and file names', () => {
  it('joins cells with semicolons and ends rows with CRLF', () => {
    expect(csvRow(['Ordrenr.', 100001, 12.5, null])).toBe('Ordrenr.;100001;12,5;\r\n');
  });
  it('names the file in ASCII and UTF-8', () => {
    expect(attachmentHeader('Reklamation Rapport.csv')).toBe(
      `attachment; filename="Reklamation Rapport.csv"; filename*=UTF-8''Reklamation%20Rapport.csv`,
    );
    expect(attachmentHeader('Gennemsynslog æø.csv')).toContain('filename="Gennemsynslog __.csv"');
  });
});
