import { describe, expect, it } from 'vitest';
import {
  paneInStock,
  addProduct,
  hasCalibration,
  isAutomaticLine,
  isReplacementGlass,
  isTwoManJob,
  limpuderQuickAdd,
  mainItem,
  removeItem,
  setAmount,
  setLineDiscountPercent,
  setUnitPriceExcl,
  setUnitPriceIncl,
  toSavedItem,
  withFreeLoanCar,
  withMobileServiceProduct,
  withServiceLine,
  callsForFitting,
} from './order-items';
import type { TOrderType } from './order-enums';
import { ZOrderItem, type TOrderItemInput } from './order.schemas';

const item = (fields: TOrderItemInput) => ZOrderItem.parse({ no: fields.itemNo, ...fields });

const windscreen = item({ itemNo: 'F100001', name: 'Forrude VW Golf VIII', itemPrice: 4000 });
const sideWindow = item({ itemNo: 'S200001', name: 'Siderude', itemPrice: 1800 });
const wiper = item({ itemNo: 'VISK-600450', name: 'Viskerblade', itemPrice: 349, type: 2 });
const limpude = item({ itemNo: '337', name: 'Limpude', itemPrice: 65, type: 1 });
const service = item({ itemNo: 'UD', name: 'Udskiftning – montering', itemPrice: 895, isService: true });
const loanCar = item({ itemNo: 'BIL001', name: 'Gratis lånebil', itemPrice: 0, type: 2 });
const zone1 = item({ itemNo: 'REP6', name: 'Mobilservice tillæg zone 1', isService: true });
const zone2 = item({ itemNo: 'REP7', name: 'Mobilservice tillæg zone 2', itemPrice: 195, isService: true });
const calibration = item({ itemNo: 'PK5', name: 'Kalibrering', itemPrice: 995, type: 3, isService: true });

describe('addProduct', () => {
  it('appends a new product with the amount', () => {
    const items = addProduct([], wiper, 'single', 2, 'REPLACE_FRONT');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ itemNo: 'VISK-600450', amount: 2 });
  });

  it('raises the amount of a product already on the order in bulk add', () => {
    const once = addProduct([], limpude, 'bulk', 1, 'REPLACE_FRONT');
    const twice = addProduct(once, limpude, 'bulk', 2, 'REPLACE_FRONT');
    expect(twice).toHaveLength(1);
    expect(twice[0]!.amount).toBe(3);
  });

  it('replaces the amount of a product already on the order in single add', () => {
    const once = addProduct([], limpude, 'single', 3, 'REPLACE_FRONT');
    const again = addProduct(once, limpude, 'single', 1, 'REPLACE_FRONT');
    expect(again).toHaveLength(1);
    expect(again[0]!.amount).toBe(1);
  });

  it('makes the first replacement glass on a replace order the main item', () => {
    let items = addProduct([], wiper, 'single', 1, 'REPLACE_FRONT');
    items = addProduct(items, windscreen, 'single', 1, 'REPLACE_FRONT');
    items = addProduct(items, sideWindow, 'single', 1, 'REPLACE_FRONT');
    expect(items.map((i) => i.isMainItem)).toEqual([false, true, false]);
    expect(mainItem(items)?.itemNo).toBe('F100001');
  });

  it('does not make a main item on other order types or for non-glass lines', () => {
    expect(addProduct([], windscreen, 'single', 1, 'REPAIR')[0]!.isMainItem).toBe(false);
    expect(addProduct([], windscreen, 'single', 1, 'SALE')[0]!.isMainItem).toBe(false);
    expect(addProduct([], service, 'single', 1, 'REPLACE_FRONT')[0]!.isMainItem).toBe(false);
    expect(addProduct([], calibration, 'single', 1, 'REPLACE_REAR')[0]!.isMainItem).toBe(false);
    expect(addProduct([], windscreen, 'single', 1, 'REPLACE')[0]!.isMainItem).toBe(true);
  });

  it('ignores a non-positive amount and never changes its input', () => {
    const items = [windscreen];
    expect(addProduct(items, limpude, 'bulk', 0, 'REPLACE_FRONT')).toEqual(items);
    expect(addProduct(items, limpude, 'bulk', -1, 'REPLACE_FRONT')).toEqual(items);
    addProduct(items, windscreen, 'bulk', 2, 'REPLACE_FRONT');
    expect(items[0]!.amount).toBe(1);
  });
});

