import { findModel } from './cars';
import { GLASS_MODELS, type GlassModelSpec, type GlassSize, type OeFamily, type WindscreenVariant } from './glass-models';
import { createRandom, roundPriceOre, stableUuid, type Random } from './random';

/**
 * The product catalogue: glass generated from GLASS_MODELS, plus the fixed
 * service, repair, calibration, loan-car, adhesive-pad and accessory items the
 * spec names (UD, REP1–REP8, PK3/PK5/PK6, BIL001, limpuder 337–358).
 * Prices are list prices excl. VAT in øre.
 */
export const PRODUCT_GROUP_NAMES = [
  'Forrude',
  'Siderude',
  'Bagrude',
  'Tagrude',
  'Stenslag',
  'Tilbehør',
  'Kalibrering',
  'Service',
  'Lånebil',
  'Limpuder',
] as const;
export type ProductGroupName = (typeof PRODUCT_GROUP_NAMES)[number];

export interface ProductGroupRow {
  id: string;
  name: ProductGroupName;
  sortOrder: number;
}

/** 0 none, 1 addon, 2 accessory (also the free loan car line), 3 calibration. */
export type ItemType = 0 | 1 | 2 | 3;

export interface ProductRow {
  id: string;
  no: string;
  name: string;
  description: string;
  description2: string;
  description3: string;
  description4: string;
  groupId: string;
  listPriceOre: number;
  itemType: ItemType;
  twoPersonJob: boolean;
  isService: boolean;
  isVinItem: boolean;
  material: string;
  oeNumber: string;
  euroCode: string;
  oes: string;
  sameAs: string;
  agc: string;
  oem: string;
  autoversapCode: string;
  nags: string;
  aw: string;
  imageUrl: string;
  instructionUrl: string;
  active: boolean;
}

export interface ProductTipRow {
  productId: string;
  general: string;
  mounting: string;
  calibrating: string;
}

export interface ProductSubItemRow {
  productId: string;
  subProductId: string;
  amount: number;
}

export interface ProductCarFitRow {
  productId: string;
  modelId: number;
  yearFrom: number;
  yearTo: number;
}

export function productGroupId(name: ProductGroupName): string {
  return stableUuid(`product-group:${name}`);
}

export function productId(no: string): string {
  return stableUuid(`product:${no}`);
}

export const PRODUCT_GROUPS: readonly ProductGroupRow[] = PRODUCT_GROUP_NAMES.map((name, index) => ({
  id: productGroupId(name),
  name,
  sortOrder: index + 1,
}));

const random = createRandom(20_260_302);

function blankProduct(no: string, name: string, group: ProductGroupName): ProductRow {
  return {
    id: productId(no),
    no,
    name,
    description: '',
    description2: '',
    description3: '',
    description4: '',
    groupId: productGroupId(group),
    listPriceOre: 0,
    itemType: 0,
    twoPersonJob: false,
    isService: false,
    isVinItem: false,
    material: '',
    oeNumber: '',
    euroCode: '',
    oes: '',
    sameAs: '',
    agc: '',
    oem: '',
    autoversapCode: '',
    nags: '',
    aw: '',
    imageUrl: '',
    instructionUrl: '',
    active: true,
  };
}

// ---------------------------------------------------------------------------
// Fixed catalogue items

interface ItemSpec {
  no: string;
  name: string;
  group: ProductGroupName;
  kroner: number;
  itemType?: ItemType;
  isService?: boolean;
  description?: string;
}

