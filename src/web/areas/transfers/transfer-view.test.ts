import { describe, expect, it } from 'vitest';
import { ZERO_GUID } from '@/domain/lib/guid';
import {
  defaultFilter,
  filterProblem,
  formatQuantity,
  isKnownPlace,
  lineState,
  locationOptions,
  monthBefore,
  placeParam,
  readFilter,
  binHoldingMost,
  binListId,
  binOptions,
  toMonthDayYear,
  transfersQuery,
  waitingLines,
  writeFilter,
  type TransferPlace,
} from './transfer-view';

const AARHUS: TransferPlace = { code: 'ARH', name: 'Aarhus afdeling', departmentId: '44444444-4444-4444-8444-444444444444' };
const NORTH: TransferPlace = { code: 'NØR-LAGER', name: 'Nørresundby lager', departmentId: null };

const line = (is_Receipt: boolean, qty_in_Transit: number, qty_Shipped: number, qty_Received: number, order_No = 'OF100001') => ({
  order_No,
  is_Receipt,
  qty_in_Transit,
  qty_Shipped,
  qty_Received,
});

describe('the place of a call', () => {
  it('asks for a shop by its department id and for a warehouse by its code', () => {
    expect(placeParam(AARHUS)).toBe(`departmentGuid=${AARHUS.departmentId}`);
    expect(placeParam(NORTH)).toBe('location=N%C3%98R-LAGER');
    expect(binListId(AARHUS)).toBe(AARHUS.departmentId);
    expect(binListId(NORTH)).toBe('NØR-LAGER');
  });

  it('treats a zero-GUID department as none chosen', () => {
    expect(isKnownPlace({ code: 'ARH', name: 'Aarhus', departmentId: ZERO_GUID })).toBe(false);
    expect(isKnownPlace({ code: '', name: '', departmentId: null })).toBe(false);
    expect(isKnownPlace(null)).toBe(false);
    expect(isKnownPlace(AARHUS)).toBe(true);
    expect(isKnownPlace(NORTH)).toBe(true);
  });
});

describe('the filter', () => {
  it('defaults to one month ago until today, in Copenhagen', () => {
    // 23:30 UTC on 31 March is already 1 April in Copenhagen (summer time).
    expect(defaultFilter('ARH', new Date('2026-03-31T23:30:00Z'))).toEqual({
      location: 'ARH',
      fromDate: '2026-03-01',
      toDate: '2026-04-01',
      orderNr: '',
    });
    expect(defaultFilter('', new Date('2026-11-23T10:00:00Z'))).toMatchObject({ fromDate: '2026-10-23', toDate: '2026-11-23' });
  });

  it('goes back a month to the shorter month’s last day, and over the new year', () => {
    expect(monthBefore('2026-03-31')).toBe('2026-02-28');
    expect(monthBefore('2028-03-30')).toBe('2028-02-29');
    expect(monthBefore('2026-01-15')).toBe('2025-12-15');
  });

  it('sends dates month-day-year, as the spec says, and the order number trimmed', () => {
    expect(toMonthDayYear('2026-11-03')).toBe('11-03-2026');
    expect(transfersQuery(AARHUS, { fromDate: '2026-10-23', toDate: '2026-11-23', orderNr: ' OF1 ' })).toBe(
      `departmentGuid=${AARHUS.departmentId}&from_date=10-23-2026&to_date=11-23-2026&order_nr=OF1`,
    );
    expect(transfersQuery(NORTH, { fromDate: '', toDate: '', orderNr: '' })).toBe('location=N%C3%98R-LAGER');
  });

  it('refuses a from date after the to date', () => {
    expect(filterProblem({ fromDate: '2026-11-24', toDate: '2026-11-23' })).toBe('Fra dato skal være før eller lig med Til dato');
    expect(filterProblem({ fromDate: '2026-11-23', toDate: '2026-11-23' })).toBeNull();
    expect(filterProblem({ fromDate: '', toDate: '2026-11-23' })).toBeNull();
  });

  it('round-trips through the address bar and ignores days that are no days', () => {
    const fallback = defaultFilter('ARH', new Date('2026-11-23T10:00:00Z'));
    const chosen = { location: 'NØR-LAGER', fromDate: '2026-01-01', toDate: '', orderNr: 'OF100002' };
    expect(readFilter(writeFilter(chosen), fallback)).toEqual(chosen);
    expect(readFilter(new URLSearchParams(), fallback)).toEqual(fallback);
    expect(readFilter(new URLSearchParams('fra=2026-02-31&til=i+morgen'), fallback)).toEqual(fallback);
  });
});

