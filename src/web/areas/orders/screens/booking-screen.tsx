import { validateTimeAndPlace } from '@/domain/orders/order-validation';
import { FlowPage } from '../components/flow-page';
import { TimeAndPlaceFields } from '../components/time-and-place-fields';
import { useOrderFlow } from '../flow/order-flow-store';

/** 'Tid og sted': department or mobile service, day, and slot or own times (document 1 section 2, Booking). */
export function BookingScreen() {
  const { order } = useOrderFlow();
  const errors = validateTimeAndPlace(order.timeAndPlace);
  const continueHint = Object.keys(errors).length > 0 ? 'Vælg afdeling, dag og tid for at fortsætte.' : null;
  return (
    <FlowPage step="BOOKING" title="Tid og sted" continueHint={continueHint}>
      <TimeAndPlaceFields suggestNearest />
    </FlowPage>
  );
}
