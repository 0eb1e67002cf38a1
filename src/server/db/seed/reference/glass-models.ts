/**
 * The car models the glass catalogue covers: for each, the models its
 * windscreen and front side windows fit (several where platforms share glass),
 * its EuroCode vehicle number, size class and the windscreen variants sold.
 * The catalogue in products.ts is generated from this list.
 */
export type GlassSize = 'S' | 'M' | 'L' | 'VAN';

/** Windscreen variants: plain, rain sensor, sensor + ADAS camera, head-up display, heated (Ford Quickclear). */
export type WindscreenVariant = 'BASIC' | 'RAIN' | 'CAM' | 'HUD' | 'HEAT';

/** How the make numbers its OE parts; decides the look of oe_number and oem. */
export type OeFamily =
  | 'VAG'
  | 'TOYOTA'
  | 'PSA'
  | 'FORD'
  | 'BMW'
  | 'MERCEDES'
  | 'VOLVO'
  | 'HYUNDAI_KIA'
  | 'RENAULT'
  | 'NISSAN'
  | 'MAZDA'
  | 'TESLA'
  | 'FIAT'
  | 'SUZUKI'
  | 'GENERIC';

export interface GlassModelSpec {
  /** How the model is written in product names, e.g. 'VW Golf VIII'. */
  label: string;
  /** [make, model] pairs the windscreen and front side windows fit; the first also gets rear glass. */
  fits: readonly (readonly [string, string])[];
  euroBase: string;
  size: GlassSize;
  windscreens: readonly WindscreenVariant[];
  rearDoors: boolean;
  roof?: boolean;
  /** Rear side and rear windows in dark privacy tint. */
  privacy?: boolean;
  premium?: boolean;
  oe: { family: OeFamily; prefix: string };
}

