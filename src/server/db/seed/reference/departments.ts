import { stableUuid } from './random';
import { cityOf } from './zip-codes';

/**
 * The demo business: 22 workshops in real Danish towns and 5 mobile-service
 * departments (vans) that hang under a workshop in the same area. The lead's
 * user seed looks departments up by navLocationCode.
 */
/** The region keys the database accepts (departments_region check). */
export type TRegion = 'Jylland' | 'Fyn' | 'Sjaelland';
export type DepartmentSize = 'S' | 'M' | 'L';

export interface DepartmentSpec {
  code: string;
  name: string;
  address: string;
  zipCode: string;
  phone: string;
  email: string;
  lat: number;
  lng: number;
  region: TRegion;
  /** NAV responsibility centre: shared by the departments of one area. */
  center: string;
  size: DepartmentSize;
  maxWorkers: number;
  /** The warehouse that delivers to it (stock location code). */
  warehouse: string;
  /** Set for a mobile-service department: its parent workshop's code. */
  parent?: string;
  saturday?: boolean;
  waitingList?: boolean;
  coffee?: boolean;
  wifi?: boolean;
  loanCar?: boolean;
  inActive?: boolean;
  obs?: string;
  alerts?: string[];
  deliveringDays?: string;
  windowOffset?: number;
  stoneChipOffset?: number;
}

