import { DEPARTMENT_SPECS, departmentDebitorNo } from './departments';
import { createRandom, stableUuid } from './random';
import { cityOf } from './zip-codes';

/**
 * Payers: insurers, leasing companies, company accounts (debitors), the
 * departments' cash accounts and the one placeholder account
 * 'DUMMY - SKIFT KONTO'. Customer numbers are text: 1xxxx insurers,
 * 11xxx insurers' cash accounts, 2xxxx leasers, 3xxxx companies,
 * 9xxxx departments.
 */
export type DebitorKind = 'COMPANY' | 'INSURANCE' | 'LEASING' | 'CASH' | 'DEPARTMENT';

export interface DebitorRow {
  id: string;
  no: string;
  name: string;
  address: string;
  zipCode: string;
  city: string;
  phone: string;
  email: string;
  cvr: string;
  kind: DebitorKind;
}

export interface InsurerRow {
  id: string;
  name: string;
  bilStatistikName: string;
  debitorNo: string;
  cashDebitorNo: string | null;
  inReview: boolean;
}

export interface LeaserRow {
  id: string;
  name: string;
  debitorNo: string;
}

const random = createRandom(20_260_301);

/** A CVR number with a valid modulus-11 check (weights 2,7,6,5,4,3,2,1). */
function makeCvr(): string {
  const weights = [2, 7, 6, 5, 4, 3, 2];
  for (;;) {
    const digits = [random.int(1, 9), ...Array.from({ length: 6 }, () => random.int(0, 9))];
    const sum = digits.reduce((total, digit, i) => total + digit * (weights[i] as number), 0);
    const check = (11 - (sum % 11)) % 11;
    if (check < 10) return [...digits, check].join('');
  }
}

/** A Danish 8-digit number from an area prefix (landlines) or a mobile prefix. */
function makePhone(prefix: string): string {
  return prefix + String(random.int(0, 10 ** (8 - prefix.length) - 1)).padStart(8 - prefix.length, '0');
}

function debitor(no: string, kind: DebitorKind, fields: Partial<Omit<DebitorRow, 'id' | 'no' | 'kind'>> & { name: string }): DebitorRow {
  return {
    id: stableUuid(`debitor:${no}`),
    no,
    kind,
    address: '',
    zipCode: '',
    city: fields.zipCode ? cityOf(fields.zipCode) : '',
    phone: '',
    email: '',
    cvr: '',
    ...fields,
  };
}

// ---------------------------------------------------------------------------
// Insurers

interface InsurerSpec {
  name: string;
  bilStatistikName: string;
  debitorName: string;
  address: string;
  zipCode: string;
  inReview: boolean;
  /** Has a cash account for 'Tilbuds debitor' (the customer pays the excess). */
  cash: boolean;
}