export const GLASS_MODELS: readonly GlassModelSpec[] = [
  // Volkswagen group
  { label: 'VW Golf VII', fits: [['Volkswagen', 'Golf VII'], ['Volkswagen', 'Golf Variant VII']], euroBase: '8594', size: 'M', windscreens: ['RAIN', 'CAM'], rearDoors: true, oe: { family: 'VAG', prefix: '5G0' } },
  { label: 'VW Golf VIII', fits: [['Volkswagen', 'Golf VIII'], ['Volkswagen', 'Golf Variant VIII']], euroBase: '8621', size: 'M', windscreens: ['RAIN', 'CAM', 'HUD'], rearDoors: true, oe: { family: 'VAG', prefix: '5H0' } },
  { label: 'VW Polo VI', fits: [['Volkswagen', 'Polo VI']], euroBase: '8612', size: 'S', windscreens: ['BASIC', 'RAIN', 'CAM'], rearDoors: true, oe: { family: 'VAG', prefix: '2G0' } },
  { label: 'VW up!', fits: [['Volkswagen', 'up!'], ['Skoda', 'Citigo'], ['Seat', 'Mii']], euroBase: '8573', size: 'S', windscreens: ['BASIC'], rearDoors: false, oe: { family: 'VAG', prefix: '1S0' } },
  { label: 'VW Passat B8', fits: [['Volkswagen', 'Passat B8']], euroBase: '8600', size: 'M', windscreens: ['RAIN', 'CAM', 'HUD'], rearDoors: true, oe: { family: 'VAG', prefix: '3G0' } },
  { label: 'VW Tiguan II', fits: [['Volkswagen', 'Tiguan II']], euroBase: '8605', size: 'L', windscreens: ['RAIN', 'CAM'], rearDoors: true, roof: true, privacy: true, oe: { family: 'VAG', prefix: '5NA' } },
  { label: 'VW T-Roc', fits: [['Volkswagen', 'T-Roc']], euroBase: '8616', size: 'M', windscreens: ['RAIN', 'CAM'], rearDoors: true, oe: { family: 'VAG', prefix: '2GA' } },
  { label: 'VW ID.3', fits: [['Volkswagen', 'ID.3']], euroBase: '8632', size: 'M', windscreens: ['CAM', 'HUD'], rearDoors: true, roof: true, oe: { family: 'VAG', prefix: '10A' } },
  { label: 'VW ID.4', fits: [['Volkswagen', 'ID.4']], euroBase: '8634', size: 'L', windscreens: ['CAM', 'HUD'], rearDoors: true, roof: true, privacy: true, oe: { family: 'VAG', prefix: '11A' } },
  { label: 'VW Caddy V', fits: [['Volkswagen', 'Caddy V']], euroBase: '8638', size: 'VAN', windscreens: ['RAIN', 'CAM'], rearDoors: false, oe: { family: 'VAG', prefix: '2K7' } },
  { label: 'VW Transporter T6/T6.1', fits: [['Volkswagen', 'Transporter T6.1'], ['Volkswagen', 'Transporter T6']], euroBase: '8603', size: 'VAN', windscreens: ['BASIC', 'RAIN', 'CAM'], rearDoors: false, oe: { family: 'VAG', prefix: '7E0' } },
  { label: 'Skoda Octavia III', fits: [['Skoda', 'Octavia III']], euroBase: '8585', size: 'M', windscreens: ['BASIC', 'RAIN', 'CAM'], rearDoors: true, oe: { family: 'VAG', prefix: '5E0' } },
  { label: 'Skoda Octavia IV', fits: [['Skoda', 'Octavia IV']], euroBase: '8628', size: 'M', windscreens: ['RAIN', 'CAM', 'HUD'], rearDoors: true, oe: { family: 'VAG', prefix: '5E3' } },
  { label: 'Skoda Fabia IV', fits: [['Skoda', 'Fabia IV']], euroBase: '8640', size: 'S', windscreens: ['RAIN', 'CAM'], rearDoors: true, oe: { family: 'VAG', prefix: '6VA' } },
  { label: 'Skoda Superb III', fits: [['Skoda', 'Superb III']], euroBase: '8599', size: 'L', windscreens: ['RAIN', 'CAM'], rearDoors: true, oe: { family: 'VAG', prefix: '3V0' } },
  { label: 'Skoda Kodiaq', fits: [['Skoda', 'Kodiaq']], euroBase: '8609', size: 'L', windscreens: ['RAIN', 'CAM'], rearDoors: true, roof: true, privacy: true, oe: { family: 'VAG', prefix: '565' } },
  { label: 'Skoda Enyaq iV', fits: [['Skoda', 'Enyaq iV']], euroBase: '8636', size: 'L', windscreens: ['CAM', 'HUD'], rearDoors: true, roof: true, privacy: true, oe: { family: 'VAG', prefix: '5LA' } },
  { label: 'Seat/Cupra Leon IV', fits: [['Seat', 'Leon IV'], ['Cupra', 'Leon']], euroBase: '8627', size: 'M', windscreens: ['RAIN', 'CAM'], rearDoors: true, oe: { family: 'VAG', prefix: '5FA' } },
  { label: 'Cupra Formentor', fits: [['Cupra', 'Formentor']], euroBase: '8637', size: 'M', windscreens: ['CAM'], rearDoors: true, privacy: true, oe: { family: 'VAG', prefix: '5FF' } },
  { label: 'Cupra Born', fits: [['Cupra', 'Born']], euroBase: '8642', size: 'M', windscreens: ['CAM', 'HUD'], rearDoors: true, oe: { family: 'VAG', prefix: '10E' } },
  { label: 'Audi A3 (8Y)', fits: [['Audi', 'A3 (8Y)']], euroBase: '8630', size: 'M', windscreens: ['RAIN', 'CAM'], rearDoors: true, premium: true, oe: { family: 'VAG', prefix: '8Y0' } },
  { label: 'Audi Q4 e-tron', fits: [['Audi', 'Q4 e-tron']], euroBase: '8635', size: 'L', windscreens: ['CAM', 'HUD'], rearDoors: true, roof: true, privacy: true, premium: true, oe: { family: 'VAG', prefix: '89A' } },
  // Toyota
  { label: 'Toyota Yaris IV', fits: [['Toyota', 'Yaris IV']], euroBase: '5538', size: 'S', windscreens: ['CAM'], rearDoors: true, oe: { family: 'TOYOTA', prefix: 'K0' } },
  { label: 'Toyota Yaris Cross', fits: [['Toyota', 'Yaris Cross']], euroBase: '5543', size: 'S', windscreens: ['CAM'], rearDoors: true, oe: { family: 'TOYOTA', prefix: 'K3' } },
  { label: 'Toyota Aygo X', fits: [['Toyota', 'Aygo X']], euroBase: '5544', size: 'S', windscreens: ['CAM'], rearDoors: true, oe: { family: 'TOYOTA', prefix: '0H' } },
  { label: 'Toyota Corolla (E210)', fits: [['Toyota', 'Corolla (E210)']], euroBase: '5533', size: 'M', windscreens: ['CAM', 'HUD'], rearDoors: true, oe: { family: 'TOYOTA', prefix: '02' } },
  { label: 'Toyota C-HR', fits: [['Toyota', 'C-HR']], euroBase: '5526', size: 'M', windscreens: ['CAM'], rearDoors: true, oe: { family: 'TOYOTA', prefix: 'F4' } },
  { label: 'Toyota RAV4 V', fits: [['Toyota', 'RAV4 V']], euroBase: '5535', size: 'L', windscreens: ['CAM'], rearDoors: true, roof: true, privacy: true, oe: { family: 'TOYOTA', prefix: '42' } },
  // Stellantis
  { label: 'Peugeot 208 II', fits: [['Peugeot', '208 II']], euroBase: '6310', size: 'S', windscreens: ['BASIC', 'CAM'], rearDoors: true, oe: { family: 'PSA', prefix: '98' } },
  { label: 'Peugeot 2008 II', fits: [['Peugeot', '2008 II']], euroBase: '6312', size: 'S', windscreens: ['CAM'], rearDoors: true, oe: { family: 'PSA', prefix: '98' } },
  { label: 'Peugeot 308 III', fits: [['Peugeot', '308 III']], euroBase: '6318', size: 'M', windscreens: ['CAM'], rearDoors: true, roof: true, oe: { family: 'PSA', prefix: '98' } },
  { label: 'Peugeot 3008/5008 II', fits: [['Peugeot', '3008 II'], ['Peugeot', '5008 II']], euroBase: '6305', size: 'L', windscreens: ['CAM'], rearDoors: true, roof: true, privacy: true, oe: { family: 'PSA', prefix: '98' } },
  {
    label: 'Citroën Berlingo III',
    fits: [['Citroën', 'Berlingo III'], ['Peugeot', 'Rifter'], ['Peugeot', 'Partner III'], ['Opel', 'Combo E']],
    euroBase: '6308', size: 'VAN', windscreens: ['BASIC', 'RAIN', 'CAM'], rearDoors: false, oe: { family: 'PSA', prefix: '98' },
  },
  { label: 'Citroën C3 III', fits: [['Citroën', 'C3 III']], euroBase: '2760', size: 'S', windscreens: ['BASIC', 'CAM'], rearDoors: true, oe: { family: 'PSA', prefix: '98' } },
  { label: 'Opel Corsa F', fits: [['Opel', 'Corsa F']], euroBase: '6330', size: 'S', windscreens: ['BASIC', 'CAM'], rearDoors: true, oe: { family: 'PSA', prefix: '98' } },
  { label: 'Opel Astra L', fits: [['Opel', 'Astra L']], euroBase: '6333', size: 'M', windscreens: ['CAM'], rearDoors: true, oe: { family: 'PSA', prefix: '98' } },
  { label: 'Fiat 500e', fits: [['Fiat', '500e']], euroBase: '2056', size: 'S', windscreens: ['BASIC', 'CAM'], rearDoors: false, oe: { family: 'FIAT', prefix: '5' } },
  { label: 'Fiat Ducato III', fits: [['Fiat', 'Ducato III']], euroBase: '2037', size: 'VAN', windscreens: ['BASIC', 'RAIN', 'CAM'], rearDoors: false, oe: { family: 'FIAT', prefix: '1' } },
  // Ford
  { label: 'Ford Focus IV', fits: [['Ford', 'Focus IV']], euroBase: '3624', size: 'M', windscreens: ['RAIN', 'CAM', 'HEAT'], rearDoors: true, oe: { family: 'FORD', prefix: 'JX7B' } },
  { label: 'Ford Kuga III', fits: [['Ford', 'Kuga III']], euroBase: '3630', size: 'L', windscreens: ['CAM', 'HEAT'], rearDoors: true, roof: true, privacy: true, oe: { family: 'FORD', prefix: 'LV4B' } },
  { label: 'Ford Puma', fits: [['Ford', 'Puma']], euroBase: '3632', size: 'S', windscreens: ['CAM', 'HEAT'], rearDoors: true, oe: { family: 'FORD', prefix: 'L1TB' } },
  { label: 'Ford Transit Custom', fits: [['Ford', 'Transit Custom']], euroBase: '3598', size: 'VAN', windscreens: ['BASIC', 'HEAT'], rearDoors: false, oe: { family: 'FORD', prefix: 'BK21' } },
  // BMW and Mercedes-Benz
  { label: 'BMW 3-serie (G20/G21)', fits: [['BMW', '3-serie (G20)'], ['BMW', '3-serie Touring (G21)']], euroBase: '3560', size: 'M', windscreens: ['CAM', 'HUD'], rearDoors: true, premium: true, oe: { family: 'BMW', prefix: '9' } },
  { label: 'BMW X1 (U11)', fits: [['BMW', 'X1 (U11)']], euroBase: '3576', size: 'L', windscreens: ['CAM', 'HUD'], rearDoors: true, roof: true, privacy: true, premium: true, oe: { family: 'BMW', prefix: '5' } },
  { label: 'Mercedes-Benz A-Klasse (W177)', fits: [['Mercedes-Benz', 'A-Klasse (W177)']], euroBase: '4520', size: 'M', windscreens: ['CAM', 'HUD'], rearDoors: true, premium: true, oe: { family: 'MERCEDES', prefix: '177' } },
  { label: 'Mercedes-Benz C-Klasse (W206)', fits: [['Mercedes-Benz', 'C-Klasse (W206)']], euroBase: '4534', size: 'L', windscreens: ['CAM', 'HUD'], rearDoors: true, premium: true, oe: { family: 'MERCEDES', prefix: '206' } },
  { label: 'Mercedes-Benz Sprinter (W907)', fits: [['Mercedes-Benz', 'Sprinter (W907)']], euroBase: '4530', size: 'VAN', windscreens: ['BASIC', 'RAIN', 'CAM'], rearDoors: false, oe: { family: 'MERCEDES', prefix: '910' } },
  // Volvo and Polestar
  { label: 'Volvo XC40', fits: [['Volvo', 'XC40']], euroBase: '9350', size: 'L', windscreens: ['CAM'], rearDoors: true, roof: true, privacy: true, premium: true, oe: { family: 'VOLVO', prefix: '31' } },
  { label: 'Volvo XC60 II', fits: [['Volvo', 'XC60 II']], euroBase: '9346', size: 'L', windscreens: ['CAM', 'HUD'], rearDoors: true, roof: true, privacy: true, premium: true, oe: { family: 'VOLVO', prefix: '31' } },
  { label: 'Volvo V60 II', fits: [['Volvo', 'V60 II']], euroBase: '9351', size: 'M', windscreens: ['CAM'], rearDoors: true, premium: true, oe: { family: 'VOLVO', prefix: '32' } },
  { label: 'Polestar 2', fits: [['Polestar', '2']], euroBase: '9364', size: 'M', windscreens: ['CAM'], rearDoors: true, roof: true, premium: true, oe: { family: 'VOLVO', prefix: '32' } },
  // Hyundai and Kia
  { label: 'Kia Ceed III', fits: [['Kia', 'Ceed III']], euroBase: '3848', size: 'M', windscreens: ['BASIC', 'CAM'], rearDoors: true, oe: { family: 'HYUNDAI_KIA', prefix: 'J7' } },
  { label: 'Kia Niro II', fits: [['Kia', 'Niro II']], euroBase: '3860', size: 'M', windscreens: ['CAM'], rearDoors: true, oe: { family: 'HYUNDAI_KIA', prefix: 'AT' } },
  { label: 'Kia Sportage V', fits: [['Kia', 'Sportage V']], euroBase: '3862', size: 'L', windscreens: ['CAM'], rearDoors: true, roof: true, privacy: true, oe: { family: 'HYUNDAI_KIA', prefix: 'P1' } },
  { label: 'Kia EV6', fits: [['Kia', 'EV6']], euroBase: '3864', size: 'L', windscreens: ['CAM', 'HUD'], rearDoors: true, roof: true, privacy: true, oe: { family: 'HYUNDAI_KIA', prefix: 'CV' } },
  { label: 'Hyundai i10 III', fits: [['Hyundai', 'i10 III']], euroBase: '3856', size: 'S', windscreens: ['BASIC'], rearDoors: true, oe: { family: 'HYUNDAI_KIA', prefix: 'K7' } },
  { label: 'Hyundai Kona II', fits: [['Hyundai', 'Kona II']], euroBase: '3868', size: 'M', windscreens: ['CAM', 'HUD'], rearDoors: true, oe: { family: 'HYUNDAI_KIA', prefix: 'BE' } },
  { label: 'Hyundai Tucson IV', fits: [['Hyundai', 'Tucson IV']], euroBase: '3858', size: 'L', windscreens: ['CAM'], rearDoors: true, roof: true, privacy: true, oe: { family: 'HYUNDAI_KIA', prefix: 'N7' } },
  { label: 'Hyundai Ioniq 5', fits: [['Hyundai', 'Ioniq 5']], euroBase: '3863', size: 'L', windscreens: ['CAM', 'HUD'], rearDoors: true, roof: true, oe: { family: 'HYUNDAI_KIA', prefix: 'GI' } },
  // Renault and Dacia
  { label: 'Renault Clio V', fits: [['Renault', 'Clio V']], euroBase: '7297', size: 'S', windscreens: ['BASIC', 'CAM'], rearDoors: true, oe: { family: 'RENAULT', prefix: '72' } },
  { label: 'Renault Zoe', fits: [['Renault', 'Zoe']], euroBase: '7283', size: 'S', windscreens: ['BASIC', 'RAIN'], rearDoors: true, oe: { family: 'RENAULT', prefix: '72' } },
  { label: 'Dacia Sandero III', fits: [['Dacia', 'Sandero III']], euroBase: '7299', size: 'S', windscreens: ['BASIC', 'CAM'], rearDoors: true, oe: { family: 'RENAULT', prefix: '72' } },
  { label: 'Dacia Duster II', fits: [['Dacia', 'Duster II']], euroBase: '7290', size: 'M', windscreens: ['BASIC', 'CAM'], rearDoors: true, oe: { family: 'RENAULT', prefix: '72' } },
  // Japan
  { label: 'Nissan Qashqai III (J12)', fits: [['Nissan', 'Qashqai III (J12)']], euroBase: '6036', size: 'L', windscreens: ['CAM'], rearDoors: true, roof: true, privacy: true, oe: { family: 'NISSAN', prefix: '6UA' } },
  { label: 'Nissan Leaf II', fits: [['Nissan', 'Leaf II']], euroBase: '6030', size: 'M', windscreens: ['BASIC', 'CAM'], rearDoors: true, oe: { family: 'NISSAN', prefix: '5SA' } },
  { label: 'Mazda CX-30', fits: [['Mazda', 'CX-30']], euroBase: '4769', size: 'M', windscreens: ['CAM'], rearDoors: true, oe: { family: 'MAZDA', prefix: 'DFR5' } },
  { label: 'Suzuki Swift VI', fits: [['Suzuki', 'Swift VI']], euroBase: '5090', size: 'S', windscreens: ['CAM'], rearDoors: true, oe: { family: 'SUZUKI', prefix: '53S' } },
  // Tesla and newer brands
  { label: 'Tesla Model 3', fits: [['Tesla', 'Model 3']], euroBase: '8880', size: 'L', windscreens: ['CAM'], rearDoors: true, roof: true, premium: true, oe: { family: 'TESLA', prefix: '108' } },
  { label: 'Tesla Model Y', fits: [['Tesla', 'Model Y']], euroBase: '8884', size: 'L', windscreens: ['CAM'], rearDoors: true, roof: true, premium: true, oe: { family: 'TESLA', prefix: '149' } },
  { label: 'MG4 Electric', fits: [['MG', 'MG4 Electric']], euroBase: '5722', size: 'M', windscreens: ['CAM'], rearDoors: true, oe: { family: 'GENERIC', prefix: '110' } },
  { label: 'BYD Atto 3', fits: [['BYD', 'Atto 3']], euroBase: '5910', size: 'L', windscreens: ['CAM'], rearDoors: true, roof: true, oe: { family: 'GENERIC', prefix: 'SC2' } },
];
