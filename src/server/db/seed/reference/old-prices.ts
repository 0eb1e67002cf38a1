import type { oldPrices } from '@/server/db/schema';
import { createRandom, roundPriceOre, stableUuid, type Random } from './random';

/**
 * 'Gl. Prisliste': the legacy price sheet (document 3, "Old product (legacy sheet)") for the cars of the years
 * before the current catalogue: windscreens (clear, one-colour and two-colour tint), front side windows and rear
 * windows of about fifty models, with the sheet's cross-reference numbers and the parts and work each price is
 * made of. A price is the window plus clips, lists, adhesive, sensor pad, fitting and the environmental fee, as
 * the old sheet added them up. Amounts in øre excl. VAT; product numbers F0xxxx, S0xxxx, B0xxxx (the current
 * catalogue uses F1…, S2…, B3…).
 */
export type OldPriceRow = typeof oldPrices.$inferInsert;

type Size = 'S' | 'M' | 'L' | 'VAN';

interface OldModel {
  brand: string;
  model: string;
  year: string;
  euro: string;
  size: Size;
  /** How the make writes its part numbers (the OEM column). */
  oem: (r: Random) => string;
  rainSensor?: boolean;
  camera?: boolean;
  fiveDoor?: boolean;
}

const digits = (r: Random, n: number) => Array.from({ length: n }, () => r.int(0, 9)).join('');
const letter = (r: Random) => r.pick([...'ABCDEFGHJKLMNPRS']);
const vag = (prefix: string) => (r: Random) => `${prefix} 845 011 ${letter(r)}${r.chance(0.5) ? letter(r) : ''}`;
const toyota = (prefix: string) => (r: Random) => `56101-${prefix}${digits(r, 3)}`;
const ford = (prefix: string) => (r: Random) => `${prefix}-B03100-${letter(r)}${letter(r)}`;
const opel = () => (r: Random) => `13${digits(r, 6)}`;
const psa = () => (r: Random) => `8116 ${letter(r)}${digits(r, 1)}`;
const renault = () => (r: Random) => `72 70 0${digits(r, 3)}R`;
const volvo = () => (r: Random) => `30${digits(r, 6)}`;
const nissan = () => (r: Random) => `72700-${letter(r)}${digits(r, 2)}${letter(r)}${digits(r, 1)}`;
const mazda = (prefix: string) => (r: Random) => `${prefix}-63-900${letter(r)}`;
const korean = () => (r: Random) => `86110-${digits(r, 1)}${letter(r)}${digits(r, 3)}`;
const mercedes = (prefix: string) => (r: Random) => `A ${prefix} 670 ${digits(r, 2)} 01`;
const bmw = () => (r: Random) => `51 31 7 ${digits(r, 3)} ${digits(r, 3)}`;
const generic = () => (r: Random) => `${digits(r, 8)}`;

