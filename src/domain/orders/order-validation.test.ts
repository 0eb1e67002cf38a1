import { describe, expect, it } from 'vitest';
import { ZERO_GUID } from '../lib/guid';
import {
  canContinueFromDashboard,
  confirmEnabled,
  copyTimeErrors,
  customerPhoneError,
  customerStepErrors,
  danishPhoneError,
  saveTimeErrors,
  slotRequiredError,
  statusForSubmit,
  validateCar,
  validateCustomer,
  validateDebitor,
  validateItems,
  validateOrderForSubmit,
  validateTimeAndPlace,
} from './order-validation';
import { ZCustomer, ZOrderDebitor, ZOrderItem, ZTimeAndPlace, emptyOrder, type TOrder } from './order.schemas';

const DEPARTMENT_ID = 'aaaaaaaa-0000-0000-0000-000000000001';
const SLOT_ID = 'bbbbbbbb-0000-0000-0000-000000000001';

const fullCustomer = ZCustomer.parse({
  name: 'Mette Hansen',
  address: 'Vestergade 1',
  city: 'Aarhus C',
  zipCode: '8000',
  phone: '20304050',
  email: 'mette@example.dk',
});
const debitor = ZOrderDebitor.parse({ no: '10001', debitorName: 'Tryg Forsikring', address: 'Klausdalsbrovej 601', phone: '70112020' });
const timeAndPlace = ZTimeAndPlace.parse({
  department: { id: DEPARTMENT_ID, name: 'Aarhus' },
  date: '2026-05-04T00:00:00',
  from: '2026-05-04T08:00:00',
  to: '2026-05-04T10:00:00',
  timeSlotId: SLOT_ID,
});

function validOrder(): TOrder {
  const order = emptyOrder();
  order.customer = { ...fullCustomer };
  order.debitor = { ...debitor };
  order.timeAndPlace = structuredClone(timeAndPlace);
  order.car = { ...order.car, make: 'Volkswagen', model: 'Golf VIII' };
  order.items = [ZOrderItem.parse({ itemNo: 'F100001', no: 'F100001', itemPrice: 4000 }), ZOrderItem.parse({ itemNo: 'UD', no: 'UD' })];
  return order;
}

describe('phone rules', () => {
  it('wants a Danish number of exactly 8 digits', () => {
    expect(danishPhoneError('20304050')).toBeNull();
    expect(danishPhoneError('')).toBe('Feltet er påkrævet');
    expect(danishPhoneError('2030 4050')).toBe('Feltet skal være et tal');
    expect(danishPhoneError('+4520304050')).toBe('Feltet skal være et tal');
    expect(danishPhoneError('2030405')).toBe('Minimum 8 tegn krævet');
    expect(danishPhoneError('203040506')).toBe('Maksimum 8 tegn krævet');
  });

  it('only requires the number with another prefix', () => {
    expect(customerPhoneError({ phonePrefix: '+46', phone: '70-123 45 67' })).toBeNull();
    expect(customerPhoneError({ phonePrefix: '+46', phone: '' })).toBe('Feltet er påkrævet');
    expect(customerPhoneError({ phonePrefix: '+45', phone: '123' })).toBe('Minimum 8 tegn krævet');
    expect(customerPhoneError({ phonePrefix: '', phone: '123' })).toBe('Minimum 8 tegn krævet');
  });
});

describe('validateCustomer', () => {
  it('passes a complete insurance customer', () => {
    expect(validateCustomer(fullCustomer, 'INSURANCE')).toEqual({});
  });

  it('requires name, address, city, zip, e-mail and phone for an insurance case', () => {
    expect(validateCustomer(ZCustomer.parse({}), 'INSURANCE')).toEqual({
      'customer.name': ['Feltet er påkrævet'],
      'customer.address': ['Feltet er påkrævet'],
      'customer.city': ['Feltet er påkrævet'],
      'customer.zipCode': ['Feltet er påkrævet'],
      'customer.email': ['Feltet er påkrævet'],
      'customer.phone': ['Feltet er påkrævet'],
    });
  });

  it('wants a numeric zip and a real e-mail', () => {
    const errors = validateCustomer({ ...fullCustomer, zipCode: '80OO', email: 'mette@' }, 'INSURANCE');
    expect(errors).toEqual({ 'customer.zipCode': ['Feltet skal være et tal'], 'customer.email': ['Feltet skal være en email'] });
  });

  it('only requires the phone for other payers', () => {
    for (const payer of ['CASH', 'LEASING', 'DEBITOR'] as const) {
      expect(validateCustomer(ZCustomer.parse({ phone: '20304050' }), payer)).toEqual({});
      expect(validateCustomer(ZCustomer.parse({}), payer)).toEqual({ 'customer.phone': ['Feltet er påkrævet'] });
    }
  });

  it('still checks a given e-mail and phone length for other payers', () => {
    expect(validateCustomer(ZCustomer.parse({ phone: '2030', email: 'nope' }), 'CASH')).toEqual({
      'customer.email': ['Feltet skal være en email'],
      'customer.phone': ['Minimum 8 tegn krævet'],
    });
  });

  it('takes a foreign number with its prefix', () => {
    expect(validateCustomer(ZCustomer.parse({ phonePrefix: '+49', phone: '1701234567' }), 'CASH')).toEqual({});
  });
});