const SERVICE_ITEMS: readonly ItemSpec[] = [
  {
    no: 'REP1',
    name: 'Stenslag reparation – 1. skade',
    group: 'Stenslag',
    kroner: 495,
    isService: true,
    description: 'Reparation af stenslag i forrude',
  },
  {
    no: 'REP2',
    name: 'Stenslag reparation – 2. skade',
    group: 'Stenslag',
    kroner: 165,
    isService: true,
    description: 'Anden skade i samme rude, samme besøg',
  },
  {
    no: 'REP3',
    name: 'Stenslag reparation – 3. skade',
    group: 'Stenslag',
    kroner: 165,
    isService: true,
    description: 'Tredje skade i samme rude, samme besøg',
  },
  {
    no: 'REP4',
    name: 'Stenslag reparation – 4. skade og flere',
    group: 'Stenslag',
    kroner: 125,
    isService: true,
    description: 'Pr. skade ud over tre',
  },
  {
    no: 'REP5',
    name: 'Stenslag – forsegling af overfladeskade',
    group: 'Stenslag',
    kroner: 295,
    isService: true,
    description: 'Skade uden revne, forsegles med resin',
  },
  {
    no: 'REP6',
    name: 'Mobilservice tillæg zone 1',
    group: 'Stenslag',
    kroner: 0,
    isService: true,
    description: 'Udkørsel inden for 15 km',
  },
  { no: 'REP7', name: 'Mobilservice tillæg zone 2', group: 'Stenslag', kroner: 195, isService: true, description: 'Udkørsel 15–40 km' },
  { no: 'REP8', name: 'Mobilservice tillæg zone 3', group: 'Stenslag', kroner: 395, isService: true, description: 'Udkørsel over 40 km' },
  {
    no: 'PK3',
    name: 'Kalibrering af kamera – statisk',
    group: 'Kalibrering',
    kroner: 1495,
    itemType: 3,
    isService: true,
    description: 'Statisk kalibrering med targetplade',
  },
  {
    no: 'PK5',
    name: 'Kalibrering af kamera – dynamisk',
    group: 'Kalibrering',
    kroner: 995,
    itemType: 3,
    isService: true,
    description: 'Dynamisk kalibrering under prøvetur',
  },
  {
    no: 'PK6',
    name: 'Kalibrering af kamera og radar – statisk og dynamisk',
    group: 'Kalibrering',
    kroner: 2495,
    itemType: 3,
    isService: true,
    description: 'Samlet kalibrering af kamera og radar',
  },
  {
    no: 'UD',
    name: 'Udskiftning – montering',
    group: 'Service',
    kroner: 895,
    isService: true,
    description: 'Afmontering af gammel rude og montering af ny',
  },
  {
    no: 'MILJ',
    name: 'Miljøgebyr – bortskaffelse af rude',
    group: 'Service',
    kroner: 65,
    isService: true,
    description: 'Genanvendelse af glas og lim',
  },
  {
    no: 'SERV',
    name: 'Servicekald – eftersyn af montering',
    group: 'Service',
    kroner: 0,
    isService: true,
    description: 'Reklamation: eftersyn uden beregning',
  },
  { no: 'BIL001', name: 'Gratis lånebil', group: 'Lånebil', kroner: 0, itemType: 2, description: 'Elbil, inkl. 250 km' },
  { no: 'BIL002', name: 'Lånebil – ekstra døgn', group: 'Lånebil', kroner: 395, itemType: 2, description: 'Pr. døgn ud over aftalen' },
  {
    no: 'BIL003',
    name: 'Lånebil – selvrisikoforsikring',
    group: 'Lånebil',
    kroner: 80,
    itemType: 2,
    description: 'Nedsat selvrisiko ved skade på lånebilen, pr. døgn (100,00 kr. inkl. moms)',
  },
];

/** The sixteen-plus quick-add adhesive pads ('limpuder'): 337, 341, 342 and 344–358. */
const LIMPUDE_NAMES: Record<string, [string, number]> = {
  '337': ['Limpude 3M 08609 – spejlbeslag', 65],
  '341': ['Limpude regnsensor VW/Audi/Skoda/Seat', 145],
  '342': ['Limpude regnsensor Toyota/Lexus', 155],
  '344': ['Limpude kamerabeslag VW/Audi/Skoda/Seat', 185],
  '345': ['Limpude kamerabeslag Volvo/Polestar', 195],
  '346': ['Limpude kamerabeslag Ford', 175],
  '347': ['Limpude kamerabeslag Peugeot/Citroën/Opel', 175],
  '348': ['Limpude kamerabeslag Renault/Dacia', 165],
  '349': ['Limpude kamerabeslag Hyundai/Kia', 175],
  '350': ['Limpude kamerabeslag Mercedes-Benz', 215],
  '351': ['Limpude kamerabeslag BMW/Mini', 215],
  '352': ['Limpude regnsensor BMW/Mini', 165],
  '353': ['Limpude regnsensor Mercedes-Benz', 165],
  '354': ['Limpude regnsensor Volvo', 155],
  '355': ['Limpude regnsensor Hyundai/Kia', 145],
  '356': ['Limpude regnsensor Ford', 145],
  '357': ['Limpude regnsensor Peugeot/Citroën/Opel', 145],
  '358': ['Limpude universal 3M 08690 dobbeltklæbende', 95],
};

