import { Box, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import type { TProduct } from '@/domain/catalogue/catalogue.schemas';
import { canCorrectStock } from '@/domain/transfers/stock-correction';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useSession } from '../../users';
import { useTransferProductSearch } from '../api';
import { formatQuantity, type TransferPlace } from '../transfer-view';
import { CorrectStockDialog, type StockTarget } from './correct-stock-dialog';
import { ProductCells, ProductSearchInput, productSearchState } from './transfer-parts';
import { SEARCH_DELAY_MS } from './create-transfer-dialog';

/** The overview lists at most this many products; a longer list asks for a sharper search. */
export const STOCK_ROWS = 25;

interface StockRow {
  itemNo: string;
  name: string;
  amount: number;
}

/** The products of a search once each (a product may sit in several groups), with the amount at the place. */
function rowsAt(groups: ReadonlyArray<{ items: TProduct[] }>, code: string): StockRow[] {
  const seen = new Map<string, StockRow>();
  for (const group of groups) {
    for (const product of group.items) {
      if (seen.has(product.no)) continue;
      seen.set(product.no, { itemNo: product.no, name: product.name, amount: product.status.find((s) => s.code === code)?.amount ?? 0 });
    }
  }
  return [...seen.values()];
}

/**
 * 'Lageroversigt' of Vareflyt: the stock of the chosen place for the products a search finds, read from the same
 * ledger as the products screen. Adminstrator and Stock get 'Ret antal' on each line, to correct a count.
 */
export function StockOverview({ place }: { place: TransferPlace }) {
  const isPhone = useIsPhone();
  const { user } = useSession();
  const mayCorrect = canCorrectStock(user?.roles);
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), SEARCH_DELAY_MS);
  const search = useTransferProductSearch(debounced);
  const [correcting, setCorrecting] = useState<StockTarget | null>(null);
  const rows = useMemo(() => rowsAt(search.data ?? [], place.code), [search.data, place.code]);
  const shown = rows.slice(0, STOCK_ROWS);
  const open = (row: StockRow) => setCorrecting({ itemNo: row.itemNo, name: row.name, place, current: row.amount });

  const results =
    productSearchState(debounced, search, rows.length === 0, 'Lageret kunne ikke hentes') ??
    (isPhone ? (
      <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={`Lager på ${place.name}`}>
        {shown.map((row) => (
          <Paper key={row.itemNo} component="li" withBorder radius="sm" p="xs">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Text span fw={600} size="sm">
                {row.itemNo}
              </Text>{' '}
              {row.name}
            </Text>
            <Group justify="space-between" mt={6} gap="xs" wrap="nowrap">
              <Text size="sm" c={row.amount === 0 ? 'dimmed' : undefined}>
                På lager: {formatQuantity(row.amount, 'STK')}
              </Text>
              {mayCorrect ? <CorrectButton row={row} onOpen={open} /> : null}
            </Group>
          </Paper>
        ))}
      </Stack>
    ) : (
      <Table verticalSpacing={4} highlightOnHover aria-label={`Lager på ${place.name}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={130}>Varenummer</Table.Th>
            <Table.Th>Navn</Table.Th>
            <Table.Th w={110} ta="right">
              Antal
            </Table.Th>
            {mayCorrect ? <Table.Th w={120}>Handling</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((row) => (
            <Table.Tr key={row.itemNo}>
              <ProductCells no={row.itemNo} name={row.name} />
              <Table.Td ta="right">
                <Text size="sm" c={row.amount === 0 ? 'dimmed' : undefined}>
                  {row.amount}
                </Text>
              </Table.Td>
              {mayCorrect ? (
                <Table.Td>
                  <CorrectButton row={row} onOpen={open} />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    ));

  return (
    <Box component="section" aria-labelledby="stock-overview-title" mt="xl">
      <Title order={2} size="h3" id="stock-overview-title">
        Lageroversigt
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Lageret på {place.name}: søg en vare for at se antallet{mayCorrect ? ' og rette det efter en optælling' : ''}.
      </Text>
      <Stack gap="sm">
        <ProductSearchInput label="Søg på lager" value={term} onSearch={setTerm} maw={480} />
        {results}
        {rows.length > STOCK_ROWS ? (
          <Text size="xs" c="dimmed">
            Viser {STOCK_ROWS} af {rows.length} – søg mere præcist for at se resten
          </Text>
        ) : null}
      </Stack>
      {mayCorrect ? <CorrectStockDialog target={correcting} onClose={() => setCorrecting(null)} /> : null}
    </Box>
  );
}

function CorrectButton({ row, onOpen }: { row: StockRow; onOpen: (row: StockRow) => void }) {
  return (
    <Button
      size="compact-sm"
      variant="default"
      onClick={() => onOpen(row)}
      aria-label={`Ret antal for ${row.itemNo}`}
      aria-haspopup="dialog"
    >
      Ret antal
    </Button>
  );
}