const INSURER_SPECS: readonly InsurerSpec[] = [
  {
    name: 'Tryg',
    bilStatistikName: 'TRYG FORSIKRING A/S',
    debitorName: 'Tryg Forsikring A/S',
    address: 'Klausdalsbrovej 601',
    zipCode: '2750',
    inReview: true,
    cash: true,
  },
  {
    name: 'Topdanmark',
    bilStatistikName: 'TOPDANMARK FORSIKRING A/S',
    debitorName: 'Topdanmark Forsikring A/S',
    address: 'Borupvang 4',
    zipCode: '2750',
    inReview: true,
    cash: true,
  },
  {
    name: 'Alm. Brand',
    bilStatistikName: 'ALM. BRAND FORSIKRING A/S',
    debitorName: 'Alm. Brand Forsikring A/S',
    address: 'Midtermolen 7',
    zipCode: '2100',
    inReview: true,
    cash: true,
  },
  {
    name: 'Codan',
    bilStatistikName: 'CODAN FORSIKRING A/S',
    debitorName: 'Codan Forsikring',
    address: 'Gammel Kongevej 60',
    zipCode: '1790',
    inReview: true,
    cash: true,
  },
  {
    name: 'If Skadeforsikring',
    bilStatistikName: 'IF SKADEFORSIKRING',
    debitorName: 'If Skadeforsikring, filial af If Skadeförsäkring AB',
    address: 'Stamholmen 151',
    zipCode: '2650',
    inReview: true,
    cash: true,
  },
  {
    name: 'Gjensidige',
    bilStatistikName: 'GJENSIDIGE FORSIKRING',
    debitorName: 'Gjensidige Forsikring, dansk filial',
    address: 'Lautrupvang 2',
    zipCode: '2750',
    inReview: true,
    cash: false,
  },
  {
    name: 'GF Forsikring',
    bilStatistikName: 'GF FORSIKRING A/S',
    debitorName: 'GF Forsikring A/S',
    address: 'Jernbanegade 28',
    zipCode: '5000',
    inReview: false,
    cash: true,
  },
  {
    name: 'LB Forsikring',
    bilStatistikName: 'LB FORSIKRING A/S',
    debitorName: 'LB Forsikring A/S',
    address: 'Farvergade 17',
    zipCode: '1463',
    inReview: false,
    cash: true,
  },
  {
    name: 'Bauta Forsikring',
    bilStatistikName: 'BAUTA FORSIKRING A/S',
    debitorName: 'Bauta Forsikring A/S',
    address: 'Farvergade 17',
    zipCode: '1463',
    inReview: false,
    cash: false,
  },
  {
    name: 'Privatsikring',
    bilStatistikName: 'PRIVATSIKRING A/S',
    debitorName: 'Privatsikring A/S',
    address: 'Klausdalsbrovej 601',
    zipCode: '2750',
    inReview: false,
    cash: false,
  },
  {
    name: 'Købstædernes Forsikring',
    bilStatistikName: 'KØBSTÆDERNES FORSIKRING, GENSIDIG',
    debitorName: 'Købstædernes Forsikring',
    address: 'Vester Farimagsgade 7',
    zipCode: '1050',
    inReview: false,
    cash: false,
  },
  {
    name: 'Runa Forsikring',
    bilStatistikName: 'RUNA FORSIKRING A/S',
    debitorName: 'Runa Forsikring A/S',
    address: 'Jernbanegade 8',
    zipCode: '7100',
    inReview: false,
    cash: false,
  },
  {
    name: 'Sønderjysk Forsikring',
    bilStatistikName: 'SØNDERJYSK FORSIKRING G/S',
    debitorName: 'Sønderjysk Forsikring G/S',
    address: 'Sønderjyske Allé 2',
    zipCode: '6500',
    inReview: false,
    cash: true,
  },
  {
    name: 'Himmerland Forsikring',
    bilStatistikName: 'HIMMERLAND FORSIKRING G/S',
    debitorName: 'Himmerland Forsikring G/S',
    address: 'Jernbanegade 4',
    zipCode: '9600',
    inReview: false,
    cash: false,
  },
];

const insurerDebitorNo = (index: number) => String(10001 + index);
const insurerCashDebitorNo = (index: number) => String(11001 + index);

export const INSURERS: readonly InsurerRow[] = INSURER_SPECS.map((spec, index) => ({
  id: stableUuid(`insurer:${spec.name}`),
  name: spec.name,
  bilStatistikName: spec.bilStatistikName,
  debitorNo: insurerDebitorNo(index),
  cashDebitorNo: spec.cash ? insurerCashDebitorNo(index) : null,
  inReview: spec.inReview,
}));

const insurerDebitors: DebitorRow[] = INSURER_SPECS.flatMap((spec, index) => {
  const main = debitor(insurerDebitorNo(index), 'INSURANCE', {
    name: spec.debitorName,
    address: spec.address,
    zipCode: spec.zipCode,
    phone: makePhone('70'),
    email: '',
  });
  if (!spec.cash) return [main];
  const cash = debitor(insurerCashDebitorNo(index), 'CASH', {
    name: `${spec.name} – kontant (selvrisiko)`,
    address: spec.address,
    zipCode: spec.zipCode,
    phone: main.phone,
  });
  return [main, cash];
});

// ---------------------------------------------------------------------------
// Leasing companies

const LEASER_SPECS: readonly { name: string; debitorName: string; address: string; zipCode: string }[] = [
  { name: 'LeasePlan Danmark', debitorName: 'LeasePlan Danmark A/S', address: 'Lyngby Hovedgade 4', zipCode: '2600' },
  { name: 'Ayvens (ALD Automotive)', debitorName: 'Ayvens Danmark A/S', address: 'Kay Fiskers Plads 9', zipCode: '2860' },
  { name: 'Nordania Leasing', debitorName: 'Nordania Leasing, Danske Bank A/S', address: 'Parallelvej 17', zipCode: '2630' },
  { name: 'Arval', debitorName: 'Arval A/S', address: 'Lautrupbjerg 1', zipCode: '2605' },
  { name: 'Santander Consumer Bank', debitorName: 'Santander Consumer Bank A/S', address: 'Borupvang 5', zipCode: '2750' },
  { name: 'Jyske Finans', debitorName: 'Jyske Finans A/S', address: 'Vestergade 8', zipCode: '8600' },
  { name: 'Autolease', debitorName: 'Autolease A/S', address: 'Ørestads Boulevard 73', zipCode: '2300' },
];