describe('line edits', () => {
  const items = [windscreen, service];

  it('removes a line', () => {
    expect(removeItem(items, 'UD').map((i) => i.itemNo)).toEqual(['F100001']);
  });

  it('sets amount, price and line discount of one line only', () => {
    expect(setAmount(items, 'F100001', 2).map((i) => i.amount)).toEqual([2, 1]);
    expect(setAmount(items, 'F100001', -3)[0]!.amount).toBe(0);
    expect(setUnitPriceExcl(items, 'UD', 700)[1]!.itemPrice).toBe(700);
    expect(setUnitPriceIncl(items, 'UD', 1000)[1]!.itemPrice).toBe(800); // shown incl. VAT, stored ×0.8
    expect(setLineDiscountPercent(items, 'F100001', 120)[0]!.discountPercent).toBe(100);
    expect(items[0]!.amount).toBe(1);
  });
});

describe('withServiceLine (UD)', () => {
  it('adds the service line once to a fitting', () => {
    const items = withServiceLine([windscreen], true, service);
    expect(items.map((i) => i.itemNo)).toEqual(['F100001', 'UD']);
    expect(withServiceLine(items, true, service)).toHaveLength(2);
  });

  it('keeps an existing service line as it is', () => {
    const discounted = { ...service, itemPrice: 500 };
    expect(withServiceLine([discounted], true, service)[0]!.itemPrice).toBe(500);
  });

  it('removes the service line where the job is no fitting', () => {
    expect(withServiceLine([windscreen, service], false, service).map((i) => i.itemNo)).toEqual(['F100001']);
  });
});

describe('callsForFitting', () => {
  const order = (orderType: TOrderType, complaintType?: string) => ({
    additionalData: { orderType },
    complaint: complaintType ? { complaintType } : null,
  });

  it('is a fitting for window replacements and complaints booked on a window-replacement slot', () => {
    for (const type of ['REPLACE_FRONT', 'REPLACE_SIDE', 'REPLACE_REAR', 'REPLACE_ROOF', 'REPLACE'] as const)
      expect(callsForFitting(order(type))).toBe(true);
    expect(callsForFitting(order('COMPLAINT', 'REPLACE_SLOT'))).toBe(true);
  });

  it('is no fitting for a repair, an extra sale (limpuder, the loan car excess waiver) and other complaints', () => {
    expect(callsForFitting(order('REPAIR'))).toBe(false);
    expect(callsForFitting(order('SALE'))).toBe(false);
    expect(callsForFitting(order('COMPLAINT', 'WITHOUT_SLOT'))).toBe(false);
    expect(callsForFitting(order('COMPLAINT', 'REPAIR_SLOT'))).toBe(false);
    expect(callsForFitting(order('INTERNAL_COMPLAINT', 'INTERNAL_COMPLAINT'))).toBe(false);
  });
});

describe('withFreeLoanCar (BIL001)', () => {
  it('adds the free loan car (type 2, price 0) when the slot has a free car', () => {
    const items = withFreeLoanCar([windscreen], true, 'REPLACE_FRONT', { ...loanCar, itemPrice: 395 });
    expect(items).toHaveLength(2);
    expect(items[1]).toMatchObject({ itemNo: 'BIL001', type: 2, itemPrice: 0, amount: 1 });
    expect(withFreeLoanCar(items, true, 'REPLACE_FRONT', loanCar)).toHaveLength(2);
  });

  it('removes it when the slot has none', () => {
    expect(withFreeLoanCar([windscreen, loanCar], false, 'REPLACE_FRONT', loanCar).map((i) => i.itemNo)).toEqual(['F100001']);
  });

  it('never has it on an extra sale', () => {
    expect(withFreeLoanCar([wiper], true, 'SALE', loanCar).map((i) => i.itemNo)).toEqual(['VISK-600450']);
    expect(withFreeLoanCar([wiper, loanCar], true, 'SALE', loanCar).map((i) => i.itemNo)).toEqual(['VISK-600450']);
  });

  it('keeps the line free even when its price was changed', () => {
    expect(withFreeLoanCar([{ ...loanCar, itemPrice: 100 }], true, 'REPAIR', loanCar)[0]!.itemPrice).toBe(0);
  });
});