export const DEPARTMENT_SPECS: readonly DepartmentSpec[] = [
  // Jylland
  {
    code: 'ARH',
    name: 'Aarhus',
    address: 'Skanderborgvej 190',
    zipCode: '8260',
    phone: '86141520',
    email: 'aarhus@rudeplan.dk',
    lat: 56.129,
    lng: 10.158,
    region: 'Jylland',
    center: 'MIDTJYLLAND',
    size: 'L',
    maxWorkers: 6,
    warehouse: 'VEJ-LAGER',
    saturday: true,
    waitingList: true,
    coffee: true,
    wifi: true,
    loanCar: true,
    windowOffset: 24,
    stoneChipOffset: 2,
    obs: 'Nøgleboks ved hovedindgangen til biler, der afleveres før åbningstid.',
  },
  {
    code: 'AAL',
    name: 'Aalborg',
    address: 'Hobrovej 315',
    zipCode: '9200',
    phone: '98183640',
    email: 'aalborg@rudeplan.dk',
    lat: 57.0155,
    lng: 9.886,
    region: 'Jylland',
    center: 'NORDJYLLAND',
    size: 'L',
    maxWorkers: 5,
    warehouse: 'NØR-LAGER',
    saturday: true,
    coffee: true,
    wifi: true,
    loanCar: true,
    windowOffset: 24,
    stoneChipOffset: 2,
    alerts: ['Kalibreringsrummet er lukket for service i uge 50 – PK-opgaver bookes i Hjørring.'],
  },
  {
    code: 'ESB',
    name: 'Esbjerg',
    address: 'Kvaglundvej 80',
    zipCode: '6705',
    phone: '75125560',
    email: 'esbjerg@rudeplan.dk',
    lat: 55.486,
    lng: 8.502,
    region: 'Jylland',
    center: 'SYDJYLLAND',
    size: 'M',
    maxWorkers: 4,
    warehouse: 'ESB-LAGER',
    coffee: true,
    wifi: true,
    windowOffset: 24,
    obs: 'Kalibrering af kamera kun tirsdag og torsdag.',
  },
  {
    code: 'VEJ',
    name: 'Vejle',
    address: 'Vestre Engvej 20',
    zipCode: '7100',
    phone: '75827010',
    email: 'vejle@rudeplan.dk',
    lat: 55.705,
    lng: 9.515,
    region: 'Jylland',
    center: 'SYDJYLLAND',
    size: 'L',
    maxWorkers: 5,
    warehouse: 'VEJ-LAGER',
    saturday: true,
    waitingList: true,
    coffee: true,
    wifi: true,
    loanCar: true,
    windowOffset: 24,
    stoneChipOffset: 2,
  },
  {
    code: 'KOL',
    name: 'Kolding',
    address: 'Vejlevej 123',
    zipCode: '6000',
    phone: '75526622',
    email: 'kolding@rudeplan.dk',
    lat: 55.51,
    lng: 9.47,
    region: 'Jylland',
    center: 'SYDJYLLAND',
    size: 'M',
    maxWorkers: 4,
    warehouse: 'VEJ-LAGER',
    coffee: true,
    wifi: true,
    loanCar: true,
    windowOffset: 48,
  },
  {
    code: 'HER',
    name: 'Herning',
    address: 'Silkeborgvej 40',
    zipCode: '7400',
    phone: '97122850',
    email: 'herning@rudeplan.dk',
    lat: 56.14,
    lng: 8.995,
    region: 'Jylland',
    center: 'MIDTJYLLAND',
    size: 'M',
    maxWorkers: 3,
    warehouse: 'VEJ-LAGER',
    coffee: true,
    windowOffset: 48,
  },
  {
    code: 'RAN',
    name: 'Randers',
    address: 'Udbyhøjvej 20',
    zipCode: '8930',
    phone: '86420935',
    email: 'randers@rudeplan.dk',
    lat: 56.47,
    lng: 10.065,
    region: 'Jylland',
    center: 'MIDTJYLLAND',
    size: 'M',
    maxWorkers: 3,
    warehouse: 'VEJ-LAGER',
    coffee: true,
    wifi: true,
    windowOffset: 48,
  },
  {
    code: 'VIB',
    name: 'Viborg',
    address: 'Marsk Stigs Vej 3',
    zipCode: '8800',
    phone: '86627144',
    email: 'viborg@rudeplan.dk',
    lat: 56.443,
    lng: 9.419,
    region: 'Jylland',
    center: 'MIDTJYLLAND',
    size: 'S',
    maxWorkers: 2,
    warehouse: 'VEJ-LAGER',
    deliveringDays: '1,3,5',
    windowOffset: 48,
  },
  {
    code: 'HOR',
    name: 'Horsens',
    address: 'Vejlevej 40',
    zipCode: '8700',
    phone: '75617300',
    email: 'horsens@rudeplan.dk',
    lat: 55.853,
    lng: 9.83,
    region: 'Jylland',
    center: 'MIDTJYLLAND',
    size: 'M',
    maxWorkers: 3,
    warehouse: 'VEJ-LAGER',
    coffee: true,
    wifi: true,
    windowOffset: 24,
  },
  {
    code: 'SIL',
    name: 'Silkeborg',
    address: 'Århusvej 80',
    zipCode: '8600',
    phone: '86813355',
    email: 'silkeborg@rudeplan.dk',
    lat: 56.175,
    lng: 9.57,
    region: 'Jylland',
    center: 'MIDTJYLLAND',
    size: 'S',
    maxWorkers: 2,
    warehouse: 'VEJ-LAGER',
    deliveringDays: '2,4',
    coffee: true,
    windowOffset: 48,
  },
  {
    code: 'HJO',
    name: 'Hjørring',
    address: 'Frederikshavnsvej 70',
    zipCode: '9800',
    phone: '98923410',
    email: 'hjoerring@rudeplan.dk',
    lat: 57.46,
    lng: 10.005,
    region: 'Jylland',
    center: 'NORDJYLLAND',
    size: 'S',
    maxWorkers: 2,
    warehouse: 'NØR-LAGER',
    deliveringDays: '1,3,5',
    coffee: true,
    windowOffset: 48,
  },
  {
    code: 'SON',
    name: 'Sønderborg',
    address: 'Grundtvigs Allé 150',
    zipCode: '6400',
    phone: '74428120',
    email: 'soenderborg@rudeplan.dk',
    lat: 54.915,
    lng: 9.8,
    region: 'Jylland',
    center: 'SYDJYLLAND',
    size: 'S',
    maxWorkers: 2,
    warehouse: 'ESB-LAGER',
    deliveringDays: '2,4',
    windowOffset: 48,
  },
  // Fyn
  {
    code: 'ODE',
    name: 'Odense',
    address: 'Middelfartvej 120',
    zipCode: '5200',
    phone: '66133080',
    email: 'odense@rudeplan.dk',
    lat: 55.395,
    lng: 10.335,
    region: 'Fyn',
    center: 'FYN',
    size: 'L',
    maxWorkers: 5,
    warehouse: 'ODE-LAGER',
    saturday: true,
    waitingList: true,
    coffee: true,
    wifi: true,
    loanCar: true,
    windowOffset: 24,
    stoneChipOffset: 2,
  },
  {
    code: 'SVE',
    name: 'Svendborg',
    address: 'Odensevej 85',
    zipCode: '5700',
    phone: '62215240',
    email: 'svendborg@rudeplan.dk',
    lat: 55.075,
    lng: 10.595,
    region: 'Fyn',
    center: 'FYN',
    size: 'S',
    maxWorkers: 2,
    warehouse: 'ODE-LAGER',
    deliveringDays: '1,3,5',
    coffee: true,
    windowOffset: 48,
  },
  {
    code: 'MID',
    name: 'Middelfart',
    address: 'Østergade 52',
    zipCode: '5500',
    phone: '64411870',
    email: 'middelfart@rudeplan.dk',
    lat: 55.504,
    lng: 9.74,
    region: 'Fyn',
    center: 'FYN',
    size: 'S',
    maxWorkers: 2,
    warehouse: 'ODE-LAGER',
    inActive: true,
    obs: 'Afdelingen er lukket. Kunder henvises til Odense eller Fredericia-området (Mobilservice Vejle).',
  },
  // Sjælland
  {
    code: 'VAL',
    name: 'Valby',
    address: 'Gammel Køge Landevej 55',
    zipCode: '2500',
    phone: '36161200',
    email: 'valby@rudeplan.dk',
    lat: 55.66,
    lng: 12.505,
    region: 'Sjaelland',
    center: 'STORKOEBENHAVN',
    size: 'L',
    maxWorkers: 6,
    warehouse: 'BRØ-LAGER',
    saturday: true,
    waitingList: true,
    coffee: true,
    wifi: true,
    loanCar: true,
    windowOffset: 24,
    stoneChipOffset: 2,
    alerts: ['Vejarbejde på Gammel Køge Landevej – kør ind fra Vigerslevvej.'],
  },
  {
    code: 'GLO',
    name: 'Glostrup',
    address: 'Hovedvejen 100',
    zipCode: '2600',
    phone: '43963510',
    email: 'glostrup@rudeplan.dk',
    lat: 55.665,
    lng: 12.403,
    region: 'Sjaelland',
    center: 'STORKOEBENHAVN',
    size: 'L',
    maxWorkers: 5,
    warehouse: 'BRØ-LAGER',
    coffee: true,
    wifi: true,
    loanCar: true,
    windowOffset: 24,
    stoneChipOffset: 2,
  },
  {
    code: 'HIL',
    name: 'Hillerød',
    address: 'Milnersvej 40',
    zipCode: '3400',
    phone: '48242090',
    email: 'hilleroed@rudeplan.dk',
    lat: 55.925,
    lng: 12.32,
    region: 'Sjaelland',
    center: 'STORKOEBENHAVN',
    size: 'M',
    maxWorkers: 3,
    warehouse: 'BRØ-LAGER',
    coffee: true,
    wifi: true,
    windowOffset: 48,
  },
  {
    code: 'ROS',
    name: 'Roskilde',
    address: 'Københavnsvej 80',
    zipCode: '4000',
    phone: '46351720',
    email: 'roskilde@rudeplan.dk',
    lat: 55.64,
    lng: 12.11,
    region: 'Sjaelland',
    center: 'SJAELLAND',
    size: 'M',
    maxWorkers: 4,
    warehouse: 'BRØ-LAGER',
    coffee: true,
    wifi: true,
    loanCar: true,
    windowOffset: 24,
  },
  {
    code: 'KOG',
    name: 'Køge',
    address: 'Tangmosevej 100',
    zipCode: '4600',
    phone: '56654410',
    email: 'koege@rudeplan.dk',
    lat: 55.47,
    lng: 12.165,
    region: 'Sjaelland',
    center: 'SJAELLAND',
    size: 'M',
    maxWorkers: 3,
    warehouse: 'BRØ-LAGER',
    coffee: true,
    windowOffset: 48,
  },
  {
    code: 'NAE',
    name: 'Næstved',
    address: 'Ringstedgade 200',
    zipCode: '4700',
    phone: '55726630',
    email: 'naestved@rudeplan.dk',
    lat: 55.245,
    lng: 11.77,
    region: 'Sjaelland',
    center: 'SJAELLAND',
    size: 'M',
    maxWorkers: 3,
    warehouse: 'BRØ-LAGER',
    coffee: true,
    wifi: true,
    windowOffset: 48,
  },
  {
    code: 'SLA',
    name: 'Slagelse',
    address: 'Sorøvej 50',
    zipCode: '4200',
    phone: '58523180',
    email: 'slagelse@rudeplan.dk',
    lat: 55.405,
    lng: 11.375,
    region: 'Sjaelland',
    center: 'SJAELLAND',
    size: 'S',
    maxWorkers: 2,
    warehouse: 'BRØ-LAGER',
    deliveringDays: '1,3,5',
    windowOffset: 48,
  },
  // Mobile service: vans based at the parent workshop.
  {
    code: 'MARH',
    name: 'Mobilservice Aarhus',
    address: 'Skanderborgvej 190',
    zipCode: '8260',
    phone: '22471530',
    email: 'mobilservice.aarhus@rudeplan.dk',
    lat: 56.129,
    lng: 10.158,
    region: 'Jylland',
    center: 'MIDTJYLLAND',
    size: 'M',
    maxWorkers: 3,
    warehouse: 'VEJ-LAGER',
    parent: 'ARH',
    windowOffset: 48,
    stoneChipOffset: 24,
  },
  {
    code: 'MAAL',
    name: 'Mobilservice Aalborg',
    address: 'Hobrovej 315',
    zipCode: '9200',
    phone: '22471540',
    email: 'mobilservice.aalborg@rudeplan.dk',
    lat: 57.0155,
    lng: 9.886,
    region: 'Jylland',
    center: 'NORDJYLLAND',
    size: 'S',
    maxWorkers: 2,
    warehouse: 'NØR-LAGER',
    parent: 'AAL',
    windowOffset: 48,
    stoneChipOffset: 24,
  },
  {
    code: 'MVEJ',
    name: 'Mobilservice Vejle',
    address: 'Vestre Engvej 20',
    zipCode: '7100',
    phone: '22471550',
    email: 'mobilservice.vejle@rudeplan.dk',
    lat: 55.705,
    lng: 9.515,
    region: 'Jylland',
    center: 'SYDJYLLAND',
    size: 'M',
    maxWorkers: 3,
    warehouse: 'VEJ-LAGER',
    parent: 'VEJ',
    windowOffset: 48,
    stoneChipOffset: 24,
  },
  {
    code: 'MODE',
    name: 'Mobilservice Odense',
    address: 'Middelfartvej 120',
    zipCode: '5200',
    phone: '22471560',
    email: 'mobilservice.odense@rudeplan.dk',
    lat: 55.395,
    lng: 10.335,
    region: 'Fyn',
    center: 'FYN',
    size: 'M',
    maxWorkers: 2,
    warehouse: 'ODE-LAGER',
    parent: 'ODE',
    windowOffset: 48,
    stoneChipOffset: 24,
  },
  {
    code: 'MKBH',
    name: 'Mobilservice København',
    address: 'Gammel Køge Landevej 55',
    zipCode: '2500',
    phone: '22471570',
    email: 'mobilservice.kbh@rudeplan.dk',
    lat: 55.66,
    lng: 12.505,
    region: 'Sjaelland',
    center: 'STORKOEBENHAVN',
    size: 'L',
    maxWorkers: 4,
    warehouse: 'BRØ-LAGER',
    parent: 'VAL',
    windowOffset: 48,
    stoneChipOffset: 24,
    alerts: ['Husk at spørge om overdækket parkering ved booking i København K og V.'],
  },
];