const leaserDebitorNo = (index: number) => String(20001 + index);

export const LEASERS: readonly LeaserRow[] = LEASER_SPECS.map((spec, index) => ({
  id: stableUuid(`leaser:${spec.name}`),
  name: spec.name,
  debitorNo: leaserDebitorNo(index),
}));

const leaserDebitors: DebitorRow[] = LEASER_SPECS.map((spec, index) =>
  debitor(leaserDebitorNo(index), 'LEASING', {
    name: spec.debitorName,
    address: spec.address,
    zipCode: spec.zipCode,
    phone: makePhone('70'),
    cvr: makeCvr(),
  }),
);

/** The leasing company's account name, which the car registry shows as the owner of a leased car. */
export function leaserOwnerName(leaserName: string): string {
  const index = LEASER_SPECS.findIndex((spec) => spec.name === leaserName);
  if (index < 0) throw new Error(`Unknown leaser ${leaserName}`);
  return (LEASER_SPECS[index] as { debitorName: string }).debitorName;
}

// ---------------------------------------------------------------------------
// Company accounts

/** Landline prefixes by the first digit of the zip code's area. */
function landlinePrefix(zipCode: string): string {
  const zip = Number(zipCode);
  if (zip < 3000) return random.pick(['32', '33', '36', '38', '43', '44']);
  if (zip < 4000) return '48';
  if (zip < 5000) return random.pick(['46', '55', '56', '57', '58', '59']);
  if (zip < 6000) return random.pick(['62', '63', '64', '65', '66']);
  if (zip < 7000) return random.pick(['73', '74', '75', '76']);
  if (zip < 8000) return random.pick(['96', '97']);
  if (zip < 9000) return random.pick(['86', '87', '89']);
  return random.pick(['96', '98']);
}

