import { describe, expect, it } from 'vitest';
import { fromCopenhagen } from '../lib/dates';
import { emptyOrder } from '../orders';
import { defaultOrderListFilter, monthAhead, monthBack, orderListTarget, pageAfterSwipe, pageWindow } from './order-lists';

const DEP = '5b0c3f1e-0000-4000-8000-000000000001';

describe('defaultOrderListFilter', () => {
  const now = fromCopenhagen(2026, 11, 22, 23, 30);
  it("opens each view at page 0, sorted by date, today to a month ahead, the user's department and the view's status", () => {
    expect(defaultOrderListFilter('ASSIGNMENTS', DEP, now)).toEqual({
      page: 0,
      orderSortType: 'DATE',
      fromDate: '2026-11-22T00:00:00',
      toDate: '2026-12-22T23:59:59',
      department: DEP,
      type: undefined,
      status: 'PROCESSING',
      freeText: '',
      phoneOrMail: '',
    });
    expect(defaultOrderListFilter('OFFERS', DEP, now).status).toBe('OFFER_REQUEST');
    expect(defaultOrderListFilter('WEB_ORDERS', DEP, now).status).toBe('WEB_REVIEW');
    expect(defaultOrderListFilter('PENDING', DEP, now)).toMatchObject({
      status: 'PENDING_REVIEW',
      fromDate: '2026-10-22T00:00:00',
      toDate: '2026-12-22T23:59:59',
    });
  });
  it('takes every department for a user without one (all-zero GUID)', () => {
    expect(defaultOrderListFilter('ASSIGNMENTS', '00000000-0000-0000-0000-000000000000', now).department).toBeUndefined();
  });
  it('searches by phone or mail newest first, in every department', () => {
    expect(defaultOrderListFilter('SEARCH_PHONE_OR_MAIL', DEP, now, '22334455')).toMatchObject({
      phoneOrMail: '22334455',
      orderSortType: 'DATE_DESC',
      department: undefined,
    });
  });
});

describe('month ranges', () => {
  it('clamps to the end of a shorter month and crosses the year', () => {
    expect(monthAhead(fromCopenhagen(2027, 1, 31, 12))).toEqual({ from: '2027-01-31', to: '2027-02-28' });
    expect(monthAhead(fromCopenhagen(2026, 12, 15, 12))).toEqual({ from: '2026-12-15', to: '2027-01-15' });
    expect(monthBack(fromCopenhagen(2027, 1, 10, 12))).toEqual({ from: '2026-12-10', to: '2027-01-10' });
    expect(monthBack(fromCopenhagen(2027, 3, 31, 12))).toEqual({ from: '2027-02-28', to: '2027-03-31' });
  });
});

describe('pageWindow', () => {
  it('shows up to five page numbers around the current page', () => {
    expect(pageWindow(0, 0)).toEqual([]);
    expect(pageWindow(0, 3)).toEqual([0, 1, 2]);
    expect(pageWindow(0, 10)).toEqual([0, 1, 2, 3, 4]);
    expect(pageWindow(5, 10)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(9, 10)).toEqual([5, 6, 7, 8, 9]);
  });
});

describe('pageAfterSwipe', () => {
  it('changes page only for a swipe of more than 200 px, within the pages', () => {
    expect(pageAfterSwipe(1, 5, -200)).toBeNull();
    expect(pageAfterSwipe(1, 5, -201)).toBe(2);
    expect(pageAfterSwipe(1, 5, 250)).toBe(0);
    expect(pageAfterSwipe(0, 5, 250)).toBeNull();
    expect(pageAfterSwipe(4, 5, -250)).toBeNull();
  });
});

describe('orderListTarget', () => {
  it('opens offers in booking and the rest on the worksheet', () => {
    const order = emptyOrder();
    order.additionalData.orderId = DEP;
    order.additionalData.orderStatus = 'OFFER_REQUEST';
    expect(orderListTarget(order)).toBe(`/booking?orderId=${DEP}`);
    order.additionalData.orderStatus = 'PROCESSING';
    expect(orderListTarget(order)).toBe(`/worksheet/${DEP}`);
  });
});
