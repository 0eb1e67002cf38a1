import { describe, expect, it } from 'vitest';
import { formatDkk, kronerToOre } from '../lib/money';
import {
  applyDebitorPrices,
  debitorLinePrice,
  debitorPriceFor,
  discountAmountCapInclKroner,
  discountInputsDisabled,
  discountMode,
  exclVatPriceToIncl,
  inclVatPriceToExcl,
  lineTotalOre,
  linePayments,
  needsDebitorPrices,
  orderTotals,
  parseAmountInput,
  parseDiscountAmountInput,
  parseDiscountPercentInput,
  parsePriceInput,
  withDiscountAmountIncl,
  withDiscountPercent,
  type TPriceAgreement,
} from './order-pricing';
import { ZOrderItem, emptyOrder, type TOrderItemInput } from './order.schemas';

const item = (fields: TOrderItemInput) => ZOrderItem.parse(fields);

function order(items: TOrderItemInput[], discount: { discountPercent?: number; discountAmount?: number } = {}) {
  const o = emptyOrder();
  o.items = items.map(item);
  o.additionalData = { ...o.additionalData, ...discount };
  return o;
}

describe('lineTotalOre', () => {
  it('multiplies unit price excl. VAT by amount', () => {
    expect(lineTotalOre(item({ itemPrice: 895, amount: 1 }))).toBe(89500);
    expect(lineTotalOre(item({ itemPrice: 65.5, amount: 3 }))).toBe(19650);
  });

  it('takes the line discount off and rounds to whole øre', () => {
    expect(lineTotalOre(item({ itemPrice: 1000, amount: 2, discountPercent: 15 }))).toBe(170000);
    expect(lineTotalOre(item({ itemPrice: 99.99, amount: 1, discountPercent: 12.5 }))).toBe(8749); // 8749.125
    expect(lineTotalOre(item({ itemPrice: 0.05, amount: 1, discountPercent: 50 }))).toBe(3); // 2.5 rounds up
  });

  it('does not drift on prices that are inexact in binary', () => {
    expect(lineTotalOre(item({ itemPrice: 0.1 + 0.2, amount: 3 }))).toBe(90);
    expect(lineTotalOre(item({ itemPrice: 1234.56, amount: 1 }))).toBe(123456);
  });

  it('is never negative and 0 for a zero amount or a full discount', () => {
    expect(lineTotalOre(item({ itemPrice: 500, amount: 0 }))).toBe(0);
    expect(lineTotalOre(item({ itemPrice: 500, amount: 1, discountPercent: 100 }))).toBe(0);
    expect(lineTotalOre({ itemPrice: -100, amount: 1, discountPercent: 0 })).toBe(0);
    expect(lineTotalOre({ itemPrice: 100, amount: 1, discountPercent: 150 })).toBe(0);
  });
});

describe('orderTotals', () => {
  const lines = [
    { itemNo: 'F100001', itemPrice: 4000, amount: 1 },
    { itemNo: 'UD', itemPrice: 895, amount: 1 },
    { itemNo: '337', itemPrice: 65, amount: 2, discountPercent: 10 },
  ];
  // 4000 + 895 + 117 = 5012 kr. excl. VAT

  it('sums the lines and adds 25 % VAT when there is no discount', () => {
    expect(orderTotals(order(lines))).toEqual({
      linesExclOre: 501200,
      discountOre: 0,
      totalExclOre: 501200,
      vatOre: 125300,
      totalInclOre: 626500,
    });
    expect(formatDkk(orderTotals(order(lines)).totalInclOre)).toBe('6.265,00 kr.');
  });

  it('takes a percent discount of the lines’ sum', () => {
    const totals = orderTotals(order(lines, { discountPercent: 10 }));
    expect(totals.discountOre).toBe(50120);
    expect(totals.totalExclOre).toBe(451080);
    expect(totals.totalInclOre).toBe(563850);
    expect(totals.vatOre).toBe(112770);
  });

  it('takes a kr discount given excl. VAT', () => {
    const totals = orderTotals(order(lines, { discountAmount: 1012 }));
    expect(totals.discountOre).toBe(101200);
    expect(totals.totalExclOre).toBe(400000);
    expect(totals.totalInclOre).toBe(500000);
  });

  it('uses the percent when both are set', () => {
    const totals = orderTotals(order(lines, { discountPercent: 50, discountAmount: 100 }));
    expect(totals.discountOre).toBe(250600);
  });

  it('caps the kr discount at the total before discount and never goes negative', () => {
    const totals = orderTotals(order(lines, { discountAmount: 99999 }));
    expect(totals.discountOre).toBe(501200);
    expect(totals).toMatchObject({ totalExclOre: 0, vatOre: 0, totalInclOre: 0 });
    expect(orderTotals(order(lines, { discountPercent: 250 })).totalExclOre).toBe(0);
    expect(orderTotals(order(lines, { discountAmount: -50 })).discountOre).toBe(0);
  });

  it('is all zero for an order without lines', () => {
    expect(orderTotals(order([], { discountAmount: 100 }))).toEqual({
      linesExclOre: 0,
      discountOre: 0,
      totalExclOre: 0,
      vatOre: 0,
      totalInclOre: 0,
    });
  });
});

