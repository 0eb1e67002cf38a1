import { Stack, Text } from '@mantine/core';
import { formatKroner } from '@/domain/lib/money';
import { exclVatPriceToIncl } from '@/domain/orders/order-pricing';

const kr = (kroner: number) => `${formatKroner(kroner)} kr.`;

/** A list price as the catalogue shows it: incl. VAT in bold, excl. VAT small below. */
export function PriceInclExcl({ exclKroner }: { exclKroner: number }) {
  return (
    <Stack gap={0} align="flex-end">
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {kr(exclVatPriceToIncl(exclKroner))}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        ekskl. moms {kr(exclKroner)}
      </Text>
    </Stack>
  );
}
