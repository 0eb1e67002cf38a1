import { describe, expect, it } from 'vitest';
import { ZERO_GUID } from '../lib/guid';
import type { TDebitor } from '../parties';
import { ZCar, ZDepartmentRef, emptyOrder, type TOrder } from './order.schemas';
import {
  chooseCustomerFromSearch,
  chooseDepartment,
  choosePayer,
  debitorSearchFor,
  findInsurer,
  insurerDisplayName,
  isLeased,
  payerDebitorLookup,
  payerOptions,
  withDebitor,
  type TPayerInsurer,
  type TPayerLeaser,
  type TPayerLookupContext,
} from './who-pays';

const WORKER = '11111111-2222-3333-4444-555555555555';
const AARHUS = ZDepartmentRef.parse({ id: 'aaaaaaaa-0000-0000-0000-000000000001', name: 'Aarhus', debitorId: '90001' });
const VAN = ZDepartmentRef.parse({
  id: 'aaaaaaaa-0000-0000-0000-000000000002',
  name: 'Mobil Aarhus',
  mobileService: true,
  debitorId: '90002',
});

const insurers: TPayerInsurer[] = [
  { name: 'Tryg Forsikring', bilStatistikName: 'TRYG', cashDebitorId: '11001', debitorNo: '10001' },
  { name: 'Topdanmark', bilStatistikName: 'TOPDANMARK FORSIKRING A/S', cashDebitorId: '', debitorNo: '10002' },
  { name: 'Alm. Brand', bilStatistikName: 'ALM BRAND', cashDebitorId: '11003' },
];
const leasers: TPayerLeaser[] = [{ name: 'LeasePlan', debitorNo: '20001' }, { name: 'Ayvens' }];

function context(overrides: Partial<TPayerLookupContext> & { insurance?: string; leaser?: string } = {}): TPayerLookupContext {
  const { insurance = 'Tryg Forsikring', leaser = '', ...rest } = overrides;
  return {
    car: { insurance, leaser },
    department: AARHUS,
    offerDebitor: false,
    insurers,
    leasers,
    ...rest,
  };
}

function bookedOrder(): TOrder {
  const order = emptyOrder();
  order.additionalData.worker = WORKER;
  order.timeAndPlace = {
    ...order.timeAndPlace,
    department: VAN,
    date: '2026-05-04T00:00:00',
    from: '2026-05-04T08:00:00',
    to: '2026-05-04T12:00:00',
    timeSlotId: 'bbbbbbbb-0000-0000-0000-000000000001',
    mobileServiceLocation: { address: 'Vestergade 1, 8000 Aarhus C', covered: true },
  };
  return order;
}

describe('isLeased and payerOptions', () => {
  it('counts a car as leased when leasing is set and not IkkeLeaset', () => {
    expect(isLeased(ZCar.parse({ leasing: 'PrivatLeaset' }))).toBe(true);
    expect(isLeased(ZCar.parse({ leasing: 'IkkeLeaset' }))).toBe(false);
    expect(isLeased(ZCar.parse({ leasing: '' }))).toBe(false);
    expect(isLeased(ZCar.parse({}))).toBe(false);
  });

  it('offers Leasing, Kontant betaling, Forsikring, Debitor in that order, Leasing only for a leased car', () => {
    expect(payerOptions({ leasing: 'PrivatLeaset' })).toEqual([
      { value: 'LEASING', label: 'Leasing' },
      { value: 'CASH', label: 'Kontant betaling' },
      { value: 'INSURANCE', label: 'Forsikring' },
      { value: 'DEBITOR', label: 'Debitor' },
    ]);
    expect(payerOptions({ leasing: 'IkkeLeaset' }).map((o) => o.label)).toEqual(['Kontant betaling', 'Forsikring', 'Debitor']);
  });
});