const LIMPUDE_ITEMS: readonly ItemSpec[] = Object.entries(LIMPUDE_NAMES).map(([no, [name, kroner]]) => ({
  no,
  name,
  group: 'Limpuder',
  kroner,
  itemType: 1,
  description: 'Limpude til beslag på rude',
}));

const ACCESSORY_ITEMS: readonly ItemSpec[] = [
  { no: 'VISK-600450', name: 'Viskerblade sæt 600/450 mm (flatblade)', group: 'Tilbehør', kroner: 349, itemType: 2 },
  { no: 'VISK-650400', name: 'Viskerblade sæt 650/400 mm (flatblade)', group: 'Tilbehør', kroner: 379, itemType: 2 },
  { no: 'VISK-700400', name: 'Viskerblade sæt 700/400 mm (flatblade)', group: 'Tilbehør', kroner: 399, itemType: 2 },
  { no: 'VISK-750650', name: 'Viskerblade sæt 750/650 mm til varebil', group: 'Tilbehør', kroner: 429, itemType: 2 },
  { no: 'VISK-B280', name: 'Viskerblad bagrude 280 mm', group: 'Tilbehør', kroner: 129, itemType: 2 },
  { no: 'VISK-B330', name: 'Viskerblad bagrude 330 mm', group: 'Tilbehør', kroner: 139, itemType: 2 },
  { no: 'GEL-RS01', name: 'Gelpude til regnsensor, universal', group: 'Tilbehør', kroner: 149, itemType: 1 },
  { no: 'GEL-RS02', name: 'Gelpude til regn- og lyssensor VW/Audi/Skoda/Seat', group: 'Tilbehør', kroner: 189, itemType: 1 },
  { no: 'SPEJL-01', name: 'Spejlbeslag universal til limning', group: 'Tilbehør', kroner: 95, itemType: 1 },
  { no: 'SPEJL-02', name: 'Spejlbeslag VW/Audi/Skoda/Seat med sensorramme', group: 'Tilbehør', kroner: 245, itemType: 1 },
  { no: 'RAMME-RS', name: 'Sensorramme til regnsensor', group: 'Tilbehør', kroner: 175, itemType: 1 },
  { no: 'CLIPS-10', name: 'Clips til forrudeliste (10 stk.)', group: 'Tilbehør', kroner: 89, itemType: 1 },
  { no: 'CLIPS-BAG', name: 'Clips til bagrude og siderude (10 stk.)', group: 'Tilbehør', kroner: 79, itemType: 1 },
  { no: 'LISTE-F', name: 'Forrudeliste universal (tagliste)', group: 'Tilbehør', kroner: 195, itemType: 1 },
  { no: 'PRIM-SIKA', name: 'Sika Primer-207, 30 ml', group: 'Tilbehør', kroner: 165, itemType: 1 },
  { no: 'AKT-SIKA', name: 'Sika Aktivator-100, 30 ml', group: 'Tilbehør', kroner: 129, itemType: 1 },
  { no: 'LIM-SIKA', name: 'Limsæt Sika Tack Ultrafast (patron, primer og aktivator)', group: 'Tilbehør', kroner: 495, itemType: 1 },
  { no: 'LIM-DIN', name: 'Limsæt Dinitrol 501 Fast (patron og primer)', group: 'Tilbehør', kroner: 465, itemType: 1 },
  { no: 'LIM-DINHV', name: 'Limsæt Dinitrol 500 HV til varebiler (2 patroner)', group: 'Tilbehør', kroner: 795, itemType: 1 },
  { no: 'DYSE-SPR', name: 'Sprinklerdyse til forrude', group: 'Tilbehør', kroner: 85, itemType: 2 },
  { no: 'REGNAFV', name: 'Regnafvisende behandling af forrude', group: 'Tilbehør', kroner: 249, itemType: 2 },
  { no: 'SOLFILM-B', name: 'Solfilm bagrude og bagerste siderude (monteret)', group: 'Tilbehør', kroner: 895, itemType: 2 },
  { no: 'SPRINK-4L', name: 'Sprinklervæske vinter 4 liter', group: 'Tilbehør', kroner: 59, itemType: 2 },
  { no: 'FOLIE-KAM', name: 'Beskyttelsesfolie til kameravindue', group: 'Tilbehør', kroner: 59, itemType: 1 },
];

