import { describe, expect, it } from 'vitest';
import { ZERO_GUID } from '../lib/guid';
import type { TOrderStatus } from './order-enums';
import { fitterGroups, suggestedWorker, worksAt } from './order-fitters';
import { emptyOrder, type TOrder } from './order.schemas';

const AARHUS = '11111111-1111-4111-8111-111111111111';
const VAN = '22222222-2222-4222-8222-222222222222';
const ODENSE = '33333333-3333-4333-8333-333333333333';
const OP = { id: 'aaaaaaaa-0000-4000-8000-000000000001', name: 'Ole Pedersen', departmentGuid: AARHUS, roles: ['Operation'] };
const fitters = [
  { id: '1', name: 'Åse Holm', departmentGuid: AARHUS },
  { id: '2', name: 'Bo Berg', departmentGuid: ODENSE },
  { id: '3', name: 'Anders And', departmentGuid: AARHUS },
  { id: '4', name: 'Carl Nul', departmentGuid: ZERO_GUID },
];

function order(department: string, status: TOrderStatus = 'PROCESSING', worker = ZERO_GUID, parent = ZERO_GUID): TOrder {
  const o = emptyOrder();
  o.additionalData = { ...o.additionalData, orderStatus: status, worker };
  o.timeAndPlace = { ...o.timeAndPlace, department: { ...o.timeAndPlace.department, id: department, parentDepartmentId: parent } };
  return o;
}

describe('fitterGroups', () => {
  it("puts the department's fitters first, each group in Danish name order", () => {
    const { own, others } = fitterGroups(fitters, { id: AARHUS, parentDepartmentId: ZERO_GUID });
    expect(own.map((f) => f.name)).toEqual(['Anders And', 'Åse Holm']);
    expect(others.map((f) => f.name)).toEqual(['Bo Berg', 'Carl Nul']);
  });

  it("counts the workshop's fitters as a mobile van's own", () => {
    expect(worksAt({ departmentGuid: AARHUS }, { id: VAN, parentDepartmentId: AARHUS })).toBe(true);
    expect(worksAt({ departmentGuid: ZERO_GUID }, { id: ZERO_GUID, parentDepartmentId: ZERO_GUID })).toBe(false);
  });
});

describe('suggestedWorker', () => {
  it('suggests the signed-in fitter on an open job of the own department without a fitter', () => {
    expect(suggestedWorker(order(AARHUS), OP)).toBe(OP.id);
    expect(suggestedWorker(order(VAN, 'ON_HOLD', ZERO_GUID, AARHUS), OP)).toBe(OP.id);
  });

  it('suggests nobody when the job has a fitter, is elsewhere, is locked or the user is no fitter', () => {
    expect(suggestedWorker(order(AARHUS, 'PROCESSING', '1'.repeat(8) + '-1111-4111-8111-111111111111'), OP)).toBeNull();
    expect(suggestedWorker(order(ODENSE), OP)).toBeNull();
    expect(suggestedWorker(order(AARHUS, 'FINISHED'), OP)).toBeNull();
    expect(suggestedWorker(order(AARHUS, 'CANCELLED'), OP)).toBeNull();
    expect(suggestedWorker(order(AARHUS, 'PENDING_REVIEW'), OP)).toBeNull();
    expect(suggestedWorker(order(AARHUS), { ...OP, roles: ['CustomerService'] })).toBeNull();
    expect(suggestedWorker(order(AARHUS), null)).toBeNull();
  });
});
