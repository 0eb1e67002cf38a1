import { Badge, Card, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDate } from '@/domain/lib/dates';
import type { TOldPrice } from '@/domain/old-prices/old-price.schemas';
import { OLD_PRICE_SEARCH_LIMIT } from '@/domain/old-prices/old-price.schemas';
import { PageHeader } from '../../../components/page-header';
import { PriceInclExcl } from '../../../components/price-incl-excl';
import { QueryState } from '../../../components/query-state';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useOldPrices } from '../api';

function period(price: TOldPrice): string {
  return price.validFrom ? `${formatDate(price.validFrom)} – ${formatDate(price.validTo)}` : `til ${formatDate(price.validTo)}`;
}


/** 'Gl. Prisliste': earlier list prices by product number, name or EuroCode (document 3, OLD_PRODUCTS). */
export function OldPricesScreen() {
  const isPhone = useIsPhone();
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term, 300);
  const query = useOldPrices(debounced);
  const prices = query.data?.prices ?? [];
  const searching = debounced.trim().length >= 2;

  const caption = searching
    ? query.data?.more
      ? `De første ${OLD_PRICE_SEARCH_LIMIT} priser, der matcher – skriv mere for at indsnævre`
      : `${prices.length} ${prices.length === 1 ? 'pris' : 'priser'} matcher`
    : 'Senest udløbne priser – søg for at finde en bestemt vare';

  return (
    <>
      <PageHeader title="Gl. Prisliste" description="Listepriser, der ikke længere gælder. Priserne er listepriser uden aftaler og rabatter." />
      <Stack gap="md">
        <TextInput
          label="Søg"
          placeholder="Varenummer, navn eller EuroCode"
          leftSection={<IconSearch size={16} />}
          value={term}
          onChange={(event) => setTerm(event.currentTarget.value)}
          maw={isPhone ? undefined : 420}
          autoFocus={!isPhone}
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {query.isPending ? '' : caption}
        </Text>
        <QueryState
          query={query}
          loadingLabel="Indlæser den gamle prisliste"
          errorTitle="Den gamle prisliste kunne ikke hentes"
          isEmpty={prices.length === 0}
          emptyText="Ingen gamle priser matcher søgningen."
        >
          {isPhone ? (
            <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Gamle priser">
              {prices.map((price) => (
                <Card key={price.id} component="li" withBorder padding="sm" radius="md" aria-label={`${price.productNo} ${price.name}`}>
                  <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600}>
                        {price.productNo}
                      </Text>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {price.name}
                      </Text>
                    </Stack>
                    <PriceInclExcl exclKroner={price.listPrice} />
                  </Group>
                  <Group justify="space-between" mt={6} gap="xs">
                    {price.euroCode ? (
                      <Badge variant="light" color="gray" radius="sm" tt="none">
                        EuroCode {price.euroCode}
                      </Badge>
                    ) : (
                      <span />
                    )}
                    <Text size="xs" c="dimmed">
                      Gyldig {period(price)}
                    </Text>
                  </Group>
                </Card>
              ))}
            </Stack>
          ) : (
            <Paper withBorder radius="md">
              <Table.ScrollContainer minWidth={860}>
                <Table striped highlightOnHover verticalSpacing="xs" aria-label="Gamle priser">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={120}>Varenummer</Table.Th>
                      <Table.Th>Navn</Table.Th>
                      <Table.Th w={150}>EuroCode</Table.Th>
                      <Table.Th w={170} ta="right">
                        Gl. listepris
                      </Table.Th>
                      <Table.Th w={200}>Gyldig</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {prices.map((price) => (
                      <Table.Tr key={price.id}>
                        <Table.Td>
                          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                            {price.productNo}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{price.name}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" ff="monospace">
                            {price.euroCode || '–'}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right">
                          <PriceInclExcl exclKroner={price.listPrice} />
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                            {period(price)}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          )}
        </QueryState>
      </Stack>
    </>
  );
}