function fixedItem(spec: ItemSpec): ProductRow {
  return {
    ...blankProduct(spec.no, spec.name, spec.group),
    description: spec.description ?? '',
    listPriceOre: spec.kroner * 100,
    itemType: spec.itemType ?? 0,
    isService: spec.isService ?? false,
  };
}

// ---------------------------------------------------------------------------
// Number kinds for glass

type GlassPart = 'WS' | 'FDL' | 'FDR' | 'RDL' | 'RDR' | 'REAR' | 'REARL' | 'REARR' | 'ROOF';

const digits = (rnd: Random, count: number) => Array.from({ length: count }, () => rnd.int(0, 9)).join('');
const letters = (rnd: Random, count: number, alphabet = 'ABCDEFGHJKLMNPRSTUVWXYZ') =>
  Array.from({ length: count }, () => rnd.pick([...alphabet])).join('');

/** Part-group numbers per family: windscreen, front door L/R, rear door L/R, rear window, roof. */
const PART_CODES: Partial<Record<OeFamily, Record<GlassPart, string>>> = {
  VAG: {
    WS: '845011',
    FDL: '845201',
    FDR: '845202',
    RDL: '845205',
    RDR: '845206',
    REAR: '845051',
    REARL: '845297',
    REARR: '845298',
    ROOF: '877071',
  },
  TOYOTA: {
    WS: '56101',
    FDL: '68102',
    FDR: '68101',
    RDL: '68104',
    RDR: '68103',
    REAR: '64811',
    REARL: '64811',
    REARR: '64812',
    ROOF: '63201',
  },
  HYUNDAI_KIA: {
    WS: '86110',
    FDL: '82411',
    FDR: '82421',
    RDL: '83411',
    RDR: '83421',
    REAR: '87110',
    REARL: '87110',
    REARR: '87120',
    ROOF: '81610',
  },
  NISSAN: {
    WS: '72700',
    FDL: '80301',
    FDR: '80300',
    RDL: '82301',
    RDR: '82300',
    REAR: '90300',
    REARL: '90301',
    REARR: '90300',
    ROOF: '91250',
  },
  SUZUKI: {
    WS: '84511',
    FDL: '84502',
    FDR: '84501',
    RDL: '84504',
    RDR: '84503',
    REAR: '84551',
    REARL: '84552',
    REARR: '84551',
    ROOF: '78211',
  },
  MERCEDES: { WS: '670', FDL: '725', FDR: '725', RDL: '735', RDR: '735', REAR: '671', REARL: '740', REARR: '740', ROOF: '780' },
  FORD: {
    WS: 'B03100',
    FDL: 'A21411',
    FDR: 'A21410',
    RDL: 'A25713',
    RDR: 'A25712',
    REAR: 'N42006',
    REARL: 'V42007',
    REARR: 'V42006',
    ROOF: 'A50202',
  },
  MAZDA: {
    WS: '63-900',
    FDL: '59-511',
    FDR: '58-511',
    RDL: '73-511',
    RDR: '72-511',
    REAR: '63-930',
    REARL: '63-931',
    REARR: '63-930',
    ROOF: '69-811',
  },
};

