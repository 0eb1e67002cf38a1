import { describe, expect, it } from 'vitest';
import { bookingZipCode, carJobOf, servedWeekdayNames, timeAndPlaceToSave, zipCodeOfAddress } from './order-booking-place';
import { emptyOrder, type TOrder } from './order.schemas';

function order(change: { customerZip?: string; zip?: string; van?: boolean; address?: string }): TOrder {
  const o = emptyOrder();
  return {
    ...o,
    customer: { ...o.customer, zipCode: change.customerZip ?? '' },
    timeAndPlace: {
      ...o.timeAndPlace,
      zipCode: change.zip ?? '',
      department: { ...o.timeAndPlace.department, mobileService: change.van ?? false },
      mobileServiceLocation: { address: change.address ?? '', covered: false },
    },
  };
}

describe('zipCodeOfAddress', () => {
  it('reads the zip code before the town, also after a four-digit house number', () => {
    expect(zipCodeOfAddress('Vestergade 12, 8000 Aarhus C')).toBe('8000');
    expect(zipCodeOfAddress('Strandvejen 1001, 2900 Hellerup')).toBe('2900');
    expect(zipCodeOfAddress('Søndergade 3 8400 Ebeltoft')).toBe('8400');
    expect(zipCodeOfAddress('8000')).toBe('8000');
    expect(zipCodeOfAddress('Vestergade 12, 8000')).toBe('8000');
  });

  it('is empty for an address without a zip code', () => {
    expect(zipCodeOfAddress('Vestergade 12')).toBe('');
    expect(zipCodeOfAddress('Strandvejen 1001')).toBe('');
    expect(zipCodeOfAddress('')).toBe('');
    expect(zipCodeOfAddress('Postboks 80000 Aarhus')).toBe('');
  });
});

describe('bookingZipCode', () => {
  it("takes a van's address first, then the zip code the van was found for, then the customer's", () => {
    expect(bookingZipCode(order({ van: true, address: 'Vestergade 12, 8400 Ebeltoft', zip: '8000', customerZip: '8200' }))).toBe('8400');
    expect(bookingZipCode(order({ van: true, address: 'Vestergade 12', zip: '8000', customerZip: '8200' }))).toBe('8000');
    expect(bookingZipCode(order({ van: true, customerZip: '8200' }))).toBe('8200');
  });

  it('ignores the address at a workshop, and anything that is not four digits', () => {
    expect(bookingZipCode(order({ van: false, address: 'Vestergade 12, 8400 Ebeltoft', customerZip: '8200' }))).toBe('8200');
    expect(bookingZipCode(order({ zip: '80', customerZip: ' 8200 ' }))).toBe('8200');
    expect(bookingZipCode(order({ customerZip: 'DK-8000' }))).toBe('');
  });
});

describe('timeAndPlaceToSave', () => {
  it("books a van for the booking's zip code and leaves a workshop's as it is", () => {
    expect(timeAndPlaceToSave(order({ van: true, address: 'Vestergade 12, 8400 Ebeltoft', customerZip: '8200' })).zipCode).toBe('8400');
    expect(timeAndPlaceToSave(order({ van: false, zip: '', customerZip: '8200' })).zipCode).toBe('');
    expect(timeAndPlaceToSave(order({ van: true, zip: '80' })).zipCode).toBe('80');
  });
});

describe('carJobOf', () => {
  it('judges a complaint by the job it is about, anything else by its own type', () => {
    const o = emptyOrder();
    const car = { ...o.car, make: 'Tesla', model: 'Model 3' };
    expect(carJobOf({ ...o, car, additionalData: { ...o.additionalData, orderType: 'REPAIR' } })).toEqual({
      carMake: 'Tesla',
      carModel: 'Model 3',
      orderType: 'REPAIR',
    });
    const complaint = { ...o, car, additionalData: { ...o.additionalData, orderType: 'COMPLAINT' as const } };
    expect(carJobOf({ ...complaint, complaint: { referenceJobType: 'REPLACE_ROOF' } as TOrder['complaint'] }).orderType).toBe(
      'REPLACE_ROOF',
    );
    expect(carJobOf({ ...complaint, complaint: null }).orderType).toBe('COMPLAINT');
  });
});

describe('servedWeekdayNames', () => {
  const none = { sunday: false, monday: false, tuesday: false, wednesday: false, thursday: false, friday: false, saturday: false };
  it('names the served weekdays from Monday, in Danish', () => {
    expect(servedWeekdayNames({ ...none, tuesday: true, thursday: true })).toBe('tirsdag og torsdag');
    expect(servedWeekdayNames({ ...none, sunday: true, monday: true, friday: true })).toBe('mandag, fredag og søndag');
    expect(
      servedWeekdayNames({ sunday: true, monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true }),
    ).toBe('alle ugens dage');
    expect(servedWeekdayNames(none)).toBe('');
  });
});
