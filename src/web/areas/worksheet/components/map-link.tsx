import { Anchor } from '@mantine/core';
import { IconMap } from '@tabler/icons-react';
import { customMapViewPath } from '@/domain/map/map';
import type { TOrder } from '@/domain/orders/order.schemas';

/**
 * 'Vis på kort' (document 2, other targets): the mobile-service map's custom view of the job's address in a new
 * window, with the van's jobs round it. Shown for a mobile-service order with an address.
 */
export function MapLink({ order }: { order: TOrder }) {
  const t = order.timeAndPlace;
  const address = t.mobileServiceLocation.address.trim();
  if (!t.department.mobileService || !address) return null;
  return (
    <Anchor
      href={customMapViewPath({ deptId: t.department.id, addr: address })}
      target="_blank"
      rel="noopener"
      size="sm"
      underline="always"
    >
      <IconMap size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
      Vis på kort (nyt vindue)
    </Anchor>
  );
}