/** The OE part number as the car maker writes it, and its compact (searchable) form. */
function oeNumbers(spec: GlassModelSpec, part: GlassPart, rnd: Random): { oeNumber: string; oem: string } {
  const { family, prefix } = spec.oe;
  const code = PART_CODES[family]?.[part] ?? '';
  let oeNumber: string;
  switch (family) {
    case 'VAG':
      oeNumber = `${prefix}${code}${letters(rnd, rnd.int(1, 2))}${part === 'WS' ? ' NVB' : ''}`;
      break;
    case 'TOYOTA':
    case 'HYUNDAI_KIA':
      oeNumber = `${code}-${prefix}${digits(rnd, 3)}`;
      break;
    case 'NISSAN':
    case 'SUZUKI':
      oeNumber = `${code}-${prefix}${digits(rnd, 1)}${letters(rnd, 1)}`;
      break;
    case 'MERCEDES':
      oeNumber = `A ${prefix} ${code} ${digits(rnd, 2)} 00`;
      break;
    case 'BMW': {
      const group =
        part === 'WS' ? '51 31' : part === 'ROOF' ? '54 13' : part === 'REAR' ? '51 31' : part.startsWith('FD') ? '51 33' : '51 35';
      oeNumber = `${group} ${prefix} ${digits(rnd, 3)} ${digits(rnd, 3)}`;
      break;
    }
    case 'FORD':
      oeNumber = `${prefix}-${code}-${letters(rnd, 2)}`;
      break;
    case 'MAZDA':
      oeNumber = `${prefix}-${code}${letters(rnd, 1)}`;
      break;
    case 'PSA':
      oeNumber = `${prefix}${digits(rnd, 6)}80`;
      break;
    case 'RENAULT':
      oeNumber = `${part === 'WS' ? '72700' : part.startsWith('FD') ? '80300' : part.startsWith('RD') ? '82300' : '90300'}${digits(rnd, 4)}R`;
      break;
    case 'VOLVO':
      oeNumber = `${prefix}${digits(rnd, 6)}`;
      break;
    case 'TESLA':
      oeNumber = `${prefix}${digits(rnd, 4)}-00-${letters(rnd, 1, 'ABCDEFG')}`;
      break;
    case 'FIAT':
      oeNumber = `${prefix}${digits(rnd, 7)}`;
      break;
    default:
      oeNumber = `${prefix}${digits(rnd, 7)}`;
  }
  return { oeNumber, oem: oeNumber.replace(/[\s-]/g, '') };
}

const OES_SUPPLIERS = ['SEK', 'PIL', 'AGC', 'FUY', 'XYG', 'SAF'] as const;

// ---------------------------------------------------------------------------
// Glass products

const PREMIUM_FACTOR = 1.35;

const WINDSCREEN_BASE_KR: Record<GlassSize, number> = { S: 2700, M: 3400, L: 4300, VAN: 3700 };
const WINDSCREEN_EXTRA_KR: Record<WindscreenVariant, number> = { BASIC: 0, RAIN: 350, CAM: 1300, HUD: 2900, HEAT: 2100 };
const SIDE_BASE_KR: Record<GlassSize, number> = { S: 950, M: 1150, L: 1350, VAN: 1250 };
const REAR_BASE_KR: Record<GlassSize, number> = { S: 1650, M: 2100, L: 2800, VAN: 1700 };

const WINDSCREEN_SUFFIX: Record<WindscreenVariant, string> = {
  BASIC: 'AGNV',
  RAIN: 'AGNMVZ',
  CAM: 'AGSMVZ1C',
  HUD: 'AGSHMVZ6C',
  HEAT: 'AGNHMVZ1C',
};

const WINDSCREEN_NAME: Record<WindscreenVariant, string> = {
  BASIC: '',
  RAIN: ' m/regnsensor',
  CAM: ' m/regnsensor og kamera',
  HUD: ' m/HUD, regnsensor og kamera',
  HEAT: ' m/varme, regnsensor og kamera',
};

const WINDSCREEN_FEATURES: Record<WindscreenVariant, string> = {
  BASIC: 'Uden sensor',
  RAIN: 'Regnsensor',
  CAM: 'Regnsensor og kamera (ADAS)',
  HUD: 'Head-up display, regnsensor og kamera (ADAS)',
  HEAT: 'Elopvarmet, regnsensor og kamera (ADAS)',
};

const hasCamera = (variant: WindscreenVariant) => variant === 'CAM' || variant === 'HUD' || variant === 'HEAT';

function jitter(kroner: number): number {
  return roundPriceOre(kroner * 100 * (0.93 + random.next() * 0.14));
}

function clampKr(ore: number, minKr: number, maxKr: number): number {
  return Math.min(maxKr * 100, Math.max(minKr * 100, ore));
}

/** Running product numbers per glass kind: F forrude, S siderude, B bagrude, T tagrude. */
const nextNumber = { F: 10001, S: 20001, B: 30001, T: 40001 };

function nextNo(prefix: keyof typeof nextNumber): string {
  const no = `${prefix}${nextNumber[prefix]}`;
  nextNumber[prefix] += 1;
  return no;
}

interface GlassProduct {
  product: ProductRow;
  spec: GlassModelSpec;
  /** Fits all the spec's models (windscreen, front doors) or only the first (rear glass). */
  fitsAll: boolean;
  variant?: WindscreenVariant;
}