describe('validateDebitor', () => {
  it('passes a complete debitor', () => {
    expect(validateDebitor(debitor)).toEqual({});
  });

  it('requires name, address and an 8-digit phone', () => {
    expect(validateDebitor(ZOrderDebitor.parse({}))).toEqual({
      'debitor.debitorName': ['Feltet er påkrævet'],
      'debitor.address': ['Feltet er påkrævet'],
      'debitor.phone': ['Feltet er påkrævet'],
    });
    expect(validateDebitor({ ...debitor, phone: '7011202' })).toEqual({ 'debitor.phone': ['Minimum 8 tegn krævet'] });
    expect(validateDebitor({ ...debitor, phone: '701120201' })).toEqual({ 'debitor.phone': ['Maksimum 8 tegn krævet'] });
    expect(validateDebitor({ ...debitor, phone: '7011202x' })).toEqual({ 'debitor.phone': ['Feltet skal være et tal'] });
  });
});

describe('validateTimeAndPlace', () => {
  it('passes a booked slot', () => {
    expect(validateTimeAndPlace(timeAndPlace)).toEqual({});
  });

  it('passes a booking outside a slot (zero slot id with from and to)', () => {
    expect(validateTimeAndPlace({ ...timeAndPlace, timeSlotId: ZERO_GUID })).toEqual({});
  });

  it('requires a real department, the date and a time slot', () => {
    expect(validateTimeAndPlace(ZTimeAndPlace.parse({}))).toEqual({
      'timeAndPlace.department': ['Feltet er påkrævet'],
      'timeAndPlace.date': ['Feltet er påkrævet'],
      'timeAndPlace.timeSlotId': ['Du skal vælge et timeslot før du kan gemme ændringerne.'],
    });
  });

  it('requires the mobile-service location address at a mobile-service department', () => {
    const mobile = { ...timeAndPlace, department: { ...timeAndPlace.department, mobileService: true } };
    expect(validateTimeAndPlace(mobile)).toEqual({ 'timeAndPlace.mobileServiceLocation.address': ['Feltet er påkrævet'] });
    expect(validateTimeAndPlace({ ...mobile, mobileServiceLocation: { address: 'Vestergade 1, 8000 Aarhus C', covered: true } })).toEqual(
      {},
    );
  });
});

describe('saveTimeErrors and slotRequiredError', () => {
  const chooseTimeslot = 'Du skal vælge et timeslot før du kan gemme ændringerne.';
  const chooseTime = 'Du mangler at vælge en tid!';

  it("refuses saving without slot id, from or to with 'Du skal vælge et timeslot før du kan gemme ændringerne.'", () => {
    for (const timeSlotId of [ZERO_GUID, '']) {
      expect(saveTimeErrors({ timeSlotId, from: null, to: null })).toEqual({ 'timeAndPlace.timeSlotId': [chooseTimeslot] });
      expect(slotRequiredError({ timeSlotId, from: null, to: null })).toBe(chooseTimeslot);
    }
  });

  it("refuses an own time without from or to with 'Du mangler at vælge en tid!' on the end missing", () => {
    expect(saveTimeErrors({ timeSlotId: ZERO_GUID, from: null, to: '2026-05-04T10:00:00' })).toEqual({ 'timeAndPlace.from': [chooseTime] });
    expect(saveTimeErrors({ timeSlotId: '', from: '2026-05-04T08:00:00', to: null })).toEqual({ 'timeAndPlace.to': [chooseTime] });
    expect(slotRequiredError({ timeSlotId: ZERO_GUID, from: '2026-05-04T08:00:00', to: '' })).toBe(chooseTime);
  });

  it("lets a slot (its times are the booking's), or a booking outside a slot, be saved", () => {
    expect(slotRequiredError(timeAndPlace)).toBeNull();
    expect(saveTimeErrors({ timeSlotId: SLOT_ID, from: null, to: null })).toEqual({});
    expect(slotRequiredError({ timeSlotId: ZERO_GUID, from: '2026-05-04T08:00:00', to: '2026-05-04T10:00:00' })).toBeNull();
    expect(slotRequiredError({ timeSlotId: '', from: '2026-05-04T08:00:00', to: '2026-05-04T10:00:00' })).toBeNull();
  });

  it("keeps a copy's stricter rule: slot id, from and to, or 'Du mangler at vælge en tid'", () => {
    expect(copyTimeErrors({ timeSlotId: SLOT_ID, from: null, to: null })).toEqual({
      'timeAndPlace.timeSlotId': ['Du mangler at vælge en tid'],
    });
    expect(copyTimeErrors({ timeSlotId: ZERO_GUID, from: '2026-05-04T08:00:00', to: '2026-05-04T10:00:00' })).toEqual({});
  });
});

