import { describe, expect, it } from 'vitest';
import { customerFromCar, danishList, mayEmailCustomer, missingFieldsHint, ownerIsPerson, prefillCustomer } from './order-customer';
import { customerStepErrors } from './order-validation';
import { emptyOrder } from './order.schemas';

const person = { owner: 'Hanne Holm', leasing: 'IkkeLeaset' };

describe('mayEmailCustomer', () => {
  it('needs the customer to allow e-mail and an address', () => {
    expect(mayEmailCustomer({ allowEmail: true, email: 'kunde@example.dk' })).toBe(true);
    expect(mayEmailCustomer({ allowEmail: false, email: 'kunde@example.dk' })).toBe(false);
    expect(mayEmailCustomer({ allowEmail: true, email: '' })).toBe(false);
    expect(mayEmailCustomer({ allowEmail: true, email: '   ' })).toBe(false);
  });
});

describe('ownerIsPerson', () => {
  it('is a person for a private owner of a car that is not leased', () => {
    expect(ownerIsPerson(person)).toBe(true);
    expect(ownerIsPerson({ owner: 'Søren Ærø-Åberg', leasing: '' })).toBe(true);
  });

  it('is no person for a company, a leased car or an unknown owner', () => {
    for (const owner of [
      'Nordjysk Taxa A/S',
      'Østjysk VVS ApS',
      'Himmerlands Landbrugsservice I/S',
      'Nordania Leasing, Danske Bank A/S',
      'Holm Holding',
      '',
    ]) {
      expect(ownerIsPerson({ owner, leasing: 'IkkeLeaset' }), owner).toBe(false);
    }
    expect(ownerIsPerson({ owner: 'Hanne Holm', leasing: 'PrivatLeaset' })).toBe(false);
  });
});

describe('prefillCustomer', () => {
  const empty = emptyOrder().customer;

  it('fills the empty name from the owner', () => {
    expect(customerFromCar(person)).toEqual({ name: 'Hanne Holm' });
    expect(prefillCustomer(empty, null, person).name).toBe('Hanne Holm');
  });

  it('never overwrites what the user typed, and fills nothing for a company', () => {
    expect(prefillCustomer({ ...empty, name: 'Jens Jensen' }, null, person).name).toBe('Jens Jensen');
    expect(prefillCustomer(empty, null, { owner: 'Bager Olsen ApS', leasing: 'IkkeLeaset' }).name).toBe('');
  });

  const home = { ownerAddress: 'Søndergade 12', ownerZipCode: '8000', ownerCity: 'Aarhus C' };

  it("fills the owner's home from the register, only when it is whole and the owner a person", () => {
    expect(customerFromCar({ ...person, ...home })).toEqual({
      name: 'Hanne Holm',
      address: 'Søndergade 12',
      zipCode: '8000',
      city: 'Aarhus C',
    });
    const filled = prefillCustomer(empty, null, { ...person, ...home });
    expect([filled.name, filled.address, filled.zipCode, filled.city]).toEqual(['Hanne Holm', 'Søndergade 12', '8000', 'Aarhus C']);
    expect(customerFromCar({ ...person, ...home, ownerCity: '' })).toEqual({ name: 'Hanne Holm' });
    expect(customerFromCar({ ...person, ...home, ownerZipCode: '80' })).toEqual({ name: 'Hanne Holm' });
    expect(customerFromCar({ owner: 'Bager Olsen ApS', leasing: 'IkkeLeaset', ...home })).toEqual({});
    expect(customerFromCar({ ...person, ...home, leasing: 'PrivatLeaset' })).toEqual({});
  });

  it('keeps an address the user typed, and clears the home an earlier look-up filled when the next car has none', () => {
    const typed = prefillCustomer({ ...empty, address: 'Kirkevej 3' }, null, { ...person, ...home });
    expect([typed.address, typed.zipCode, typed.city]).toEqual(['Kirkevej 3', '8000', 'Aarhus C']);
    const first = prefillCustomer(empty, null, { ...person, ...home });
    const second = prefillCustomer(first, { ...person, ...home }, { owner: 'Bager Olsen ApS', leasing: '' });
    expect([second.name, second.address, second.zipCode, second.city]).toEqual(['', '', '', '']);
  });

  it('replaces a name an earlier look-up filled when another plate is looked up', () => {
    const first = prefillCustomer(empty, null, person);
    expect(prefillCustomer(first, person, { owner: 'Bo Berg', leasing: '' }).name).toBe('Bo Berg');
    expect(prefillCustomer(first, person, { owner: 'Bager Olsen ApS', leasing: '' }).name).toBe('');
    expect(prefillCustomer(first, person, person).name).toBe('Hanne Holm');
  });
});

describe('missingFieldsHint', () => {
  const labels = {
    'customer.address': 'Kundens adresse',
    'customer.email': 'Kundens e-mail',
    'customer.phone': 'Kundens telefon',
    'debitor.phone': 'Debitors telefon',
  };

  it('names the missing fields and what is wrong with the others', () => {
    const order = emptyOrder();
    order.customer = { ...order.customer, name: 'Hanne Holm', city: 'Aarhus C', zipCode: '8000', phone: '1234' };
    order.debitor = { ...order.debitor, debitorName: 'Tryg', address: 'Klausdalsbrovej 601', phone: '70112020' };
    expect(missingFieldsHint(customerStepErrors(order), labels)).toBe(
      'Udfyld Kundens adresse og Kundens e-mail. Ret Kundens telefon: Minimum 8 tegn krævet.',
    );
  });

  it('is null when nothing is missing', () => {
    expect(missingFieldsHint({}, labels)).toBeNull();
    expect(danishList(['a', 'b', 'c'])).toBe('a, b og c');
  });
});
