/**
 * The columns of the legacy price sheet (document 3, "Old product (legacy sheet)"), in the sheet's order: the wire
 * name, the Danish label the screen shows, what kind of value it holds, and the column headings an import accepts
 * besides the wire name itself.
 *
 * Kinds: `text` (at most `max` characters), `money` (kroner excl. VAT, 0 – 999.999,99, two decimals) and `hours`
 * (0 – 99,99). The three prices and the three window prices are for clear glass ('klar') and glass tinted in one
 * or two colours ('1F', '2F'); the columns after them are the parts and work a price is made of.
 */
export type TOldPriceFieldKind = 'text' | 'money' | 'hours';

export interface OldPriceField {
  key: string;
  label: string;
  kind: TOldPriceFieldKind;
  /** Longest text (text fields). */
  max?: number;
  /** Danish column headings an import maps to this field, as written in a sheet. */
  headings: readonly string[];
}

export const OLD_PRICE_FIELDS = [
  {
    key: 'productNumber',
    label: 'Varenummer',
    kind: 'text',
    max: 40,
    headings: ['Varenummer', 'Varenr', 'Varenr.', 'Vare nr', 'Produktnummer', 'Produktnr'],
  },
  { key: 'brand', label: 'Mærke', kind: 'text', max: 60, headings: ['Mærke', 'Bilmærke', 'Fabrikat'] },
  { key: 'model', label: 'Model', kind: 'text', max: 100, headings: ['Model', 'Bilmodel'] },
  { key: 'year', label: 'Årgang', kind: 'text', max: 30, headings: ['Årgang', 'År', 'Årstal'] },
  { key: 'comment', label: 'Kommentar', kind: 'text', max: 1000, headings: ['Kommentar', 'Bemærkning', 'Bemærkninger'] },
  { key: 'priceReady', label: 'Pris klar', kind: 'money', headings: ['Pris klar', 'Klar pris', 'Pris'] },
  { key: 'price1F', label: 'Pris 1F', kind: 'money', headings: ['Pris 1F', 'Pris 1 F'] },
  { key: 'price2F', label: 'Pris 2F', kind: 'money', headings: ['Pris 2F', 'Pris 2 F'] },
  {
    key: 'internalComment',
    label: 'Intern kommentar',
    kind: 'text',
    max: 1000,
    headings: ['Intern kommentar', 'Intern bemærkning', 'Internt'],
  },
  { key: 'dbNr', label: 'DB nr.', kind: 'text', max: 40, headings: ['DB nr', 'DB nr.', 'DB-nr', 'DB nummer'] },
  { key: 'eurocode', label: 'EuroCode', kind: 'text', max: 40, headings: ['EuroCode', 'Euro code', 'Eurokode'] },
  { key: 'oemNr', label: 'OEM nr.', kind: 'text', max: 60, headings: ['OEM nr', 'OEM nr.', 'OEM', 'OE nr', 'OE-nummer', 'Originalnummer'] },
  { key: 'autoverNr', label: 'Autover nr.', kind: 'text', max: 40, headings: ['Autover nr', 'Autover nr.', 'Autover'] },
  { key: 'agcNr', label: 'AGC nr.', kind: 'text', max: 40, headings: ['AGC nr', 'AGC nr.', 'AGC'] },
  { key: 'measurement', label: 'Mål', kind: 'text', max: 60, headings: ['Mål', 'Størrelse', 'Dimension'] },
  { key: 'time', label: 'Tid (timer)', kind: 'hours', headings: ['Tid', 'Tid (timer)', 'Timer', 'Arbejdstid', 'Montagetid'] },
  { key: 'windowReady', label: 'Rude klar', kind: 'money', headings: ['Rude klar', 'Rude', 'Glas klar'] },
  { key: 'window1F', label: 'Rude 1F', kind: 'money', headings: ['Rude 1F', 'Rude 1 F', 'Glas 1F'] },
  { key: 'window2F', label: 'Rude 2F', kind: 'money', headings: ['Rude 2F', 'Rude 2 F', 'Glas 2F'] },
  { key: 'clips', label: 'Clips', kind: 'money', headings: ['Clips', 'Klips'] },
  { key: 'lists', label: 'Lister', kind: 'money', headings: ['Lister', 'Liste'] },
  { key: 'st1St5St6', label: 'ST1/ST5/ST6', kind: 'money', headings: ['ST1/ST5/ST6', 'ST1 ST5 ST6', 'ST1/5/6', 'ST156'] },
  { key: 'st8', label: 'ST8', kind: 'money', headings: ['ST8'] },
  { key: 'rubberList', label: 'Gummiliste', kind: 'money', headings: ['Gummiliste', 'Gummilister'] },
  { key: 'glueList', label: 'Limliste', kind: 'money', headings: ['Limliste', 'Limlister'] },
  { key: 'coverStrip', label: 'Dækliste', kind: 'money', headings: ['Dækliste', 'Dæklister', 'Afdækningsliste'] },
  { key: 'sensor', label: 'Sensor', kind: 'money', headings: ['Sensor'] },
  { key: 'glue', label: 'Lim', kind: 'money', headings: ['Lim'] },
  { key: 'mounting', label: 'Montering', kind: 'money', headings: ['Montering', 'Montage', 'Montering pris'] },
  { key: 'enviroment', label: 'Miljø', kind: 'money', headings: ['Miljø', 'Miljøgebyr', 'Environment'] },
  { key: 'pK1', label: 'PK1', kind: 'money', headings: ['PK1', 'PK 1'] },
  { key: 'pK2', label: 'PK2', kind: 'money', headings: ['PK2', 'PK 2'] },
  { key: 'pK3', label: 'PK3', kind: 'money', headings: ['PK3', 'PK 3'] },
  { key: 'pK4', label: 'PK4', kind: 'money', headings: ['PK4', 'PK 4'] },
  { key: 'calibration', label: 'Kalibrering', kind: 'money', headings: ['Kalibrering'] },
] as const satisfies readonly OldPriceField[];

