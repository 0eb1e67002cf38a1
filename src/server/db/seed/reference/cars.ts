/**
 * Car makes and their models as the product catalogue knows them. Years are
 * encoded year*100+month; a 'to' of 0 means the model is still made.
 * A model's id is its make's manuId * 100 + its place in the list, so ids stay
 * readable (Golf VIII = 12102) and unique.
 */
export interface CarModelRow {
  modelId: number;
  manuId: number;
  name: string;
  yearFrom: number;
  yearTo: number;
}

export interface CarMakeRow {
  manuId: number;
  name: string;
}

type ModelSpec = readonly [name: string, yearFrom: number, yearTo: number];

interface MakeSpec {
  manuId: number;
  name: string;
  models: readonly ModelSpec[];
}

const MAKES: readonly MakeSpec[] = [
  {
    manuId: 121,
    name: 'Volkswagen',
    models: [
      ['Golf VII', 201301, 201912],
      ['Golf VIII', 202001, 0],
      ['Golf Variant VII', 201305, 202006],
      ['Golf Variant VIII', 202009, 0],
      ['Polo VI', 201709, 0],
      ['up!', 201112, 202312],
      ['Passat B8', 201411, 202312],
      ['Passat B9', 202401, 0],
      ['Tiguan II', 201605, 202312],
      ['Tiguan III', 202401, 0],
      ['T-Roc', 201711, 0],
      ['T-Cross', 201904, 0],
      ['ID.3', 202009, 0],
      ['ID.4', 202102, 0],
      ['Touran II', 201505, 0],
      ['Caddy IV', 201505, 202012],
      ['Caddy V', 202010, 0],
      ['Transporter T6', 201504, 201912],
      ['Transporter T6.1', 202001, 0],
    ],
  },
  {
    manuId: 111,
    name: 'Toyota',
    models: [
      ['Yaris III', 201109, 202007],
      ['Yaris IV', 202008, 0],
      ['Yaris Cross', 202109, 0],
      ['Aygo II', 201405, 202204],
      ['Aygo X', 202203, 0],
      ['Auris II', 201301, 201812],
      ['Corolla (E210)', 201902, 0],
      ['C-HR', 201612, 202312],
      ['C-HR II', 202401, 0],
      ['RAV4 IV', 201302, 201812],
      ['RAV4 V', 201901, 0],
      ['bZ4X', 202205, 0],
      ['Proace', 201604, 0],
    ],
  },
  {
    manuId: 106,
    name: 'Skoda',
    models: [
      ['Citigo', 201201, 202008],
      ['Fabia III', 201411, 202106],
      ['Fabia IV', 202109, 0],
      ['Scala', 201904, 0],
      ['Octavia III', 201302, 202004],
      ['Octavia IV', 202005, 0],
      ['Superb III', 201506, 202311],
      ['Kamiq', 201910, 0],
      ['Karoq', 201710, 0],
      ['Kodiaq', 201703, 202311],
      ['Enyaq iV', 202104, 0],
    ],
  },
  {
    manuId: 88,
    name: 'Peugeot',
    models: [
      ['108', 201406, 202112],
      ['208 I', 201203, 201912],
      ['208 II', 202001, 0],
      ['2008 II', 202001, 0],
      ['308 II', 201309, 202112],
      ['308 III', 202202, 0],
      ['3008 II', 201611, 202312],
      ['5008 II', 201703, 0],
      ['Rifter', 201806, 0],
      ['Partner III', 201806, 0],
    ],
  },
  {
    manuId: 36,
    name: 'Ford',
    models: [
      ['Fiesta VII', 201705, 202307],
      ['Focus IV', 201809, 202511],
      ['Puma', 201910, 0],
      ['Kuga III', 202002, 0],
      ['Mondeo V', 201409, 202204],
      ['Mustang Mach-E', 202102, 0],
      ['Explorer EV', 202406, 0],
      ['Transit Connect II', 201302, 202312],
      ['Transit Custom', 201210, 202311],
    ],
  },
  {
    manuId: 5,
    name: 'Audi',
    models: [
      ['A1 (GB)', 201811, 0],
      ['A3 (8V)', 201207, 202005],
      ['A3 (8Y)', 202005, 0],
      ['A4 (B9)', 201511, 202406],
      ['A6 (C8)', 201806, 0],
      ['Q3 (F3)', 201810, 0],
      ['Q4 e-tron', 202106, 0],
      ['Q5 (FY)', 201701, 202406],
      ['e-tron', 201903, 202211],
    ],
  },
  {
    manuId: 16,
    name: 'BMW',
    models: [
      ['1-serie (F40)', 201909, 202409],
      ['3-serie (G20)', 201903, 0],
      ['3-serie Touring (G21)', 201909, 0],
      ['5-serie (G30)', 201702, 202309],
      ['X1 (F48)', 201510, 202209],
      ['X1 (U11)', 202210, 0],
      ['X3 (G01)', 201711, 202408],
      ['X5 (G05)', 201811, 0],
      ['i3', 201311, 202207],
      ['i4', 202111, 0],
      ['iX3', 202107, 0],
    ],
  },
  {
    manuId: 74,
    name: 'Mercedes-Benz',
    models: [
      ['A-Klasse (W177)', 201805, 0],
      ['CLA (C118)', 201905, 202503],
      ['C-Klasse (W205)', 201403, 202105],
      ['C-Klasse (W206)', 202106, 0],
      ['E-Klasse (W213)', 201603, 202306],
      ['GLC (X253)', 201509, 202210],
      ['EQA', 202104, 0],
      ['Vito (W447)', 201410, 0],
      ['Sprinter (W907)', 201802, 0],
    ],
  },
  {
    manuId: 120,
    name: 'Volvo',
    models: [
      ['V40 II', 201205, 201907],
      ['XC40', 201803, 0],
      ['XC60 II', 201707, 0],
      ['XC90 II', 201501, 0],
      ['V60 II', 201806, 0],
      ['S60 III', 201806, 202406],
      ['V90 II', 201606, 0],
      ['EX30', 202311, 0],
    ],
  },
  {
    manuId: 184,
    name: 'Kia',
    models: [
      ['Picanto III', 201703, 0],
      ['Rio IV', 201703, 202312],
      ['Ceed III', 201807, 0],
      ['XCeed', 201909, 0],
      ['Niro I', 201607, 202207],
      ['Niro II', 202208, 0],
      ['Sportage IV', 201601, 202112],
      ['Sportage V', 202201, 0],
      ['EV6', 202109, 0],
    ],
  },
  {
    manuId: 183,
    name: 'Hyundai',
    models: [
      ['i10 III', 202001, 0],
      ['i20 III', 202010, 0],
      ['i30 III', 201702, 0],
      ['Ioniq', 201607, 202207],
      ['Ioniq 5', 202105, 0],
      ['Kona I', 201710, 202303],
      ['Kona II', 202304, 0],
      ['Tucson IV', 202011, 0],
    ],
  },
  {
    manuId: 93,
    name: 'Renault',
    models: [
      ['Clio IV', 201211, 201912],
      ['Clio V', 201909, 0],
      ['Captur II', 202001, 0],
      ['Megane IV', 201601, 202312],
      ['Megane E-Tech', 202203, 0],
      ['Austral', 202211, 0],
      ['Zoe', 201303, 202403],
      ['Kangoo III', 202203, 0],
      ['Trafic III', 201406, 0],
    ],
  },
  {
    manuId: 21,
    name: 'Citroën',
    models: [
      ['C1 II', 201406, 202208],
      ['C3 III', 201701, 202312],
      ['C3 IV', 202401, 0],
      ['C4 III', 202010, 0],
      ['C5 Aircross', 201901, 0],
      ['Berlingo III', 201806, 0],
    ],
  },
  {
    manuId: 84,
    name: 'Opel',
    models: [
      ['Corsa E', 201411, 201909],
      ['Corsa F', 201911, 0],
      ['Astra K', 201510, 202112],
      ['Astra L', 202201, 0],
      ['Mokka B', 202101, 0],
      ['Crossland', 201703, 202412],
      ['Grandland', 201710, 202412],
      ['Combo E', 201806, 0],
      ['Vivaro C', 201904, 0],
    ],
  },
  {
    manuId: 80,
    name: 'Nissan',
    models: [
      ['Micra V', 201703, 202312],
      ['Juke II', 201911, 0],
      ['Qashqai II (J11)', 201401, 202105],
      ['Qashqai III (J12)', 202106, 0],
      ['X-Trail III (T32)', 201405, 202211],
      ['Leaf II', 201710, 202412],
      ['Ariya', 202204, 0],
    ],
  },
  {
    manuId: 72,
    name: 'Mazda',
    models: [
      ['Mazda2 III', 201411, 0],
      ['Mazda3 IV', 201903, 0],
      ['Mazda6 III', 201211, 202312],
      ['CX-3', 201505, 202112],
      ['CX-30', 201909, 0],
      ['CX-5 II', 201705, 0],
      ['MX-30', 202009, 0],
    ],
  },
  {
    manuId: 3000,
    name: 'Tesla',
    models: [
      ['Model S', 201308, 0],
      ['Model X', 201608, 0],
      ['Model 3', 201901, 0],
      ['Model Y', 202108, 0],
    ],
  },
  {
    manuId: 104,
    name: 'Seat',
    models: [
      ['Mii', 201112, 202103],
      ['Ibiza V', 201706, 0],
      ['Leon III', 201301, 202003],
      ['Leon IV', 202003, 0],
      ['Arona', 201710, 0],
      ['Ateca', 201606, 0],
      ['Tarraco', 201901, 0],
    ],
  },
  {
    manuId: 3010,
    name: 'Cupra',
    models: [
      ['Formentor', 202010, 0],
      ['Leon', 202010, 0],
      ['Born', 202111, 0],
      ['Tavascan', 202406, 0],
    ],
  },
  {
    manuId: 109,
    name: 'Suzuki',
    models: [
      ['Celerio', 201410, 202012],
      ['Ignis III', 201601, 0],
      ['Swift V', 201705, 202403],
      ['Swift VI', 202404, 0],
      ['Vitara IV', 201503, 0],
      ['S-Cross II', 202111, 0],
    ],
  },
  {
    manuId: 35,
    name: 'Fiat',
    models: [
      ['500 (312)', 200707, 202312],
      ['500e', 202103, 0],
      ['Panda III', 201202, 0],
      ['Tipo II', 201601, 0],
      ['Doblo II', 201002, 202212],
      ['Ducato III', 200607, 0],
    ],
  },
  {
    manuId: 139,
    name: 'Dacia',
    models: [
      ['Sandero II', 201301, 202012],
      ['Sandero III', 202101, 0],
      ['Logan MCV II', 201305, 202012],
      ['Duster II', 201801, 202312],
      ['Duster III', 202403, 0],
      ['Jogger', 202203, 0],
      ['Spring', 202103, 0],
    ],
  },
  {
    manuId: 45,
    name: 'Honda',
    models: [
      ['Jazz IV', 202006, 0],
      ['Civic X', 201702, 202110],
      ['Civic XI', 202206, 0],
      ['HR-V III', 202106, 0],
      ['CR-V V', 201810, 202311],
      ['e', 202009, 202312],
    ],
  },
  {
    manuId: 77,
    name: 'Mitsubishi',
    models: [
      ['Space Star', 201303, 0],
      ['ASX', 201006, 202212],
      ['Eclipse Cross', 201801, 0],
      ['Outlander III', 201210, 202112],
    ],
  },
  {
    manuId: 107,
    name: 'Subaru',
    models: [
      ['XV II', 201711, 202302],
      ['Forester V', 201809, 202412],
      ['Outback VI', 202103, 0],
    ],
  },
  {
    manuId: 3020,
    name: 'Polestar',
    models: [
      ['2', 202007, 0],
      ['3', 202406, 0],
      ['4', 202408, 0],
    ],
  },
  {
    manuId: 3030,
    name: 'MG',
    models: [
      ['ZS EV', 201910, 0],
      ['MG5 Electric', 202009, 0],
      ['EHS', 202011, 0],
      ['MG4 Electric', 202209, 0],
    ],
  },
  {
    manuId: 3040,
    name: 'BYD',
    models: [
      ['Han', 202110, 0],
      ['Atto 3', 202210, 0],
      ['Dolphin', 202309, 0],
      ['Seal', 202310, 0],
    ],
  },
  {
    manuId: 1292,
    name: 'Lexus',
    models: [
      ['CT', 201101, 202210],
      ['UX', 201812, 0],
      ['NX II', 202111, 0],
      ['RX V', 202211, 0],
    ],
  },
  {
    manuId: 1523,
    name: 'Mini',
    models: [
      ['Cooper (F56)', 201403, 202311],
      ['Cooper (J01)', 202403, 0],
      ['Clubman (F54)', 201510, 202402],
      ['Countryman (F60)', 201702, 202311],
    ],
  },
  {
    manuId: 882,
    name: 'Jeep',
    models: [
      ['Renegade', 201409, 0],
      ['Compass II', 201706, 0],
      ['Avenger', 202302, 0],
    ],
  },
  {
    manuId: 1820,
    name: 'Land Rover',
    models: [
      ['Discovery Sport', 201409, 0],
      ['Range Rover Evoque II', 201902, 0],
      ['Defender', 201912, 0],
      ['Range Rover Sport III', 202205, 0],
    ],
  },
  {
    manuId: 92,
    name: 'Porsche',
    models: [
      ['911 (992)', 201811, 0],
      ['Macan I', 201404, 202406],
      ['Cayenne III', 201712, 0],
      ['Taycan', 201911, 0],
    ],
  },
];

export const CAR_MAKES: readonly CarMakeRow[] = MAKES.map(({ manuId, name }) => ({ manuId, name }));

export const CAR_MODELS: readonly CarModelRow[] = MAKES.flatMap(({ manuId, models }) =>
  models.map(([name, yearFrom, yearTo], index) => ({ modelId: manuId * 100 + index + 1, manuId, name, yearFrom, yearTo })),
);

const modelsByKey = new Map(
  CAR_MODELS.map((model) => [`${MAKES.find((make) => make.manuId === model.manuId)?.name}|${model.name}`, model]),
);

/** The model row for 'Volkswagen', 'Golf VIII'; throws on a typo so the data cannot drift. */
export function findModel(make: string, model: string): CarModelRow {
  const row = modelsByKey.get(`${make}|${model}`);
  if (!row) throw new Error(`Unknown car model in reference data: ${make} ${model}`);
  return row;
}
