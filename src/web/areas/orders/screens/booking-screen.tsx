import { validateTimeAndPlace } from '@/domain/orders/order-validation';
import { FlowPage } from '../components/flow-page';
import { TimeAndPlaceFields } from '../components/time-and-place-fields';
import { useCarCheck } from '../../booking';
import { useOrderFlow } from '../flow/order-flow-store';
import { useServerRefusal } from '../flow/server-errors';

/** 'Tid og sted': department or mobile service, day, and slot or own times (document 1 section 2, Booking). */
export function BookingScreen() {
  const { order } = useOrderFlow();
  const refused = useServerRefusal(order);
  const errors = validateTimeAndPlace(order.timeAndPlace);
  const continueHint = Object.keys(errors).length > 0 ? 'Vælg afdeling, dag og tid for at fortsætte.' : null;
  // A department whose rule sets refuse the car (asked now, or refused by the server at the last save) is no place to book.
  const carCheck = useCarCheck(order).data;
  const refusedHere = (carCheck && !carCheck.accepted) || Boolean(refused['timeAndPlace.department']?.length);
  const continueBlocked = refusedHere ? 'Vælg en afdeling, der kan tage bilen, for at fortsætte.' : null;
  return (
    <FlowPage step="BOOKING" title="Tid og sted" continueHint={continueHint} continueBlocked={continueBlocked}>
      <TimeAndPlaceFields suggestNearest serverErrors={refused} />
    </FlowPage>
  );
}