function numberKinds(spec: GlassModelSpec, part: GlassPart, euroCode: string, nagsPrefix: string) {
  const { oeNumber, oem } = oeNumbers(spec, part, random);
  return {
    euroCode,
    oeNumber,
    oem,
    oes: `${random.pick(OES_SUPPLIERS)}${digits(random, 6)}`,
    // An equivalent aftermarket code: the sister version (…1B for …1C) or the same glass without moulding (…Z).
    sameAs: random.chance(0.3) ? (euroCode.endsWith('C') ? `${euroCode.slice(0, -1)}B` : `${euroCode}Z`) : '',
    agc: `${part === 'WS' ? 'W' : part === 'ROOF' ? 'T' : part.startsWith('REAR') ? 'B' : 'D'}${digits(random, 5)}`,
    autoversapCode: `1${digits(random, 7)}`,
    nags: `${nagsPrefix}${digits(random, 5)}${random.pick(['GTN', 'GTY', 'GBN', 'GBYN'])}`,
    aw: digits(random, 6),
  };
}

function windscreen(spec: GlassModelSpec, variant: WindscreenVariant, index: number): GlassProduct {
  const blueBand = index % 2 === 1 && variant !== 'BASIC';
  const suffix = WINDSCREEN_SUFFIX[variant].replace(/^AGN/, blueBand ? 'AGNBL' : 'AGN');
  const euroCode = `${spec.euroBase}${suffix}`;
  const base = WINDSCREEN_BASE_KR[spec.size] + WINDSCREEN_EXTRA_KR[variant];
  const price = clampKr(jitter(base * (spec.premium ? PREMIUM_FACTOR : 1)), 2500, 9000);
  const fitNames = spec.fits.map(([, model]) => model);
  const product: ProductRow = {
    ...blankProduct(nextNo('F'), `Forrude ${spec.label}${WINDSCREEN_NAME[variant]}`, 'Forrude'),
    ...numberKinds(spec, 'WS', euroCode, 'FW0'),
    description: blueBand ? 'Grøn tonet m/ blåt solbånd' : variant === 'HUD' ? 'Grøn tonet, akustisk' : 'Grøn tonet',
    description2: WINDSCREEN_FEATURES[variant],
    description3: spec.size === 'VAN' ? 'Med spejlbeslag, uden liste' : 'VIN-vindue, spejlbeslag og liste',
    description4: hasCamera(variant)
      ? 'Kræver kalibrering af kamera efter montering'
      : fitNames.length > 1
        ? `Passer til ${fitNames.join(', ')}`
        : '',
    listPriceOre: price,
    material: 'Lamineret',
    twoPersonJob: spec.size === 'L' || spec.size === 'VAN' || variant === 'HUD',
    isVinItem: hasCamera(variant),
    instructionUrl: random.chance(0.4) ? `https://instruktioner.rudeplan.dk/${euroCode}.pdf` : '',
  };
  return { product, spec, fitsAll: true, variant };
}

function sideWindow(spec: GlassModelSpec, part: 'FDL' | 'FDR' | 'RDL' | 'RDR'): GlassProduct {
  const front = part.startsWith('FD');
  const left = part.endsWith('L');
  const privacy = !front && Boolean(spec.privacy);
  const laminated = front && Boolean(spec.premium);
  const euroCode = `${spec.euroBase}${left ? 'L' : 'R'}${privacy ? 'V' : 'G'}S${spec.rearDoors || !front ? '5' : '3'}${front ? 'FD' : 'RD'}`;
  const kroner = (SIDE_BASE_KR[spec.size] - (front ? 0 : 100) + (laminated ? 400 : 0) + (privacy ? 150 : 0)) * (spec.premium ? 1.3 : 1);
  const product: ProductRow = {
    ...blankProduct(nextNo('S'), `Siderude ${spec.label} ${front ? 'fordør' : 'bagdør'} ${left ? 'venstre' : 'højre'}`, 'Siderude'),
    ...numberKinds(spec, part, euroCode, front ? 'FD' : 'RD'),
    description: privacy ? 'Mørk tonet (privacy)' : 'Grøn tonet',
    description2: spec.size === 'VAN' ? 'Varebil, fast ramme' : spec.rearDoors ? '5-dørs' : '3-dørs',
    description3: laminated ? 'Akustisk lamineret' : 'Hærdet glas',
    listPriceOre: clampKr(jitter(kroner), 900, 2500),
    material: laminated ? 'Lamineret' : 'Hærdet',
  };
  return { product, spec, fitsAll: front };
}