const MODELS: readonly OldModel[] = [
  { brand: 'Volkswagen', model: 'Golf IV', year: '1998-2003', euro: '8547', size: 'M', oem: vag('1J0'), fiveDoor: true },
  { brand: 'Volkswagen', model: 'Golf V', year: '2004-2008', euro: '8570', size: 'M', oem: vag('1K0'), rainSensor: true, fiveDoor: true },
  { brand: 'Volkswagen', model: 'Golf VI', year: '2009-2012', euro: '8570', size: 'M', oem: vag('5K0'), rainSensor: true, fiveDoor: true },
  {
    brand: 'Volkswagen',
    model: 'Passat B6',
    year: '2005-2010',
    euro: '8579',
    size: 'M',
    oem: vag('3C0'),
    rainSensor: true,
    fiveDoor: true,
  },
  {
    brand: 'Volkswagen',
    model: 'Passat B7',
    year: '2011-2014',
    euro: '8579',
    size: 'M',
    oem: vag('3AA'),
    rainSensor: true,
    camera: true,
    fiveDoor: true,
  },
  { brand: 'Volkswagen', model: 'Polo 9N', year: '2002-2009', euro: '8560', size: 'S', oem: vag('6Q0'), fiveDoor: true },
  { brand: 'Volkswagen', model: 'Polo 6R', year: '2010-2017', euro: '8584', size: 'S', oem: vag('6R0'), rainSensor: true, fiveDoor: true },
  { brand: 'Volkswagen', model: 'Touran I', year: '2003-2015', euro: '8572', size: 'L', oem: vag('1T0'), rainSensor: true, fiveDoor: true },
  { brand: 'Volkswagen', model: 'Caddy III', year: '2004-2015', euro: '8573', size: 'VAN', oem: vag('2K0') },
  { brand: 'Volkswagen', model: 'Transporter T5', year: '2003-2015', euro: '8575', size: 'VAN', oem: vag('7E0') },
  { brand: 'Skoda', model: 'Octavia II', year: '2004-2012', euro: '8571', size: 'M', oem: vag('1Z0'), rainSensor: true, fiveDoor: true },
  { brand: 'Skoda', model: 'Fabia II', year: '2007-2014', euro: '8580', size: 'S', oem: vag('5J0'), fiveDoor: true },
  { brand: 'Skoda', model: 'Superb II', year: '2008-2015', euro: '8582', size: 'L', oem: vag('3T0'), rainSensor: true, fiveDoor: true },
  { brand: 'Audi', model: 'A3 (8P)', year: '2003-2012', euro: '8569', size: 'M', oem: vag('8P0'), rainSensor: true },
  {
    brand: 'Audi',
    model: 'A4 (B8)',
    year: '2008-2015',
    euro: '8581',
    size: 'M',
    oem: vag('8K0'),
    rainSensor: true,
    camera: true,
    fiveDoor: true,
  },
  { brand: 'Toyota', model: 'Corolla (E12)', year: '2002-2007', euro: '8502', size: 'M', oem: toyota('02'), fiveDoor: true },
  { brand: 'Toyota', model: 'Auris I', year: '2007-2012', euro: '8517', size: 'M', oem: toyota('02'), rainSensor: true, fiveDoor: true },
  { brand: 'Toyota', model: 'Yaris II', year: '2006-2011', euro: '8514', size: 'S', oem: toyota('0D'), fiveDoor: true },
  {
    brand: 'Toyota',
    model: 'Avensis (T25)',
    year: '2003-2008',
    euro: '8504',
    size: 'M',
    oem: toyota('05'),
    rainSensor: true,
    fiveDoor: true,
  },
  { brand: 'Toyota', model: 'RAV4 III', year: '2006-2012', euro: '8515', size: 'L', oem: toyota('42'), fiveDoor: true },
  { brand: 'Ford', model: 'Focus II', year: '2005-2011', euro: '3567', size: 'M', oem: ford('4M51'), rainSensor: true, fiveDoor: true },
  { brand: 'Ford', model: 'Fiesta VI', year: '2002-2008', euro: '3554', size: 'S', oem: ford('2S61'), fiveDoor: true },
  { brand: 'Ford', model: 'Mondeo III', year: '2001-2007', euro: '3557', size: 'M', oem: ford('1S71'), rainSensor: true, fiveDoor: true },
  { brand: 'Ford', model: 'Transit', year: '2000-2013', euro: '3551', size: 'VAN', oem: ford('YC15') },
  { brand: 'Opel', model: 'Astra H', year: '2004-2010', euro: '2475', size: 'M', oem: opel(), fiveDoor: true },
  { brand: 'Opel', model: 'Astra J', year: '2010-2015', euro: '2492', size: 'M', oem: opel(), rainSensor: true, fiveDoor: true },
  { brand: 'Opel', model: 'Corsa D', year: '2006-2014', euro: '2482', size: 'S', oem: opel(), fiveDoor: true },
  { brand: 'Opel', model: 'Zafira B', year: '2005-2014', euro: '2478', size: 'L', oem: opel(), rainSensor: true, fiveDoor: true },
  { brand: 'Peugeot', model: '206', year: '1998-2010', euro: '6016', size: 'S', oem: psa() },
  { brand: 'Peugeot', model: '307', year: '2001-2008', euro: '6027', size: 'M', oem: psa(), fiveDoor: true },
  { brand: 'Peugeot', model: '308 I', year: '2007-2013', euro: '6035', size: 'M', oem: psa(), rainSensor: true, fiveDoor: true },
  { brand: 'Citroën', model: 'C3 I', year: '2002-2009', euro: '2434', size: 'S', oem: psa(), fiveDoor: true },
  { brand: 'Citroën', model: 'C4 Picasso I', year: '2006-2013', euro: '2445', size: 'L', oem: psa(), rainSensor: true, fiveDoor: true },
  { brand: 'Citroën', model: 'Berlingo II', year: '2008-2018', euro: '2450', size: 'VAN', oem: psa() },
  { brand: 'Renault', model: 'Clio III', year: '2005-2012', euro: '7021', size: 'S', oem: renault(), fiveDoor: true },
  { brand: 'Renault', model: 'Mégane II', year: '2003-2009', euro: '7017', size: 'M', oem: renault(), rainSensor: true, fiveDoor: true },
  { brand: 'Volvo', model: 'V70 II', year: '2000-2007', euro: '9225', size: 'L', oem: volvo(), rainSensor: true, fiveDoor: true },
  { brand: 'Volvo', model: 'V50', year: '2004-2012', euro: '9230', size: 'M', oem: volvo(), rainSensor: true, fiveDoor: true },
  { brand: 'Volvo', model: 'XC90 I', year: '2003-2014', euro: '9227', size: 'L', oem: volvo(), rainSensor: true, fiveDoor: true },
  { brand: 'Nissan', model: 'Micra (K12)', year: '2003-2010', euro: '6722', size: 'S', oem: nissan(), fiveDoor: true },
  { brand: 'Nissan', model: 'Qashqai I', year: '2007-2013', euro: '6746', size: 'L', oem: nissan(), rainSensor: true, fiveDoor: true },
  { brand: 'Mazda', model: '3 (BK)', year: '2004-2009', euro: '8310', size: 'M', oem: mazda('BP4K'), fiveDoor: true },
  { brand: 'Mazda', model: '6 (GG)', year: '2002-2008', euro: '8305', size: 'M', oem: mazda('GJ6A'), rainSensor: true, fiveDoor: true },
  { brand: 'Hyundai', model: 'i30 (FD)', year: '2007-2012', euro: '4246', size: 'M', oem: korean(), fiveDoor: true },
  { brand: 'Kia', model: "Cee'd (ED)", year: '2007-2012', euro: '4335', size: 'M', oem: korean(), fiveDoor: true },
  {
    brand: 'Mercedes-Benz',
    model: 'C-klasse (W203)',
    year: '2000-2007',
    euro: '5163',
    size: 'M',
    oem: mercedes('203'),
    rainSensor: true,
    fiveDoor: true,
  },
  { brand: 'Mercedes-Benz', model: 'Sprinter (W906)', year: '2006-2018', euro: '5178', size: 'VAN', oem: mercedes('906') },
  { brand: 'BMW', model: '3-serie (E90)', year: '2005-2012', euro: '2458', size: 'M', oem: bmw(), rainSensor: true, fiveDoor: true },
  { brand: 'BMW', model: '1-serie (E87)', year: '2004-2011', euro: '2459', size: 'M', oem: bmw(), rainSensor: true, fiveDoor: true },
  { brand: 'Fiat', model: 'Punto (199)', year: '2005-2012', euro: '3349', size: 'S', oem: generic(), fiveDoor: true },
  { brand: 'Suzuki', model: 'Swift III', year: '2005-2010', euro: '7237', size: 'S', oem: generic(), fiveDoor: true },
];