describe('order discount boxes', () => {
  it('uses one discount at a time and disables the other box', () => {
    expect(discountMode({ discountPercent: 0, discountAmount: 0 })).toBe('none');
    expect(discountMode({ discountPercent: 5, discountAmount: 0 })).toBe('percent');
    expect(discountMode({ discountPercent: 0, discountAmount: 100 })).toBe('amount');
    expect(discountInputsDisabled({ discountPercent: 5, discountAmount: 0 })).toEqual({ percent: false, amount: true });
    expect(discountInputsDisabled({ discountPercent: 0, discountAmount: 100 })).toEqual({ percent: true, amount: false });
    expect(discountInputsDisabled({ discountPercent: 0, discountAmount: 0 })).toEqual({ percent: false, amount: false });
  });

  it('stores the kr discount excl. VAT (×0.8) and clears the other discount', () => {
    const data = emptyOrder().additionalData;
    expect(withDiscountAmountIncl({ ...data, discountPercent: 10 }, 500)).toMatchObject({ discountAmount: 400, discountPercent: 0 });
    expect(withDiscountPercent({ ...data, discountAmount: 400 }, 12.5)).toMatchObject({ discountPercent: 12.5, discountAmount: 0 });
    expect(withDiscountPercent(data, 120).discountPercent).toBe(100);
  });

  it('caps the kr box at the total before discount incl. VAT', () => {
    expect(discountAmountCapInclKroner(order([{ itemPrice: 800, amount: 2 }]))).toBe(2000);
  });
});

describe('parseDiscountPercentInput', () => {
  it('reads digits with a dot or comma and up to two decimals', () => {
    expect(parseDiscountPercentInput('10')).toBe(10);
    expect(parseDiscountPercentInput('7,5')).toBe(7.5);
    expect(parseDiscountPercentInput('7.5')).toBe(7.5);
    expect(parseDiscountPercentInput('1,25')).toBe(1.25);
    expect(parseDiscountPercentInput('12,')).toBe(12); // while typing
    expect(parseDiscountPercentInput('100')).toBe(100);
  });

  it('makes empty 0 and caps above 100 at 100', () => {
    expect(parseDiscountPercentInput('')).toBe(0);
    expect(parseDiscountPercentInput('  ')).toBe(0);
    expect(parseDiscountPercentInput('150')).toBe(100);
    expect(parseDiscountPercentInput('999')).toBe(100);
  });

  it('rejects a keystroke that breaks the pattern (the box keeps its value)', () => {
    expect(parseDiscountPercentInput('12,555')).toBeNull(); // three decimals
    expect(parseDiscountPercentInput('12,55')).toBeNull(); // longer than 4 characters
    expect(parseDiscountPercentInput('1000')).toBeNull(); // four digits
    expect(parseDiscountPercentInput('1a')).toBeNull();
    expect(parseDiscountPercentInput('-5')).toBeNull();
    expect(parseDiscountPercentInput(',5')).toBeNull();
    expect(parseDiscountPercentInput('1,2,')).toBeNull();
  });
});

describe('parseDiscountAmountInput', () => {
  it('reads kroner and caps them at the total before discount', () => {
    expect(parseDiscountAmountInput('250', 2000)).toBe(250);
    expect(parseDiscountAmountInput('250,50', 2000)).toBe(250.5);
    expect(parseDiscountAmountInput('99.9', 2000)).toBe(99.9);
    expect(parseDiscountAmountInput('2500', 2000)).toBe(2000);
    expect(parseDiscountAmountInput('10', 0)).toBe(0);
  });

  it('makes empty 0 and rejects non-numeric keystrokes', () => {
    expect(parseDiscountAmountInput('', 2000)).toBe(0);
    expect(parseDiscountAmountInput('12x', 2000)).toBeNull();
    expect(parseDiscountAmountInput('-10', 2000)).toBeNull();
    expect(parseDiscountAmountInput('1,234', 2000)).toBeNull();
  });
});