/** The warehouses' e-mail addresses, used for each department's warehouse e-mail list. */
const WAREHOUSE_EMAIL: Record<string, string> = {
  'NØR-LAGER': 'lager.noerresundby@rudeplan.dk',
  'BRØ-LAGER': 'lager.broendby@rudeplan.dk',
  'VEJ-LAGER': 'lager.vejle@rudeplan.dk',
  'ESB-LAGER': 'lager.esbjerg@rudeplan.dk',
  'ODE-LAGER': 'lager.odense@rudeplan.dk',
};

export function departmentId(code: string): string {
  return stableUuid(`department:${code}`);
}

/** The department's own cash account (kind DEPARTMENT). */
export function departmentDebitorNo(code: string): string {
  const index = DEPARTMENT_SPECS.findIndex((spec) => spec.code === code);
  if (index < 0) throw new Error(`Unknown department ${code}`);
  return String(90001 + index);
}

export function findDepartmentSpec(code: string): DepartmentSpec {
  const spec = DEPARTMENT_SPECS.find((candidate) => candidate.code === code);
  if (!spec) throw new Error(`Unknown department ${code}`);
  return spec;
}

export const WORKSHOPS = DEPARTMENT_SPECS.filter((spec) => !spec.parent);
export const MOBILE_DEPARTMENTS = DEPARTMENT_SPECS.filter((spec) => spec.parent);