const WINDSCREEN_KR: Record<Size, number> = { S: 1150, M: 1450, L: 1900, VAN: 1600 };
const WINDSCREEN_MM: Record<Size, [number, number]> = { S: [1380, 820], M: [1450, 870], L: [1560, 960], VAN: [1620, 1010] };
const WINDSCREEN_COMMENTS = ['Med VIN-vindue', 'Spejlbeslag påklæbet', 'Leveres uden liste', 'Med akustisk folie', '', '', ''];
const SIDE_COMMENTS = ['Kun 5-dørs', 'Hærdet glas', '', ''];
const INTERNAL = [
  'Leverandør: Pilkington',
  'Leverandør: Saint-Gobain Sekurit',
  'Leverandør: AGC',
  'Leverandør: XYG',
  'Pris fra 2019-listen',
  'Tjek beslag til regnsensor',
  'Bestilles hjem: 2 dages levering',
  '',
  '',
  '',
];

const random = createRandom(20_260_410);
const next = { F: 1001, S: 1001, B: 1001 };

const kr = (kroner: number) => roundPriceOre(kroner * 100);
const jitter = (kroner: number) => kroner * (0.9 + random.next() * 0.2);
const maybe = (probability: number, ore: number) => (random.chance(probability) ? ore : null);
const sum = (...parts: Array<number | null>) => parts.reduce<number>((total, part) => total + (part ?? 0), 0);