describe('lines', () => {
  it('is done when received (or shipped) equals the quantity in transit', () => {
    expect(lineState(line(false, 3, 3, 0))).toBe('done');
    expect(lineState(line(true, 3, 3, 3))).toBe('done');
    expect(lineState(line(false, 3, 1, 0))).toBe('open');
    expect(lineState(line(true, 3, 2, 0))).toBe('open');
    // Nothing more shipped than received yet: the receiving side waits.
    expect(lineState(line(true, 3, 0, 0))).toBe('waiting');
    expect(lineState(line(true, 3, 2, 2))).toBe('waiting');
  });

  it('lists the work waiting at a place, lines that can be received before those not shipped yet', () => {
    const ship = line(false, 2, 0, 0, 'OF1');
    const shipped = line(false, 2, 2, 0, 'OF2');
    const notYet = line(true, 1, 0, 0, 'OF3');
    const arrived = line(true, 2, 2, 0, 'OF4');
    const received = line(true, 2, 2, 2, 'OF5');
    const waiting = waitingLines([ship, shipped, notYet, arrived, received]);
    expect(waiting.toShip.map((l) => l.order_No)).toEqual(['OF1']);
    expect(waiting.toReceive.map((l) => l.order_No)).toEqual(['OF4', 'OF3']);
  });

  it('writes quantities in Danish', () => {
    expect(formatQuantity(3, 'STK')).toBe('3 stk.');
    expect(formatQuantity(1, '')).toBe('1 stk.');
    expect(formatQuantity(2, 'L')).toBe('2 L');
  });
});

describe('location options', () => {
  it('lists warehouses, then shops, by Danish name (Aarhus last) with their codes', () => {
    const options = locationOptions([
      { code: 'ARH', name: 'Aarhus afdeling', departmentId: 'a' },
      { code: 'ODE', name: 'Odense afdeling', departmentId: 'b' },
      { code: 'VEJ-LAGER', name: 'Vejle lager', departmentId: null },
      { code: 'BRØ-LAGER', name: 'Brøndby lager', departmentId: null },
    ]);
    expect(options).toEqual([
      {
        group: 'Lagre',
        items: [
          { value: 'BRØ-LAGER', label: 'Brøndby lager (BRØ-LAGER)' },
          { value: 'VEJ-LAGER', label: 'Vejle lager (VEJ-LAGER)' },
        ],
      },
      {
        group: 'Afdelinger',
        items: [
          { value: 'ODE', label: 'Odense afdeling (ODE)' },
          { value: 'ARH', label: 'Aarhus afdeling (ARH)' },
        ],
      },
    ]);
  });
});

describe('the bin list of a confirmation (issue 39)', () => {
  const bins = [
    { Code: 'A-01', Amount: 0 },
    { Code: 'A-02', Amount: 3 },
    { Code: 'B-11', Amount: 3 },
    { Code: 'C-01', Amount: 1 },
  ];

  it("names each bin's amount of the item", () => {
    expect(binOptions(bins.slice(0, 2), 'STK')).toEqual([
      { value: 'A-01', label: 'A-01 · 0 stk.' },
      { value: 'A-02', label: 'A-02 · 3 stk.' },
    ]);
    expect(binOptions([{ Code: 'A-01', Amount: 2 }], 'L')).toEqual([{ value: 'A-01', label: 'A-01 · 2 L' }]);
    expect(binOptions([{ Code: 'A-01' }], 'STK')).toEqual([{ value: 'A-01', label: 'A-01' }]);
  });

  it('starts on the bin holding the most, the first on a tie, none when no bin holds any', () => {
    expect(binHoldingMost(bins)).toBe('A-02');
    expect(binHoldingMost([{ Code: 'A-01', Amount: 0 }, { Code: 'C-01' }])).toBeNull();
    expect(binHoldingMost([])).toBeNull();
  });
});
