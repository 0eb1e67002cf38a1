/** Reads a CSV download as Danish Excel would: BOM, ';' separator, quoted cells with doubled quotes, CRLF rows. */
export function parseCsv(text: string): { bom: boolean; rows: string[][] } {
  const bom = text.startsWith('\uFEFF');
  const body = bom ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return { bom, rows };
}

/** The rows as objects by the header row's names. */
export function csvRecords(text: string): { header: string[]; records: Array<Record<string, string>> } {
  const { rows } = parseCsv(text);
  const [header = [], ...data] = rows;
  return { header, records: data.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? '']))) };
}