describe('line inputs', () => {
  it('turns non-numeric amount and price text into 0', () => {
    expect(parseAmountInput('3')).toBe(3);
    expect(parseAmountInput('abc')).toBe(0);
    expect(parseAmountInput('')).toBe(0);
    expect(parseAmountInput('-2')).toBe(0);
    expect(parsePriceInput('1.234,50')).toBe(1234.5);
    expect(parsePriceInput('499.95')).toBe(499.95);
    expect(parsePriceInput('gratis')).toBe(0);
  });

  it('stores an entered incl.-VAT price ×0.8 and shows excl. ×1.25', () => {
    expect(inclVatPriceToExcl(1000)).toBe(800);
    expect(inclVatPriceToExcl(99.99)).toBe(79.99);
    expect(exclVatPriceToIncl(800)).toBe(1000);
    expect(exclVatPriceToIncl(79.99)).toBe(99.99);
    expect(exclVatPriceToIncl(inclVatPriceToExcl(1234.5))).toBe(1234.5);
  });
});

describe('debitorPriceFor (Kundepris)', () => {
  const GLASS = 'group-forrude';
  const agreements: TPriceAgreement[] = [
    { productNo: null, productGroupId: null, discountPercent: 8, netPriceOre: null },
    { productNo: null, productGroupId: GLASS, discountPercent: 12, netPriceOre: null },
    { productNo: null, productGroupId: GLASS, discountPercent: 15, netPriceOre: null },
    { productNo: 'F100001', productGroupId: null, discountPercent: 0, netPriceOre: 320000 },
  ];

  it('gives the net price for the product first', () => {
    expect(debitorPriceFor(400000, 'F100001', GLASS, agreements)).toEqual({
      priceOre: 320000,
      discountPercent: 20,
      discountAmountOre: 80000,
    });
  });

  it('else gives the best group discount', () => {
    expect(debitorPriceFor(400000, 'F100002', GLASS, agreements)).toEqual({
      priceOre: 340000,
      discountPercent: 15,
      discountAmountOre: 60000,
    });
  });

  it('else gives the general discount', () => {
    expect(debitorPriceFor(89500, 'UD', 'group-service', agreements)).toEqual({
      priceOre: 82340,
      discountPercent: 8,
      discountAmountOre: 7160,
    });
  });

  it('counts a discount agreed for the product with the group discounts', () => {
    const withProductDiscount = [...agreements, { productNo: 'F100002', productGroupId: null, discountPercent: 20, netPriceOre: null }];
    expect(debitorPriceFor(400000, 'F100002', GLASS, withProductDiscount).discountPercent).toBe(20);
  });

  it('gives the list price without agreements', () => {
    expect(debitorPriceFor(89500, 'UD', null, [])).toEqual({ priceOre: 89500, discountPercent: 0, discountAmountOre: 0 });
  });

  it('keeps a net price above the list price without a negative discount', () => {
    const above = [{ productNo: 'X', productGroupId: null, discountPercent: 0, netPriceOre: 12000 }];
    expect(debitorPriceFor(10000, 'X', null, above)).toEqual({ priceOre: 12000, discountPercent: 0, discountAmountOre: 0 });
  });

  it('rounds the resulting price to whole øre', () => {
    expect(
      debitorPriceFor(99999, 'P', null, [{ productNo: null, productGroupId: null, discountPercent: 7, netPriceOre: null }]).priceOre,
    ).toBe(92999);
  });
});

describe('debitorLinePrice', () => {
  it('puts a percent agreement on the line as the list price and the discount', () => {
    // List 4.000,00, 15 %: the debitor's price is 3.400,00.
    expect(debitorLinePrice({ price: 3400, discountPercent: 15, discountAmount: 600 })).toEqual({
      itemPrice: 4000,
      discountPercent: 15,
      kind: 'discount',
    });
    // Percent with decimals and an odd list price, to the øre.
    const list = 999.99;
    const price = debitorPriceFor(kronerToOre(list), 'P', null, [
      { productNo: null, productGroupId: null, discountPercent: 18, netPriceOre: null },
    ]);
    const line = debitorLinePrice({
      price: price.priceOre / 100,
      discountPercent: price.discountPercent,
      discountAmount: price.discountAmountOre / 100,
    });
    expect(line).toEqual({ itemPrice: 999.99, discountPercent: 18, kind: 'discount' });
    expect(lineTotalOre({ itemPrice: line.itemPrice, amount: 1, discountPercent: line.discountPercent })).toBe(price.priceOre);
  });

  it('keeps a net price a percent cannot give to the øre as the price, without a discount', () => {
    // List 1.000,00, net 833,33: 16,67 % would give 833,30.
    expect(debitorLinePrice({ price: 833.33, discountPercent: 16.67, discountAmount: 166.67 })).toEqual({
      itemPrice: 833.33,
      discountPercent: 0,
      kind: 'net',
    });
  });

  it('is the list price when the debitor has no discount, also for a net price above the list price', () => {
    expect(debitorLinePrice({ price: 500, discountPercent: 0, discountAmount: 0 })).toEqual({
      itemPrice: 500,
      discountPercent: 0,
      kind: 'list',
    });
  });
});