function rearWindows(spec: GlassModelSpec): GlassProduct[] {
  const tint = spec.privacy ? 'V' : 'G';
  const description = spec.privacy ? 'Mørk tonet (privacy), opvarmet' : 'Grøn tonet, opvarmet';
  if (spec.size === 'VAN') {
    // Vans have twin rear doors, each with its own heated window.
    return (['REARL', 'REARR'] as const).map((part) => {
      const left = part === 'REARL';
      const euroCode = `${spec.euroBase}B${tint}SH${left ? 'L' : 'R'}`;
      const product: ProductRow = {
        ...blankProduct(nextNo('B'), `Bagrude ${spec.label} bagdør ${left ? 'venstre' : 'højre'}`, 'Bagrude'),
        ...numberKinds(spec, part, euroCode, 'DB'),
        description,
        description2: 'Til dobbelte bagdøre',
        description3: 'Hærdet glas',
        listPriceOre: clampKr(jitter(REAR_BASE_KR.VAN * (left ? 1 : 0.95)), 1500, 4500),
        material: 'Hærdet',
      };
      return { product, spec, fitsAll: false };
    });
  }
  const euroCode = `${spec.euroBase}B${tint}SH${spec.rearDoors ? '5' : '3'}D`;
  const product: ProductRow = {
    ...blankProduct(nextNo('B'), `Bagrude ${spec.label}`, 'Bagrude'),
    ...numberKinds(spec, 'REAR', euroCode, 'DB'),
    description,
    description2: spec.size === 'S' || spec.size === 'L' ? 'Med hul til bagrudevisker' : 'Med antenne',
    description3: 'Hærdet glas',
    listPriceOre: clampKr(jitter(REAR_BASE_KR[spec.size] * (spec.premium ? 1.3 : 1) + (spec.privacy ? 300 : 0)), 1500, 4500),
    material: 'Hærdet',
  };
  return [{ product, spec, fitsAll: false }];
}

function roofGlass(spec: GlassModelSpec): GlassProduct {
  const euroCode = `${spec.euroBase}TGSPAN`;
  const base = (spec.size === 'L' ? 7200 : 5200) * (spec.premium ? 1.3 : 1);
  const product: ProductRow = {
    ...blankProduct(nextNo('T'), `Tagrude ${spec.label} panorama`, 'Tagrude'),
    ...numberKinds(spec, 'ROOF', euroCode, 'RW'),
    description: 'Panoramatag, fast glas',
    description2: 'Grå tonet, UV- og IR-reflekterende',
    description3: 'Leveres uden solgardin',
    description4: 'Monteres af to personer',
    listPriceOre: clampKr(jitter(base), 4000, 12000),
    material: 'Lamineret',
    twoPersonJob: true,
    instructionUrl: `https://instruktioner.rudeplan.dk/${euroCode}.pdf`,
  };
  return { product, spec, fitsAll: false };
}

const GLASS: readonly GlassProduct[] = GLASS_MODELS.flatMap((spec) => [
  ...spec.windscreens.map((variant, index) => windscreen(spec, variant, index)),
  sideWindow(spec, 'FDL'),
  sideWindow(spec, 'FDR'),
  ...(spec.rearDoors ? [sideWindow(spec, 'RDL'), sideWindow(spec, 'RDR')] : []),
  ...rearWindows(spec),
  ...(spec.roof ? [roofGlass(spec)] : []),
]);

export const PRODUCTS: readonly ProductRow[] = [
  ...GLASS.map((glass) => glass.product),
  ...[...SERVICE_ITEMS, ...LIMPUDE_ITEMS, ...ACCESSORY_ITEMS].map(fixedItem),
];

/** Product numbers of the glass, for stock and price agreements. */
export const GLASS_PRODUCT_NOS: readonly string[] = GLASS.map((glass) => glass.product.no);
export const WINDSCREEN_PRODUCT_NOS: readonly string[] = GLASS.filter((glass) => glass.variant).map((glass) => glass.product.no);
/** Accessories and adhesive pads: the items most workshops keep on the shelf. */
export const SHELF_PRODUCT_NOS: readonly string[] = [...LIMPUDE_ITEMS, ...ACCESSORY_ITEMS]
  .filter((item) => !['REGNAFV', 'SOLFILM-B'].includes(item.no))
  .map((item) => item.no);

