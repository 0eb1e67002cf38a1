import { IconCalendarEvent, IconCar, IconWallet } from '@tabler/icons-react';
import type { TOrder } from '@/domain/orders/order.schemas';
import { CarFields, PaymentFields, TimeAndPlaceFields, useOrderActions } from '../../orders';
import { MapLink } from './map-link';
import { CarFacts, PaymentFacts, TimeAndPlaceFacts } from './read-only-sections';
import { Section } from './section';

interface OfficeSectionsProps {
  order: TOrder;
  /** A locked order: the sections as text. */
  locked: boolean;
  /** SALE orders skip the mobile-service facts. */
  isSale: boolean;
}

/**
 * The office's sections of the worksheet: 'Tid og sted' (the booking calendar), 'Betalingsinformation' (debitor and
 * customer) and 'Bil'. Loaded as a chunk of their own (the worksheet imports this file lazily): on a phone they wait
 * under 'Kontor' until it is opened, so the job's first screen does not fetch or run them (issue 38).
 */
export function OfficeSections({ order, locked, isSale }: OfficeSectionsProps) {
  const actions = useOrderActions();
  return (
    <>
      <Section title="Tid og sted" icon={<IconCalendarEvent size={20} />}>
        {locked ? (
          <TimeAndPlaceFacts order={order} extra={<MapLink order={order} />} />
        ) : (
          <TimeAndPlaceFields hideMobileService={isSale} addressExtra={<MapLink order={order} />} />
        )}
      </Section>
      <Section title="Betalingsinformation" icon={<IconWallet size={20} />}>
        {locked ? <PaymentFacts order={order} /> : <PaymentFields />}
      </Section>
      <Section title="Bil" icon={<IconCar size={20} />}>
        {locked ? <CarFacts order={order} /> : <CarFields car={order.car} onChange={actions.setCar} />}
      </Section>
    </>
  );
}
