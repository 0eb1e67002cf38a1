import { Anchor, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconExternalLink } from '@tabler/icons-react';
import type { TProduct } from '@/domain/catalogue/catalogue.schemas';
import { exclVatPriceToIncl } from '@/domain/orders/order-pricing';
import { formatKroner } from '@/domain/lib/money';
import { api } from '../../../lib/api-client';

/** The stock of a product summed over its locations. */
export function stockTotal(product: Pick<TProduct, 'status'>): number {
  return product.status.reduce((sum, s) => sum + s.amount, 0);
}

interface DialogProps {
  product: TProduct | null;
  onClose: () => void;
}

/** 'Lageroversigt': stock per location with the total 'SAMLET'. */
export function StockDialog({ product, onClose }: DialogProps) {
  return (
    <Modal opened={product !== null} onClose={onClose} closeButtonProps={{ 'aria-label': 'Luk dialogen' }} title="Lageroversigt" size="md">
      {product ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {product.no} · {product.name}
          </Text>
          <Table aria-label="Lager pr. lokation" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Lokation</Table.Th>
                <Table.Th ta="right">Antal</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {product.status.map((s) => (
                <Table.Tr key={s.code}>
                  <Table.Td>
                    {s.description || s.code}{' '}
                    {s.description ? (
                      <Text span size="xs" c="dimmed">
                        ({s.code})
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right">{s.amount}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th>SAMLET</Table.Th>
                <Table.Th ta="right">{stockTotal(product)}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Stack>
      ) : null}
    </Modal>
  );
}

/** 'Monteringsvejledning': the product's fitting instruction, when the catalogue has one for its EuroCode. */
export function InstructionLink({ euroCode }: { euroCode: string }) {
  const instruction = useQuery({
    queryKey: ['instruction', euroCode],
    queryFn: ({ signal }) => api.get<{ url: string }>(`/api/Instruction/${encodeURIComponent(euroCode)}`, signal),
    enabled: euroCode !== '',
    retry: false,
    staleTime: 60 * 60_000,
  });
  if (!instruction.data?.url) return null;
  return (
    <Anchor href={instruction.data.url} target="_blank" rel="noreferrer" size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        Monteringsvejledning <IconExternalLink size={14} />
      </Group>
    </Anchor>
  );
}

/** 'Tips og Tricks': Generelt, Calibering, Montering. */
export function TipsDialog({ product, onClose }: DialogProps) {
  const sections: Array<[string, string]> = product
    ? [
        ['Generelt', product.tips?.general ?? ''],
        ['Calibering', product.tips?.calibrating ?? ''],
        ['Montering', product.tips?.mounting ?? ''],
      ]
    : [];
  return (
    <Modal opened={product !== null} onClose={onClose} closeButtonProps={{ 'aria-label': 'Luk dialogen' }} title="Tips og Tricks" size="lg">
      {product ? (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {product.no} · {product.name}
          </Text>
          {sections.map(([title, text]) => (
            <div key={title}>
              <Title order={3} size="h5" mb={4}>
                {title}
              </Title>
              <Text size="sm" style={{ whiteSpace: 'pre-line' }} c={text ? undefined : 'dimmed'}>
                {text || 'Ingen tips.'}
              </Text>
            </div>
          ))}
          {product.euroCode ? <InstructionLink euroCode={product.euroCode} /> : null}
        </Stack>
      ) : null}
    </Modal>
  );
}

interface SubItemsDialogProps extends DialogProps {
  /** Adds the product and its sub-items (bulk add: amounts already on the order are raised). */
  onAddAll?: (product: TProduct) => void;
  readOnly?: boolean;
}

/** 'Produkter til {product}': the product and its sub-items. */
export function SubItemsDialog({ product, onClose, onAddAll, readOnly }: SubItemsDialogProps) {
  const rows = product ? [{ ...product, amount: 1 }, ...product.subItems] : [];
  return (
    <Modal
      opened={product !== null}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Luk dialogen' }}
      title={product ? `Produkter til ${product.name}` : ''}
      size="lg"
    >
      {product ? (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={420}>
            <Table aria-label="Produkt og underprodukter" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Varenummer</Table.Th>
                  <Table.Th>Navn</Table.Th>
                  <Table.Th ta="right">Antal</Table.Th>
                  <Table.Th ta="right">Listepris inkl. moms</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, index) => (
                  <Table.Tr key={`${row.itemNo}-${index}`}>
                    <Table.Td>{row.no}</Table.Td>
                    <Table.Td>{row.name}</Table.Td>
                    <Table.Td ta="right">{row.amount}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatKroner(exclVatPriceToIncl(row.itemPrice))} kr.
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {product.subItems.length === 0 ? (
            <Text size="sm" c="dimmed">
              Produktet har ingen underprodukter.
            </Text>
          ) : null}
          {onAddAll && !readOnly ? (
            <Group justify="flex-end">
              <Button
                onClick={() => {
                  onAddAll(product);
                  onClose();
                }}
              >
                Tilføj alle
              </Button>
            </Group>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}
