import { PRODUCTS } from './products';
import { createRandom, roundPriceOre, stableUuid } from './random';

/**
 * 'Gl. Prisliste': the two previous yearly price lists for part of the catalogue, plus glass that is no
 * longer sold. Prices were lower then (3–15 % a year). Dates follow the current year, so the list is
 * always the two years before it.
 */
export interface OldPriceRow {
  id: string;
  productNo: string;
  name: string;
  euroCode: string;
  listPriceOre: number;
  validFrom: string;
  validTo: string;
}

const random = createRandom(20_260_322);
const year = new Date().getFullYear();

const DISCONTINUED = [
  { no: 'F09011', name: 'Forrude Opel Astra H (udgået)', euroCode: '2475AGNGN', kroner: 2195 },
  { no: 'F09012', name: 'Forrude Ford Focus II m/varme (udgået)', euroCode: '3567AGSHMVW', kroner: 3495 },
  { no: 'F09013', name: 'Forrude Peugeot 307 (udgået)', euroCode: '6027AGNV', kroner: 1995 },
  { no: 'F09014', name: 'Forrude Toyota Corolla E12 (udgået)', euroCode: '8502AGNBL', kroner: 2095 },
  { no: 'F09015', name: 'Forrude Citroën C4 Picasso I (udgået)', euroCode: '2445AGNMVZ', kroner: 4295 },
  { no: 'S19016', name: 'Siderude Nissan Micra K12 fordør højre (udgået)', euroCode: '6722RGD3FD', kroner: 895 },
  { no: 'B39017', name: 'Bagrude Mazda 3 BK hatchback (udgået)', euroCode: '8310AGSH5RD', kroner: 2395 },
  { no: 'REP0', name: 'Stenslag reparation (gammel takst)', euroCode: '', kroner: 450 },
  { no: 'KAL1', name: 'Kalibrering af kamera (gammel takst)', euroCode: '', kroner: 1295 },
];

function periods(no: string, name: string, euroCode: string, currentOre: number): OldPriceRow[] {
  const rows: OldPriceRow[] = [];
  let price = currentOre;
  for (const y of [year - 1, year - 2]) {
    price = roundPriceOre(price * (1 - random.int(3, 15) / 100));
    rows.push({ id: stableUuid(`old-price:${no}:${y}`), productNo: no, name, euroCode, listPriceOre: price, validFrom: `${y}-01-01`, validTo: `${y}-12-31` });
  }
  return rows;
}

export const OLD_PRICES: readonly OldPriceRow[] = [
  ...PRODUCTS.filter((p) => p.listPriceOre > 0 && random.chance(0.3)).flatMap((p) => periods(p.no, p.name, p.euroCode, p.listPriceOre)),
  ...DISCONTINUED.flatMap((d) => periods(d.no, d.name, d.euroCode, d.kroner * 100)),
];