/** [name, address, zip code, e-mail domain] */
const COMPANY_SPECS: readonly (readonly [string, string, string, string])[] = [
  ['Jensen & Søn Vognmandsforretning ApS', 'Industrivej 14', '8660', 'jensen-vognmand.dk'],
  ['Østjysk VVS ApS', 'Hasselager Centervej 21', '8260', 'ostjysk-vvs.dk'],
  ['Nordjysk Taxa A/S', 'Sundsholmen 5', '9400', 'nordjysktaxa.dk'],
  ['Fyns Erhvervsservice ApS', 'Havnegade 20', '5000', 'fyns-erhvervsservice.dk'],
  ['Hansen Tømrer og Snedker ApS', 'Grønnegade 4', '6000', 'hansen-toemrer.dk'],
  ['Kongeå Entreprenør A/S', 'Holstedvej 60', '6600', 'kongeaa-entreprenor.dk'],
  ['Dan-Køl Service ApS', 'Stamholmen 95', '2650', 'dankoel-service.dk'],
  ['Københavns Budservice ApS', 'Vigerslev Allé 130', '2500', 'kbh-budservice.dk'],
  ['Midtjysk Elektro A/S', 'Lollandsvej 12', '7400', 'midtjysk-elektro.dk'],
  ['Limfjordens Fiskeeksport ApS', 'Havnevej 8', '7900', 'limfjord-fisk.dk'],
  ['Sydfyns Malerfirma ApS', 'Vestergade 60', '5700', 'sydfyns-maler.dk'],
  ['Roskilde Anlægsgartner ApS', 'Industrivej 30', '4000', 'roskilde-anlaeg.dk'],
  ['Vestkystens Autoservice A/S', 'Spangsbjerg Møllevej 100', '6705', 'vestkystens-auto.dk'],
  ['Trekantens Kloakservice ApS', 'Fabriksvej 9', '7000', 'trekantens-kloak.dk'],
  ['Himmerlands Landbrugsservice I/S', 'Hobrovej 77', '9600', 'himmerland-landbrug.dk'],
  ['Djurs Tagdækning ApS', 'Østergade 12', '8500', 'djurs-tag.dk'],
  ['Sjællands Flytteforretning ApS', 'Ringstedvej 25', '4600', 'sj-flyt.dk'],
  ['Nordsjællands Rengøring A/S', 'Kongevejen 100', '3400', 'nsj-rengoering.dk'],
  ['Bager Olsen ApS', 'Axeltorv 3', '4700', 'bagerolsen.dk'],
  ['Holm Biludlejning ApS', 'Randersvej 200', '8200', 'holm-biludlejning.dk'],
  ['Slagelse Murerforretning ApS', 'Nørrevænget 5', '4200', 'slagelse-murer.dk'],
  ['Vejle Hjemmeservice ApS', 'Dæmningen 40', '7100', 'vejle-hjemmeservice.dk'],
  ['Nielsen Transport & Logistik A/S', 'Transportvej 4', '6000', 'nielsen-transport.dk'],
  ['Grøn Energi Montage ApS', 'Navervej 12', '8600', 'groen-energi-montage.dk'],
  ['Aalborg Ventilation ApS', 'Sofiendalsvej 80', '9200', 'aalborg-ventilation.dk'],
  ['Amager Tagservice ApS', 'Englandsvej 350', '2770', 'amager-tag.dk'],
  ['Herlev Kørselskontor ApS', 'Herlev Hovedgade 150', '2730', 'herlev-koersel.dk'],
  ['Lyngby Dyreklinik ApS', 'Lyngby Hovedgade 50', '2800', 'lyngby-dyreklinik.dk'],
  ['Horsens Maskinudlejning A/S', 'Høegh Guldbergs Gade 20', '8700', 'horsens-maskin.dk'],
  ['Randers Gulv & Parket ApS', 'Grenåvej 30', '8960', 'randers-gulv.dk'],
  ['Viborg Hvidevareservice ApS', 'Tingvej 10', '8800', 'viborg-hvidevare.dk'],
  ['Sønderjysk Vinduespolering ApS', 'Ellegårdvej 25', '6400', 'sj-vinduespolering.dk'],
  ['Hjørring Låseservice ApS', 'Østergade 30', '9800', 'hjoerring-laas.dk'],
  ['Odense Antenneservice ApS', 'Rugårdsvej 150', '5210', 'odense-antenne.dk'],
  ['Glostrup El-installation ApS', 'Sydvestvej 20', '2600', 'glostrup-el.dk'],
  ['Brøndby Catering ApS', 'Park Allé 300', '2605', 'broendby-catering.dk'],
  ['Taastrup Kran & Transport A/S', 'Sydvej 5', '2630', 'taastrup-kran.dk'],
  ['Sorø Skovservice I/S', 'Slagelsevej 40', '4180', 'soroe-skov.dk'],
  ['Ringkøbing Fjord Turistbusser ApS', 'Vesterkær 12', '6950', 'rkbfjord-bus.dk'],
  ['Mols Hjemmeservice ApS', 'Strandvejen 5', '8400', 'mols-hjemmeservice.dk'],
  ['Kolding Køreskole ApS', 'Dyrehavevej 8', '6000', 'kolding-koereskole.dk'],
  ['Esbjerg Offshore Service A/S', 'Dokvej 3', '6700', 'esbjerg-offshore-service.dk'],
];

const companyDebitorNo = (index: number) => String(30001 + index);

const companyDebitors: DebitorRow[] = COMPANY_SPECS.map(([name, address, zipCode, domain], index) =>
  debitor(companyDebitorNo(index), 'COMPANY', {
    name,
    address,
    zipCode,
    phone: makePhone(landlinePrefix(zipCode)),
    email: `${random.pick(['faktura', 'bogholderi', 'kontor', 'info'])}@${domain}`,
    cvr: makeCvr(),
  }),
);

export const COMPANY_DEBITOR_NOS: readonly string[] = companyDebitors.map((row) => row.no);
export const COMPANY_NAMES: readonly string[] = companyDebitors.map((row) => row.name);

// ---------------------------------------------------------------------------
// Departments' cash accounts and the placeholder

const departmentDebitors: DebitorRow[] = DEPARTMENT_SPECS.map((spec) =>
  debitor(departmentDebitorNo(spec.code), 'DEPARTMENT', {
    name: `Rudeplan ${spec.name} – kontant`,
    address: spec.address,
    zipCode: spec.zipCode,
    phone: spec.phone,
    email: spec.email,
  }),
);

/** The placeholder account orders get until the right payer is known; the debitor search shows it red. */
export const DUMMY_DEBITOR_NO = '99999';

const dummyDebitor = debitor(DUMMY_DEBITOR_NO, 'CASH', { name: 'DUMMY - SKIFT KONTO' });

export const DEBITORS: readonly DebitorRow[] = [
  ...insurerDebitors,
  ...leaserDebitors,
  ...companyDebitors,
  ...departmentDebitors,
  dummyDebitor,
];