export interface DepartmentRow {
  id: string;
  name: string;
  address: string;
  zipCode: string;
  city: string;
  obs: string;
  phone: string;
  departmentEmail: string;
  mobileService: boolean;
  lat: number;
  lng: number;
  navLocationCode: string;
  navResponsibilityCenter: string;
  navBirthLocationCode: string;
  debitorNo: string;
  windowChangeTimeOffset: number;
  stoneChipTimeOffset: number;
  hasWaitingList: boolean;
  warehouseEmailList: string;
  region: TRegion;
  deliveringDays: string;
  nextDayDeliveryTime: string;
  dailyDeliveryTime: string;
  coffee: boolean;
  loanCar: boolean;
  wifi: boolean;
  inActive: boolean;
  maxNumberOfWorkers: number;
  parentDepartmentId: string | null;
  alertMessages: string[];
}

export const DEPARTMENTS: readonly DepartmentRow[] = DEPARTMENT_SPECS.map((spec) => {
  const smallShop = spec.size === 'S';
  return {
    id: departmentId(spec.code),
    name: spec.name,
    address: spec.address,
    zipCode: spec.zipCode,
    city: cityOf(spec.zipCode),
    obs: spec.obs ?? '',
    phone: spec.phone,
    departmentEmail: spec.email,
    mobileService: Boolean(spec.parent),
    lat: spec.lat,
    lng: spec.lng,
    navLocationCode: spec.code,
    navResponsibilityCenter: spec.center,
    navBirthLocationCode: spec.code,
    debitorNo: departmentDebitorNo(spec.code),
    windowChangeTimeOffset: spec.windowOffset ?? 0,
    stoneChipTimeOffset: spec.stoneChipOffset ?? 0,
    hasWaitingList: spec.waitingList ?? false,
    warehouseEmailList: [WAREHOUSE_EMAIL[spec.warehouse], 'indkoeb@rudeplan.dk'].join(';'),
    region: spec.region,
    deliveringDays: spec.deliveringDays ?? '1,2,3,4,5',
    nextDayDeliveryTime: smallShop ? '12:00' : '14:00',
    dailyDeliveryTime: smallShop ? '11:00' : '10:00',
    coffee: spec.coffee ?? false,
    loanCar: spec.loanCar ?? false,
    wifi: spec.wifi ?? false,
    inActive: spec.inActive ?? false,
    maxNumberOfWorkers: spec.maxWorkers,
    parentDepartmentId: spec.parent ? departmentId(spec.parent) : null,
    alertMessages: spec.alerts ?? [],
  };
});