describe('withMobileServiceProduct (REP6, REP7, REP8)', () => {
  it('adds the zone product at a mobile-service department', () => {
    expect(withMobileServiceProduct([windscreen], true, zone1).map((i) => i.itemNo)).toEqual(['F100001', 'REP6']);
  });

  it('keeps a zone already on the order, so a hand-picked zone stays', () => {
    const items = withMobileServiceProduct([windscreen, zone2], true, zone1);
    expect(items.map((i) => i.itemNo)).toEqual(['F100001', 'REP7']);
  });

  it('removes every zone product at a workshop', () => {
    expect(withMobileServiceProduct([windscreen, zone1, zone2], false, zone1).map((i) => i.itemNo)).toEqual(['F100001']);
  });
});

describe('item facts', () => {
  it('makes twoManJob true when any line is a two-person job', () => {
    expect(isTwoManJob([windscreen, service])).toBe(false);
    expect(isTwoManJob([windscreen, { ...sideWindow, twoPersonJob: true }])).toBe(true);
    expect(isTwoManJob([])).toBe(false);
  });

  it('finds calibration lines PK3, PK5, PK6', () => {
    expect(hasCalibration([windscreen, calibration])).toBe(true);
    expect(hasCalibration([{ itemNo: 'PK3' }])).toBe(true);
    expect(hasCalibration([{ itemNo: 'PK6' }])).toBe(true);
    expect(hasCalibration([windscreen, { itemNo: 'PK4' }])).toBe(false);
  });

  it('offers the limpuder not yet on the order', () => {
    const all = limpuderQuickAdd([]);
    expect(all).toHaveLength(18);
    expect(all.slice(0, 4)).toEqual(['337', '341', '342', '344']);
    expect(all.at(-1)).toBe('358');
    const rest = limpuderQuickAdd([limpude, { itemNo: '350' }]);
    expect(rest).toHaveLength(16);
    expect(rest).not.toContain('337');
    expect(rest).not.toContain('350');
  });

  it('tells glass from fixed and automatic lines', () => {
    expect(isReplacementGlass(windscreen)).toBe(true);
    expect(isReplacementGlass(wiper)).toBe(false);
    expect(isReplacementGlass(service)).toBe(false);
    expect(isAutomaticLine(service)).toBe(true);
    expect(isAutomaticLine(loanCar)).toBe(true);
    expect(isAutomaticLine(zone2)).toBe(true);
    expect(isAutomaticLine(windscreen)).toBe(false);
    expect(mainItem([windscreen])).toBeUndefined();
  });
});

describe('toSavedItem', () => {
  it('reduces a line to the saved payload fields', () => {
    const full = {
      ...windscreen,
      amount: 2,
      discountPercent: 5,
      twoPersonJob: true,
      isMainItem: true,
      description: 'Forrude',
      euroCode: '2345AGN',
    };
    const saved = toSavedItem(full);
    expect(saved).toEqual({
      no: 'F100001',
      amount: 2,
      description: 'Forrude',
      discountPercent: 5,
      itemNo: 'F100001',
      itemPrice: 4000,
      type: 0,
      name: 'Forrude VW Golf VIII',
      twoPersonJob: true,
      isMainItem: true,
    });
    expect(Object.keys(saved).sort()).toEqual(
      ['amount', 'description', 'discountPercent', 'isMainItem', 'itemNo', 'itemPrice', 'name', 'no', 'twoPersonJob', 'type'].sort(),
    );
  });
});

describe('paneInStock', () => {
  const stocked = (fields: TOrderItemInput, status: Array<{ code: string; amount: number }>) =>
    item({ ...fields, status: status.map((s) => ({ ...s, description: '' })) });

  it("reads the main pane at the department's locations: above zero is in stock", () => {
    const pane = stocked({ itemNo: 'F100001', name: 'Forrude', isMainItem: true }, [
      { code: 'ARH', amount: 2 },
      { code: 'ODE', amount: 0 },
    ]);
    expect(paneInStock([service, pane], ['ARH'])).toBe(true);
    expect(paneInStock([service, pane], ['ODE'])).toBe(false);
    expect(paneInStock([service, pane], ['VEJ', 'ARH'])).toBe(true);
  });

  it('takes the first glass line when no line is the main one, and has no answer without a pane', () => {
    const side = stocked({ itemNo: 'S200001', name: 'Siderude' }, [{ code: 'ARH', amount: 1 }]);
    const glue = stocked({ itemNo: '337', name: 'Limpude', type: 1 }, [{ code: 'ODE', amount: 5 }]);
    expect(paneInStock([glue, side], ['ARH'])).toBe(true);
    expect(paneInStock([glue, side], ['ODE'])).toBe(false);
    expect(paneInStock([glue, service], ['ODE'])).toBeNull();
    expect(paneInStock([windscreen], ['ARH'])).toBeNull();
  });
});