export type TOldPriceFieldKey = (typeof OLD_PRICE_FIELDS)[number]['key'];
type FieldOfKind<K extends TOldPriceFieldKind> = Extract<(typeof OLD_PRICE_FIELDS)[number], { kind: K }>['key'];
export type TOldPriceTextKey = FieldOfKind<'text'>;
export type TOldPriceMoneyKey = FieldOfKind<'money'>;

export const OLD_PRICE_FIELD_KEYS = OLD_PRICE_FIELDS.map((field) => field.key) as readonly TOldPriceFieldKey[];
export const OLD_PRICE_MONEY_KEYS = OLD_PRICE_FIELDS.filter((field) => field.kind === 'money').map(
  (field) => field.key,
) as readonly TOldPriceMoneyKey[];
export const OLD_PRICE_TEXT_KEYS = OLD_PRICE_FIELDS.filter((field) => field.kind === 'text').map(
  (field) => field.key,
) as readonly TOldPriceTextKey[];

const BY_KEY = new Map<string, OldPriceField>(OLD_PRICE_FIELDS.map((field) => [field.key, field]));

export function oldPriceField(key: TOldPriceFieldKey): OldPriceField {
  return BY_KEY.get(key)!;
}

/** The Danish label of a field (the popup, the import report). */
export function oldPriceLabel(key: TOldPriceFieldKey): string {
  return oldPriceField(key).label;
}

/**
 * A column heading reduced to what tells headings apart: lower case, æ/ø/å spelt out, a unit in parentheses
 * ('Pris klar (kr.)', 'Tid (timer)') and a trailing 'kr'/'dkk' dropped, and nothing but letters and digits kept.
 */
export function normaliseHeading(heading: string): string {
  const compact = heading
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'oe')
    .replace(/å/g, 'aa')
    .replace(/[^a-z0-9]/g, '');
  return compact.replace(/(?<=.)(kr|dkk)$/, '');
}

const HEADING_TO_KEY = new Map<string, TOldPriceFieldKey>();
for (const field of OLD_PRICE_FIELDS) {
  for (const heading of [field.key, field.label, ...field.headings]) {
    const normal = normaliseHeading(heading);
    const taken = HEADING_TO_KEY.get(normal);
    if (taken && taken !== field.key) throw new Error(`The heading '${heading}' means both ${taken} and ${field.key}`);
    HEADING_TO_KEY.set(normal, field.key);
  }
}

/** The field a column heading names (the wire name or one of the Danish headings, in any case), or null. */
export function fieldOfHeading(heading: string): TOldPriceFieldKey | null {
  const normal = normaliseHeading(heading);
  return normal === '' ? null : (HEADING_TO_KEY.get(normal) ?? null);
}