function blank(prefix: keyof typeof next, m: OldModel): OldPriceRow {
  const productNumber = `${prefix}0${next[prefix]++}`;
  return {
    id: stableUuid(`old-product:${productNumber}`),
    productNumber,
    brand: m.brand,
    model: m.model,
    year: m.year,
    dbNr: digits(random, 6),
    autoverNr: `1${digits(random, 7)}`,
    internalComment: random.pick(INTERNAL),
  };
}

function windscreen(m: OldModel, variant: '' | 'rain' | 'heat'): OldPriceRow {
  const row = blank('F', m);
  const band = m.size !== 'VAN' && random.chance(0.7);
  const extra = variant === 'rain' ? 250 : variant === 'heat' ? 1100 : 0;
  const windowReady = kr(jitter(WINDSCREEN_KR[m.size] + extra));
  const window1F = roundPriceOre(windowReady * 1.08);
  const window2F = band ? roundPriceOre(windowReady * 1.18) : null;
  const lists = m.size === 'VAN' ? null : kr(random.pick([165, 195, 245, 295, 345]));
  const clips = maybe(0.6, kr(random.pick([35, 45, 60])));
  const coverStrip = maybe(0.4, kr(random.pick([65, 85, 120])));
  const st1St5St6 = kr(random.pick([35, 45, 55]));
  const st8 = maybe(0.5, kr(random.pick([15, 25])));
  const sensor = variant === 'rain' || variant === 'heat' ? kr(random.pick([65, 85, 95])) : null;
  const glue = kr(m.size === 'VAN' || m.size === 'L' ? 295 : 245);
  const mounting = kr(m.size === 'S' ? 695 : m.size === 'M' ? 795 : 995);
  const enviroment = kr(45);
  const parts = sum(lists, clips, coverStrip, st1St5St6, st8, sensor, glue, mounting, enviroment);
  const calibrated = m.camera && variant !== '';
  const [width, height] = WINDSCREEN_MM[m.size];
  const euroSuffix = variant === 'rain' ? 'AGNMV' : variant === 'heat' ? 'AGNHMV' : 'AGNV';
  return {
    ...row,
    comment: variant === 'heat' ? 'Elopvarmet – tjek stik før montering' : random.pick(WINDSCREEN_COMMENTS),
    eurocode: `${m.euro}${band ? euroSuffix.replace('AGN', 'AGNBL') : euroSuffix}`,
    oemNr: m.oem(random),
    agcNr: `W${digits(random, 5)}`,
    measurement: `${width + random.int(-20, 20)} x ${height + random.int(-15, 15)} mm`,
    timeHours: m.size === 'VAN' || m.size === 'L' ? 2 : random.pick([1.25, 1.5, 1.5, 1.75]),
    windowReadyOre: windowReady,
    window1FOre: window1F,
    window2FOre: window2F,
    priceReadyOre: windowReady + parts,
    price1FOre: window1F + parts,
    price2FOre: window2F === null ? null : window2F + parts,
    clipsOre: clips,
    listsOre: lists,
    st1St5St6Ore: st1St5St6,
    st8Ore: st8,
    rubberListOre: null,
    glueListOre: maybe(0.3, kr(random.pick([55, 75]))),
    coverStripOre: coverStrip,
    sensorOre: sensor,
    glueOre: glue,
    mountingOre: mounting,
    enviromentOre: enviroment,
    pK1Ore: calibrated ? kr(995) : null,
    pK2Ore: calibrated ? kr(1495) : null,
    pK3Ore: calibrated && random.chance(0.5) ? kr(1995) : null,
    pK4Ore: calibrated && random.chance(0.3) ? kr(2495) : null,
    calibrationOre: calibrated ? kr(1495) : null,
  };
}

