import { Button, Group, Menu, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconChevronDown, IconList, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDkk } from '@/domain/lib/money';
import { limpuderQuickAdd } from '@/domain/orders/order-items';
import { orderTotals } from '@/domain/orders/order-pricing';
import type { TOrder } from '@/domain/orders/order.schemas';
import { notify } from '../../../lib/notify';
import { fetchCatalogueItem } from '../../catalogue';
import { AddProductDialog, OrderLines, useOrderActions } from '../../orders';
import { Section } from './section';
import { LazyMenu } from '../../../components/lazy-menu';

interface ItemsSectionProps {
  order: TOrder;
  /** SERVICE_CALL, FINISHED (and any locked order): lines and add-product are read-only. */
  readOnly: boolean;
  canEditExclPrice: boolean;
  /** Removing a line; the worksheet asks for a log reason first when it is the main item of a replacement. */
  onRemove: (itemNo: string) => void;
}

/** 'Vareliste': the order lines, 'Tilføj' (the product dialog) and the 'limpuder' quick add (document 2 sections 2 and 9). */
export function ItemsSection({ order, readOnly, canEditExclPrice, onRemove }: ItemsSectionProps) {
  const actions = useOrderActions();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const limpuder = limpuderQuickAdd(order.items);
  const totals = orderTotals(order);

  const addLimpuder = async (no: string) => {
    try {
      const product = await queryClient.fetchQuery({
        queryKey: ['product', 'item', no],
        queryFn: ({ signal }) => fetchCatalogueItem(no, signal),
        staleTime: 60 * 60_000,
      });
      actions.addProducts([{ product, amount: 1 }], 'single');
    } catch {
      notify.error(`Api: "getProduct" failed with input ${no}`);
    }
  };

  return (
    <Section
      title="Vareliste"
      icon={<IconList size={20} />}
      aside={
        readOnly ? null : (
          <>
            {limpuder.length > 0 ? (
              <LazyMenu
                position="bottom-end"
                withinPortal
                dropdownProps={{ mah: 300, style: { overflowY: 'auto' } }}
                target={
                  <Button variant="default" size="xs" rightSection={<IconChevronDown size={14} />}>
                    Limpuder
                  </Button>
                }
              >
                {limpuder.map((no) => (
                  <Menu.Item key={no} onClick={() => void addLimpuder(no)}>
                    Tilføj limpuder {no}
                  </Menu.Item>
                ))}
              </LazyMenu>
            ) : null}
            <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)}>
              Tilføj
            </Button>
          </>
        )
      }
    >
      <Stack gap="sm">
        <OrderLines
          items={order.items}
          onChange={actions.setItems}
          onRemove={onRemove}
          canEditExclPrice={canEditExclPrice}
          readOnly={readOnly}
        />
        <Group justify="flex-end" gap="lg">
          <Text size="sm">
            I alt ekskl. moms: <b>{formatDkk(totals.totalExclOre)}</b>
          </Text>
          <Text size="sm">
            Moms: <b>{formatDkk(totals.vatOre)}</b>
          </Text>
          <Text size="sm">
            I alt inkl. moms: <b>{formatDkk(totals.totalInclOre)}</b>
          </Text>
        </Group>
      </Stack>
      {readOnly ? null : <AddProductDialog opened={adding} onClose={() => setAdding(false)} order={order} onRemove={onRemove} />}
    </Section>
  );
}
