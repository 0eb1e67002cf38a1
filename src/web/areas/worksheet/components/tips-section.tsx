import { Stack, Tabs, Text } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import type { TOrder } from '@/domain/orders/order.schemas';
import { Section } from './section';

type TItem = TOrder['items'][number];

/** Whether an item has any tip to show. */
export const hasTips = (item: TItem): boolean => Boolean(item.tips && (item.tips.general || item.tips.calibrating || item.tips.mounting));

/** One item's tips in three tabs: Generelt, Calibering, Montering. */
export function ItemTips({ item }: { item: TItem }) {
  return (
    <Tabs defaultValue="general" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="general">Generelt</Tabs.Tab>
        <Tabs.Tab value="calibrating">Calibering</Tabs.Tab>
        <Tabs.Tab value="mounting">Montering</Tabs.Tab>
      </Tabs.List>
      {(['general', 'calibrating', 'mounting'] as const).map((key) => (
        <Tabs.Panel key={key} value={key} pt="xs">
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {item.tips?.[key] || 'Ingen tips.'}
          </Text>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/** 'Tips og Tricks' of the order's products: Generelt, Calibering, Montering (document 1 section 2). */
export function TipsSection({ order }: { order: TOrder }) {
  const withTips = order.items.filter(hasTips);
  return (
    <Section title="Tips og Tricks" icon={<IconBulb size={20} />}>
      {withTips.length === 0 ? (
        <Text size="sm" c="dimmed">
          Ingen tips og tricks til ordrens varer.
        </Text>
      ) : (
        <Stack gap="md">
          {withTips.map((item) => (
            <Stack key={item.itemNo} gap={4}>
              <Text fw={600} size="sm">
                {item.no || item.itemNo} · {item.name}
              </Text>
              <ItemTips item={item} />
            </Stack>
          ))}
        </Stack>
      )}
    </Section>
  );
}
