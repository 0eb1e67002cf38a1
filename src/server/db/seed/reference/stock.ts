import { SHOP_BINS } from '@/domain/transfers';
import { WORKSHOPS, departmentId } from './departments';
import { GLASS_PRODUCT_NOS, SHELF_PRODUCT_NOS, WINDSCREEN_PRODUCT_NOS, productId } from './products';
import { createRandom } from './random';

/**
 * Stock locations (each workshop's shop plus the five warehouses), their bins
 * (Placeringskode) and the amounts on hand.
 */
export interface StockLocationRow {
  code: string;
  name: string;
  departmentId: string | null;
  kind: 'DEPARTMENT' | 'WAREHOUSE';
}

export interface StockBinRow {
  locationCode: string;
  code: string;
}

export interface StockRow {
  productId: string;
  locationCode: string;
  amount: number;
  binCode: string;
}

export const WAREHOUSES: readonly StockLocationRow[] = [
  { code: 'NØR-LAGER', name: 'Nørresundby lager', departmentId: null, kind: 'WAREHOUSE' },
  { code: 'BRØ-LAGER', name: 'Brøndby lager', departmentId: null, kind: 'WAREHOUSE' },
  { code: 'VEJ-LAGER', name: 'Vejle lager', departmentId: null, kind: 'WAREHOUSE' },
  { code: 'ESB-LAGER', name: 'Esbjerg lager', departmentId: null, kind: 'WAREHOUSE' },
  { code: 'ODE-LAGER', name: 'Odense lager', departmentId: null, kind: 'WAREHOUSE' },
];

export const STOCK_LOCATIONS: readonly StockLocationRow[] = [
  ...WORKSHOPS.map((spec) => ({
    code: spec.code,
    name: `${spec.name} afdeling`,
    departmentId: departmentId(spec.code),
    kind: 'DEPARTMENT' as const,
  })),
  ...WAREHOUSES,
];

/** Warehouses: racks A and B for glass (A windscreens), C for small parts. Shops: a few shelves. */
const WAREHOUSE_BINS = {
  windscreen: Array.from({ length: 8 }, (_, i) => `A-${String(i + 1).padStart(2, '0')}`),
  glass: Array.from({ length: 8 }, (_, i) => `B-${String(i + 1).padStart(2, '0')}`),
  shelf: ['C-01', 'C-02', 'C-03', 'C-04'],
};

const binsOf = (kind: StockLocationRow['kind']) => (kind === 'WAREHOUSE' ? WAREHOUSE_BINS : SHOP_BINS);

export const STOCK_BINS: readonly StockBinRow[] = STOCK_LOCATIONS.flatMap((location) => {
  const bins = binsOf(location.kind);
  return [...bins.windscreen, ...bins.glass, ...bins.shelf].map((code) => ({ locationCode: location.code, code }));
});

const random = createRandom(20_260_305);
const windscreens = new Set(WINDSCREEN_PRODUCT_NOS);
const closedShops = new Set(WORKSHOPS.filter((spec) => spec.inActive).map((spec) => spec.code));
/** Bigger workshops keep more glass on the shelf. */
const SHOP_GLASS_SHARE = { S: 0.06, M: 0.1, L: 0.16 } as const;
const shopSize = new Map(WORKSHOPS.map((spec) => [spec.code, spec.size]));

function stockFor(location: StockLocationRow): StockRow[] {
  if (closedShops.has(location.code)) return [];
  const warehouse = location.kind === 'WAREHOUSE';
  const bins = binsOf(location.kind);
  const rows: StockRow[] = [];
  for (const no of GLASS_PRODUCT_NOS) {
    const isWindscreen = windscreens.has(no);
    const shopShare = SHOP_GLASS_SHARE[shopSize.get(location.code) ?? 'M'];
    if (!random.chance(warehouse ? (isWindscreen ? 0.8 : 0.6) : isWindscreen ? shopShare * 1.5 : shopShare)) continue;
    rows.push({
      productId: productId(no),
      locationCode: location.code,
      // A zero row is an item the location stocks but has run out of.
      amount: warehouse ? random.int(0, isWindscreen ? 12 : 8) : random.int(0, isWindscreen ? 3 : 2),
      binCode: random.pick(isWindscreen ? bins.windscreen : bins.glass),
    });
  }
  for (const no of SHELF_PRODUCT_NOS) {
    if (!warehouse && !random.chance(0.85)) continue;
    rows.push({
      productId: productId(no),
      locationCode: location.code,
      amount: warehouse ? random.int(10, 60) : random.int(0, 12),
      binCode: random.pick(bins.shelf),
    });
  }
  return rows;
}

export const STOCK: readonly StockRow[] = STOCK_LOCATIONS.flatMap(stockFor);