// ---------------------------------------------------------------------------
// Car fits

export const PRODUCT_CAR_FITS: readonly ProductCarFitRow[] = GLASS.flatMap(({ product, spec, fitsAll, variant }) => {
  const fits = fitsAll ? spec.fits : spec.fits.slice(0, 1);
  return fits.map(([make, modelName]) => {
    const model = findModel(make, modelName);
    // Head-up screens came with the facelift on most models: fit from two years into the generation.
    const yearFrom = variant === 'HUD' ? Math.max(model.yearFrom, (Math.floor(model.yearFrom / 100) + 2) * 100 + 1) : model.yearFrom;
    return { productId: product.id, modelId: model.modelId, yearFrom, yearTo: model.yearTo };
  });
});

// ---------------------------------------------------------------------------
// Sub-items ('Produkter til …') for windscreens

const CAMERA_PAD_BY_FAMILY: Partial<Record<OeFamily, string>> = {
  VAG: '344',
  VOLVO: '345',
  FORD: '346',
  PSA: '347',
  RENAULT: '348',
  HYUNDAI_KIA: '349',
  MERCEDES: '350',
  BMW: '351',
};

export const PRODUCT_SUB_ITEMS: readonly ProductSubItemRow[] = GLASS.filter((glass) => glass.variant).flatMap(
  ({ product, spec, variant }) => {
    const subs: [string, number][] = [
      ['CLIPS-10', 1],
      [spec.size === 'VAN' ? 'LIM-DINHV' : spec.oe.family === 'VAG' ? 'LIM-SIKA' : 'LIM-DIN', 1],
    ];
    if (variant !== 'BASIC') subs.push([spec.oe.family === 'VAG' ? 'GEL-RS02' : 'GEL-RS01', 1]);
    if (variant && hasCamera(variant)) subs.push([CAMERA_PAD_BY_FAMILY[spec.oe.family] ?? '358', 1]);
    return subs.map(([no, amount]) => ({ productId: product.id, subProductId: productId(no), amount }));
  },
);

// ---------------------------------------------------------------------------
// Tips og Tricks for about a third of the glass

const GENERAL_TIPS = [
  'Bestil altid ud fra stelnummer – der findes to udgaver af kamerabeslaget.',
  'Kontrollér farven på solbåndet på den gamle rude før bestilling.',
  'Kunden skal have besked om, at bilen ikke må vaskes de første 24 timer.',
  'Tjek om bilen har akustisk rude – det står i stemplet på den gamle rude.',
  'Ruden leveres med påsat liste – listen skal ikke bestilles separat.',
  'Ved privacy-glas: kontrollér at tonen matcher de øvrige ruder.',
];
const MOUNTING_TIPS = [
  'Brug Sika Tack Ultrafast – bilen kan køre efter 1 time.',
  'Flyt regnsensorens gelpude til den nye rude; brug en ny pude hvis den gamle er beskadiget.',
  'Vindueslisten kan ikke genbruges – bestil ny liste med.',
  'Afmontér viskerarme og torpedoplade før den gamle rude skæres ud.',
  'A-stolpebeklædningens clips knækker ofte – hav nye clips klar.',
  'Løft ruden på plads med sugekopper og to personer.',
  'Ruden skal centreres med afstandsklodser i bunden før limen hærder.',
];
const CALIBRATING_TIPS = [
  'Statisk kalibrering med targetplade – brug PK3.',
  'Dynamisk kalibrering: kør mindst 15 minutter over 50 km/t på vej med tydelige striber (PK5).',
  'Kamera og radar skal kalibreres samlet (PK6).',
  'Bilen skal stå på plant underlag med korrekt dæktryk og fuld tank før kalibrering.',
  'Kalibreringen kan først startes når limen har hærdet i 60 minutter.',
];

export const PRODUCT_TIPS: readonly ProductTipRow[] = GLASS.filter(() => random.chance(0.3)).map(({ product, variant }) => ({
  productId: product.id,
  general: random.pick(GENERAL_TIPS),
  mounting: random.chance(0.8) ? random.pick(MOUNTING_TIPS) : '',
  calibrating: variant && hasCamera(variant) ? random.pick(CALIBRATING_TIPS) : '',
}));