describe('payerDebitorLookup', () => {
  it('looks up the insurer matching the car’s insurance by name or Bilstatistik name', () => {
    expect(payerDebitorLookup('INSURANCE', context())).toEqual({ by: 'debitorNo', no: '10001' });
    expect(payerDebitorLookup('INSURANCE', context({ insurance: 'tryg' }))).toEqual({ by: 'debitorNo', no: '10001' });
    expect(payerDebitorLookup('INSURANCE', context({ insurance: 'TOPDANMARK FORSIKRING A/S' }))).toEqual({ by: 'debitorNo', no: '10002' });
    expect(findInsurer(insurers, ' alm. brand ')?.name).toBe('Alm. Brand');
  });

  it('searches by name when the insurer’s account number is not known', () => {
    expect(payerDebitorLookup('INSURANCE', context({ insurance: 'ALM BRAND' }))).toEqual({ by: 'name', name: 'Alm. Brand' });
    expect(payerDebitorLookup('INSURANCE', context({ insurance: 'Ukendt Forsikring' }))).toEqual({ by: 'name', name: 'Ukendt Forsikring' });
    expect(payerDebitorLookup('INSURANCE', context({ insurance: '' }))).toEqual({ by: 'none' });
  });

  it('looks up the department’s debitor for cash', () => {
    expect(payerDebitorLookup('CASH', context())).toEqual({ by: 'debitorNo', no: '90001' });
    expect(payerDebitorLookup('CASH', context({ department: { debitorId: '' } }))).toEqual({ by: 'none' });
  });

  it('uses the insurer’s cash debitor for cash when Tilbuds debitor is ticked', () => {
    expect(payerDebitorLookup('CASH', context({ offerDebitor: true }))).toEqual({ by: 'debitorNo', no: '11001' });
    // an insurer without a cash account, or no insurer: the department's account
    expect(payerDebitorLookup('CASH', context({ offerDebitor: true, insurance: 'Topdanmark' }))).toEqual({ by: 'debitorNo', no: '90001' });
    expect(payerDebitorLookup('CASH', context({ offerDebitor: true, insurance: '' }))).toEqual({ by: 'debitorNo', no: '90001' });
  });

  it('looks up the leaser by name', () => {
    expect(payerDebitorLookup('LEASING', context({ leaser: 'leaseplan' }))).toEqual({ by: 'debitorNo', no: '20001' });
    expect(payerDebitorLookup('LEASING', context({ leaser: 'Ayvens' }))).toEqual({ by: 'name', name: 'Ayvens' });
    expect(payerDebitorLookup('LEASING', context({ leaser: 'Nordania' }))).toEqual({ by: 'name', name: 'Nordania' });
    expect(payerDebitorLookup('LEASING', context({ leaser: '' }))).toEqual({ by: 'none' });
  });

  it('looks up nothing for Debitor (chosen from the search)', () => {
    expect(payerDebitorLookup('DEBITOR', context())).toEqual({ by: 'none' });
  });

  it('turns a look-up into the debitor search call', () => {
    expect(debitorSearchFor({ by: 'debitorNo', no: '10001' })).toEqual({ field: 'NAV', query: '10001' });
    expect(debitorSearchFor({ by: 'name', name: 'Ayvens' })).toEqual({ field: 'NAME', query: 'Ayvens' });
    expect(debitorSearchFor({ by: 'none' })).toBeNull();
  });
});

describe('choosePayer', () => {
  it('sets the payer and keeps the slot for non-cash payers', () => {
    const order = bookedOrder();
    const next = choosePayer(order, 'LEASING');
    expect(next.additionalData.whoIsPaying).toBe('LEASING');
    expect(next.timeAndPlace).toEqual(order.timeAndPlace);
  });

  it('clears the chosen time slot for cash, keeping department and date', () => {
    const order = bookedOrder();
    const next = choosePayer(order, 'CASH');
    expect(next.additionalData.whoIsPaying).toBe('CASH');
    expect(next.timeAndPlace).toMatchObject({ timeSlotId: ZERO_GUID, from: null, to: null, date: '2026-05-04T00:00:00', department: VAN });
    expect(order.timeAndPlace.from).toBe('2026-05-04T08:00:00'); // the input is untouched
  });
});

describe('chooseCustomerFromSearch', () => {
  it('makes the payer Debitor and fills the debitor', () => {
    const company: TDebitor = {
      no: '30001',
      debitorName: 'Jensen Transport ApS',
      address: 'Industrivej 4',
      zipCode: '8000',
      city: 'Aarhus C',
      phone: '86123456',
      email: 'bogholderi@jensen.dk',
      cvr: '12345678',
    };
    const next = chooseCustomerFromSearch(emptyOrder(), company);
    expect(next.additionalData.whoIsPaying).toBe('DEBITOR');
    expect(next.debitor).toEqual(company);
    expect(withDebitor(emptyOrder(), { ...company, extra: 'x' } as TDebitor).debitor).toEqual(company);
  });
});

describe('chooseDepartment', () => {
  it('clears the worker and drops the mobile-service location at a workshop', () => {
    const next = chooseDepartment(bookedOrder(), AARHUS);
    expect(next.timeAndPlace.department).toEqual(AARHUS);
    expect(next.additionalData.worker).toBe(ZERO_GUID);
    expect(next.timeAndPlace.mobileServiceLocation).toEqual({ address: '', covered: false });
  });

  it('keeps the mobile-service location at another mobile-service department', () => {
    const otherVan = { ...VAN, id: 'aaaaaaaa-0000-0000-0000-000000000003' };
    const next = chooseDepartment(bookedOrder(), otherVan);
    expect(next.additionalData.worker).toBe(ZERO_GUID);
    expect(next.timeAndPlace.mobileServiceLocation.address).toBe('Vestergade 1, 8000 Aarhus C');
  });

  it('keeps the worker when the same department is chosen again', () => {
    expect(chooseDepartment(bookedOrder(), VAN).additionalData.worker).toBe(WORKER);
  });
});

describe('insurerDisplayName', () => {
  it('names the insurer as the register does, whichever name the car carries', () => {
    expect(insurerDisplayName(insurers, 'TOPDANMARK FORSIKRING A/S')).toBe('Topdanmark');
    expect(insurerDisplayName(insurers, 'topdanmark')).toBe('Topdanmark');
    expect(insurerDisplayName(insurers, 'Ukendt Forsikring')).toBe('Ukendt Forsikring');
    expect(insurerDisplayName(insurers, '')).toBe('');
  });
});
