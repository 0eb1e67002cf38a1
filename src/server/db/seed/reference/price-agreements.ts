import { COMPANY_DEBITOR_NOS, INSURERS, LEASERS } from './parties';
import { PRODUCTS, WINDSCREEN_PRODUCT_NOS, productGroupId, type ProductGroupName } from './products';
import { createRandom, roundPriceOre, stableUuid } from './random';

/**
 * Price agreements giving 'Kundepris': a general discount (no product, no
 * group), group discounts, and net prices for single products, which win
 * over any discount.
 */
export interface PriceAgreementRow {
  id: string;
  debitorNo: string;
  productNo: string | null;
  productGroupId: string | null;
  discountPercent: number;
  netPriceOre: number | null;
}

const random = createRandom(20_260_303);
const listPrice = new Map(PRODUCTS.map((product) => [product.no, product.listPriceOre]));

function general(debitorNo: string, percent: number): PriceAgreementRow {
  return {
    id: stableUuid(`agreement:${debitorNo}:*`),
    debitorNo,
    productNo: null,
    productGroupId: null,
    discountPercent: percent,
    netPriceOre: null,
  };
}

function group(debitorNo: string, name: ProductGroupName, percent: number): PriceAgreementRow {
  return {
    id: stableUuid(`agreement:${debitorNo}:group:${name}`),
    debitorNo,
    productNo: null,
    productGroupId: productGroupId(name),
    discountPercent: percent,
    netPriceOre: null,
  };
}

function net(debitorNo: string, productNo: string, factor: number): PriceAgreementRow {
  const price = listPrice.get(productNo);
  if (price === undefined) throw new Error(`Unknown product ${productNo} in price agreement`);
  return {
    id: stableUuid(`agreement:${debitorNo}:product:${productNo}`),
    debitorNo,
    productNo,
    productGroupId: null,
    discountPercent: 0,
    netPriceOre: roundPriceOre(price * factor),
  };
}

const insurerAgreements = INSURERS.flatMap((insurer) => {
  const no = insurer.debitorNo;
  return [
    general(no, random.int(5, 12)),
    group(no, 'Forrude', random.pick([10, 12, 14, 15, 18])),
    group(no, 'Kalibrering', random.pick([5, 10])),
    group(no, 'Siderude', random.pick([8, 10])),
    net(no, 'REP1', 0.8),
    ...random.sample(WINDSCREEN_PRODUCT_NOS, random.int(3, 5)).map((productNo) => net(no, productNo, 0.78 + random.next() * 0.08)),
  ];
});

const leaserAgreements = LEASERS.flatMap((leaser) => [
  general(leaser.debitorNo, 10),
  group(leaser.debitorNo, 'Forrude', 15),
  group(leaser.debitorNo, 'Tilbehør', 25),
]);

/** Every other company account has an agreement. */
const companyAgreements = COMPANY_DEBITOR_NOS.filter((_, index) => index % 2 === 0).flatMap((no) => {
  const rows = [general(no, random.pick([5, 7.5, 10, 12, 15, 20]))];
  if (random.chance(0.5)) rows.push(group(no, 'Forrude', 12));
  if (random.chance(0.3)) rows.push(group(no, 'Tilbehør', 20));
  if (random.chance(0.3)) rows.push(net(no, 'UD', 0.78));
  if (random.chance(0.3)) rows.push(net(no, random.pick(['VISK-600450', 'VISK-650400', 'VISK-700400']), 0.7));
  return rows;
});

export const PRICE_AGREEMENTS: readonly PriceAgreementRow[] = [...insurerAgreements, ...leaserAgreements, ...companyAgreements];