describe('car and items', () => {
  it('requires make and model', () => {
    expect(validateCar({ make: '', model: ' ' })).toEqual({ 'car.make': ['Feltet er påkrævet'], 'car.model': ['Feltet er påkrævet'] });
    expect(validateCar({ make: 'Skoda', model: 'Octavia IV' })).toEqual({});
  });

  it('requires at least one chosen product; automatic lines do not count', () => {
    const message = { items: ['Du skal vælge mindst ét produkt'] };
    expect(validateItems([])).toEqual(message);
    expect(validateItems(['UD', 'BIL001', 'REP6'].map((no) => ZOrderItem.parse({ itemNo: no, no })))).toEqual(message);
    expect(validateItems([ZOrderItem.parse({ itemNo: 'REP1', no: 'REP1' })])).toEqual({});
  });
});

describe('wizard gates', () => {
  it('continues from the dashboard once make and model are set', () => {
    const order = emptyOrder();
    expect(canContinueFromDashboard(order)).toBe(false);
    order.car.make = 'Tesla';
    expect(canContinueFromDashboard(order)).toBe(false);
    order.car.model = 'Model 3';
    expect(canContinueFromDashboard(order)).toBe(true);
  });

  it('checks the customer for the payer and the debitor on the customer step', () => {
    const order = validOrder();
    expect(customerStepErrors(order)).toEqual({});
    order.customer.email = '';
    order.debitor.address = '';
    expect(customerStepErrors(order)).toEqual({ 'customer.email': ['Feltet er påkrævet'], 'debitor.address': ['Feltet er påkrævet'] });
    order.additionalData.whoIsPaying = 'CASH';
    expect(customerStepErrors(order)).toEqual({ 'debitor.address': ['Feltet er påkrævet'] });
  });

  it('enables Confirm only when customer, debitor and time and place pass', () => {
    const order = validOrder();
    expect(confirmEnabled(order)).toBe(true);
    expect(confirmEnabled({ ...order, timeAndPlace: { ...order.timeAndPlace, to: null } })).toBe(false);
    expect(confirmEnabled({ ...order, debitor: { ...order.debitor, phone: '' } })).toBe(false);
    expect(confirmEnabled({ ...order, customer: { ...order.customer, phone: '' } })).toBe(false);
    // items and car are not part of this gate
    const withoutItems: TOrder = { ...order, items: [], car: { ...order.car, make: '' } };
    expect(confirmEnabled(withoutItems)).toBe(true);
  });

  it('validates everything before submit', () => {
    expect(validateOrderForSubmit(validOrder())).toEqual({});
    const errors = validateOrderForSubmit(emptyOrder());
    expect(Object.keys(errors)).toEqual([
      'customer.name',
      'customer.address',
      'customer.city',
      'customer.zipCode',
      'customer.email',
      'customer.phone',
      'debitor.debitorName',
      'debitor.address',
      'debitor.phone',
      'timeAndPlace.department',
      'timeAndPlace.date',
      'timeAndPlace.timeSlotId',
      'car.make',
      'car.model',
      'items',
    ]);
    expect(errors.items).toEqual(['Du skal vælge mindst ét produkt']);
  });

  it('sets PROCESSING for Booking and OFFER for Email Tilbud', () => {
    expect(statusForSubmit('BOOKING')).toBe('PROCESSING');
    expect(statusForSubmit('OFFER')).toBe('OFFER');
  });
});