function sideWindow(m: OldModel, left: boolean): OldPriceRow {
  const row = blank('S', m);
  const windowReady = kr(jitter(m.size === 'S' ? 520 : m.size === 'M' ? 640 : 780));
  const window1F = roundPriceOre(windowReady * 1.1);
  const rubberList = maybe(0.5, kr(random.pick([85, 120, 145])));
  const clips = maybe(0.5, kr(random.pick([25, 35])));
  const mounting = kr(random.pick([395, 450, 495]));
  const enviroment = kr(45);
  const parts = sum(rubberList, clips, mounting, enviroment);
  return {
    ...row,
    comment: random.pick(SIDE_COMMENTS),
    eurocode: `${m.euro}${left ? 'L' : 'R'}GS${m.fiveDoor ? '5' : '3'}FD`,
    oemNr: m.oem(random).replace(/845 011|B03100|670|56101|72700|86110/, left ? '845 201' : '845 202'),
    agcNr: `D${digits(random, 5)}`,
    measurement: `${random.int(620, 780)} x ${random.int(420, 520)} mm`,
    timeHours: random.pick([0.75, 1, 1]),
    windowReadyOre: windowReady,
    window1FOre: window1F,
    window2FOre: null,
    priceReadyOre: windowReady + parts,
    price1FOre: window1F + parts,
    price2FOre: null,
    clipsOre: clips,
    rubberListOre: rubberList,
    mountingOre: mounting,
    enviromentOre: enviroment,
  };
}

/** The rear window's part group in place of the windscreen's, per make. */
const REAR_PART: Record<string, string> = {
  '845 011': '845 051',
  '56101': '64811',
  B03100: 'N42006',
  '72700': '90300',
  '86110': '87110',
  '670': '671',
  '63-900': '63-930',
};

function rearWindow(m: OldModel): OldPriceRow {
  const row = blank('B', m);
  const windowReady = kr(jitter(m.size === 'S' ? 950 : m.size === 'M' ? 1250 : 1550));
  const window1F = roundPriceOre(windowReady * 1.1);
  const window2F = random.chance(0.4) ? roundPriceOre(windowReady * 1.3) : null;
  const rubber = m.size === 'VAN' || random.chance(0.3);
  const rubberList = rubber ? kr(random.pick([145, 195, 245])) : null;
  const glue = rubber ? null : kr(195);
  const mounting = kr(random.pick([595, 695]));
  const enviroment = kr(45);
  const parts = sum(rubberList, glue, mounting, enviroment);
  return {
    ...row,
    comment: window2F ? 'Privacy-tonet findes som 2F' : 'Opvarmet',
    eurocode: `${m.euro}BGSH${m.fiveDoor ? '5' : '3'}D`,
    oemNr: m.oem(random).replace(/845 011|56101|B03100|72700|86110|670|63-900/, (part) => REAR_PART[part] ?? part),
    agcNr: `B${digits(random, 5)}`,
    measurement: `${random.int(1050, 1280)} x ${random.int(480, 640)} mm`,
    timeHours: rubber ? 1.5 : 1.25,
    windowReadyOre: windowReady,
    window1FOre: window1F,
    window2FOre: window2F,
    priceReadyOre: windowReady + parts,
    price1FOre: window1F + parts,
    price2FOre: window2F === null ? null : window2F + parts,
    rubberListOre: rubberList,
    glueOre: glue,
    mountingOre: mounting,
    enviromentOre: enviroment,
  };
}

export const OLD_PRICES: readonly OldPriceRow[] = MODELS.flatMap((m) => [
  windscreen(m, ''),
  ...(m.rainSensor ? [windscreen(m, 'rain')] : []),
  ...(m.brand === 'Ford' && m.model !== 'Transit' ? [windscreen(m, 'heat')] : []),
  sideWindow(m, true),
  sideWindow(m, false),
  ...(m.size === 'VAN' ? [] : [rearWindow(m)]),
]);
