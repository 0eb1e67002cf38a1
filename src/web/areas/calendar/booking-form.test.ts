import { describe, expect, it } from 'vitest';
import { ZERO_GUID } from '@/domain/lib/guid';
import { emptyOrder, type TOrder } from '@/domain/orders/order.schemas';
import type { TUserInfo } from '@/domain/users/user.schemas';
import { testUser } from '../../test-utils';
import { MAX_PRIORITY, applyBookingForm, bookingFormOf, fitterOptions } from './booking-form';

const FITTER = '55555555-5555-4555-8555-555555555555';
const VAN = '66666666-6666-4666-8666-666666666666';
const WORKSHOP = '44444444-4444-4444-8444-444444444444';

function booking(mobileService: boolean): TOrder {
  const order = emptyOrder();
  return {
    ...order,
    additionalData: { ...order.additionalData, worker: FITTER, internalOrderComment: 'Ring før ankomst', priority: 3, obs: true },
    timeAndPlace: {
      ...order.timeAndPlace,
      department: {
        ...order.timeAndPlace.department,
        id: mobileService ? VAN : WORKSHOP,
        name: mobileService ? 'Mobil Aarhus' : 'Aarhus',
        mobileService,
      },
      mobileServiceLocation: { address: 'Vestergade 12, 8000 Aarhus C', covered: true },
    },
  };
}

describe("the calendar's booking dialog", () => {
  it('edits the technician, comment, priority, OBS and the mobile-service place of the booking', () => {
    expect(bookingFormOf(booking(true))).toEqual({
      worker: FITTER,
      internalOrderComment: 'Ring før ankomst',
      priority: 3,
      obs: true,
      address: 'Vestergade 12, 8000 Aarhus C',
      covered: true,
    });
    const none = booking(false);
    expect(bookingFormOf({ ...none, additionalData: { ...none.additionalData, worker: '' } }).worker).toBe(ZERO_GUID);
  });

  it('saves the changes into the order, the priority a whole number from 0 to the maximum', () => {
    const order = booking(true);
    const form = {
      ...bookingFormOf(order),
      worker: ZERO_GUID,
      internalOrderComment: 'Nøgle i postkassen',
      obs: false,
      address: '  Søndergade 1, 8000 Aarhus C ',
      covered: false,
    };
    const saved = applyBookingForm(order, { ...form, priority: 7.8 });
    expect(saved.additionalData).toMatchObject({ worker: ZERO_GUID, internalOrderComment: 'Nøgle i postkassen', priority: 7, obs: false });
    expect(saved.timeAndPlace?.mobileServiceLocation).toEqual({ address: 'Søndergade 1, 8000 Aarhus C', covered: false });
    // Everything the dialog does not edit goes back as it was.
    expect({ ...saved, additionalData: order.additionalData, timeAndPlace: order.timeAndPlace }).toEqual(order);

    expect(applyBookingForm(order, { ...form, priority: MAX_PRIORITY + 50 }).additionalData?.priority).toBe(MAX_PRIORITY);
    expect(applyBookingForm(order, { ...form, priority: -4 }).additionalData?.priority).toBe(0);
  });

  it('keeps the mobile-service place of a booking at a workshop as it was', () => {
    const order = booking(false);
    const saved = applyBookingForm(order, { ...bookingFormOf(order), address: 'Et andet sted 3', covered: false });
    expect(saved.timeAndPlace?.mobileServiceLocation).toEqual(order.timeAndPlace.mobileServiceLocation);
  });

  it("offers 'Ingen montør', then the booking's own fitters by name, then the others", () => {
    const fitter = (initials: string, name: string, departmentGuid: string): TUserInfo =>
      testUser(initials, ['Operation'], { id: `${initials}-id`, name, departmentGuid });
    const fitters = [
      fitter('ÅS', 'Åse Sørensen', VAN),
      fitter('ZL', 'Zenia Lund', WORKSHOP),
      fitter('BH', 'Bo Hansen', '77777777-7777-4777-8777-777777777777'),
      fitter('AM', 'Anna Madsen', WORKSHOP),
    ];
    expect(fitterOptions(fitters, new Set([WORKSHOP, VAN]), 'Aarhus')).toEqual([
      { value: ZERO_GUID, label: 'Ingen montør' },
      {
        group: 'Montører i Aarhus',
        items: [
          { value: 'AM-id', label: 'Anna Madsen (AM)' },
          { value: 'ZL-id', label: 'Zenia Lund (ZL)' },
          { value: 'ÅS-id', label: 'Åse Sørensen (ÅS)' },
        ],
      },
      { group: 'Andre montører', items: [{ value: 'BH-id', label: 'Bo Hansen (BH)' }] },
    ]);
    expect(fitterOptions(fitters.slice(2, 3), new Set([WORKSHOP]), 'Aarhus')).toEqual([
      { value: ZERO_GUID, label: 'Ingen montør' },
      { group: 'Montører', items: [{ value: 'BH-id', label: 'Bo Hansen (BH)' }] },
    ]);
  });
});