describe('applyDebitorPrices', () => {
  const items = [
    item({ itemNo: 'F100001', itemPrice: 3000, discountPercent: 5 }),
    item({ itemNo: 'UD', itemPrice: 895 }),
    item({ itemNo: 'BIL001', itemPrice: 0, type: 2 }),
    item({ itemNo: 'P2', itemPrice: 1000, discountPercent: 20 }),
  ];

  it('re-prices items that have a debitor price and keeps the rest', () => {
    const next = applyDebitorPrices(items, [
      { itemNo: 'F100001', price: 3400, discountPercent: 15, discountAmount: 600 },
      { itemNo: 'BIL001', price: 395, discountPercent: 0, discountAmount: 0 },
      { itemNo: 'P2', price: 1000, discountPercent: 0, discountAmount: 0 },
    ]);
    // The list price and the agreement's discount: what the products screen shows as 'Rabat 15,00 %'.
    expect(next[0]).toMatchObject({
      itemPrice: 4000,
      discountPercent: 15,
      debitorPrice: { itemNo: 'F100001', price: 3400, discountPercent: 15, discountAmount: 600 },
    });
    expect(lineTotalOre(next[0]!)).toBe(340000);
    expect(next[1]).toBe(items[1]);
    expect(next[2]).toMatchObject({ itemPrice: 0, debitorPrice: null });
    // Another debitor without an agreement takes the earlier discount away.
    expect(next[3]).toMatchObject({ itemPrice: 1000, discountPercent: 0 });
    expect(items[0]!.itemPrice).toBe(3000); // the input is untouched
  });
});

describe('needsDebitorPrices', () => {
  it('asks for prices only when the order has items and a debitor', () => {
    const o = order([{ itemNo: 'UD' }]);
    expect(needsDebitorPrices(o)).toBe(false);
    o.debitor.no = '10001';
    expect(needsDebitorPrices(o)).toBe(true);
    expect(needsDebitorPrices({ ...o, items: [] })).toBe(false);
  });
});

describe('linePayments (the order discount spread over the lines for the ERP)', () => {
  it('gives each line its share in whole øre, adding up to the total excl. VAT', () => {
    const o = order(
      [
        { itemNo: 'A', itemPrice: 100, amount: 1 },
        { itemNo: 'B', itemPrice: 33.33, amount: 3 },
        { itemNo: 'C', itemPrice: 0 },
      ],
      { discountPercent: 7 },
    );
    const payments = linePayments(o);
    expect(payments.reduce((sum, p) => sum + p.paymentOre, 0)).toBe(orderTotals(o).totalExclOre);
    expect(payments[2]).toEqual({ paymentOre: 0, discountPercent: 0 });
    expect(payments[0]!.discountPercent).toBeCloseTo(7, 1);
  });

  it('spreads a kr discount by line total and combines it with a line discount', () => {
    const o = order(
      [
        { itemNo: 'A', itemPrice: 300, discountPercent: 10 },
        { itemNo: 'B', itemPrice: 100 },
      ],
      { discountAmount: 74 },
    );
    const payments = linePayments(o);
    // 74 kr off 370 kr is 20 % of each line: 54 kr of the 270 kr line, 20 kr of the 100 kr line.
    expect(payments.map((p) => p.paymentOre)).toEqual([21600, 8000]);
    expect(payments.map((p) => p.discountPercent)).toEqual([28, 20]);
  });

  it('leaves the lines as they are without an order discount', () => {
    const o = order([{ itemNo: 'A', itemPrice: 100, discountPercent: 5 }]);
    expect(linePayments(o)).toEqual([{ paymentOre: 9500, discountPercent: 5 }]);
  });
});
