import { Box, Card, Group, Paper, SimpleGrid, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { TOldProduct } from '@/domain/old-prices/old-price.schemas';
import { describeCar, EMPTY, formatMoney } from '../format';

interface ListProps {
  products: TOldProduct[];
  onOpen: (product: TOldProduct) => void;
}

const LABEL = 'Gamle priser';
const detailsLabel = (product: TOldProduct) => `Vis alle detaljer for ${product.productNumber}`;

/** The results on a wide screen: one row per product; the product number (or a click on the row) opens the popup. */
export function OldProductTable({ products, onOpen }: ListProps) {
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={1000}>
        <Table striped highlightOnHover verticalSpacing="xs" aria-label={LABEL}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={110}>Varenummer</Table.Th>
              <Table.Th>Mærke</Table.Th>
              <Table.Th>Model</Table.Th>
              <Table.Th w={100}>Årgang</Table.Th>
              <Table.Th w={130}>EuroCode</Table.Th>
              <Table.Th w={150}>OEM nr.</Table.Th>
              <Table.Th w={110} ta="right">
                Pris klar
              </Table.Th>
              <Table.Th w={110} ta="right">
                Pris 1F
              </Table.Th>
              <Table.Th w={110} ta="right">
                Pris 2F
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {products.map((product) => (
              <Table.Tr key={product.id} onClick={() => onOpen(product)} style={{ cursor: 'pointer' }}>
                <Table.Td>
                  <UnstyledButton
                    onClick={(event) => {
                      event.stopPropagation();
                      onOpen(product);
                    }}
                    aria-label={detailsLabel(product)}
                    fz="sm"
                    fw={600}
                    c="blue.8"
                    td="underline"
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {product.productNumber}
                  </UnstyledButton>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{product.brand || EMPTY}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{product.model || EMPTY}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {product.year || EMPTY}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {product.eurocode || EMPTY}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {product.oemNr || EMPTY}
                  </Text>
                </Table.Td>
                {([product.priceReady, product.price1F, product.price2F] as const).map((price, index) => (
                  <Table.Td key={index} ta="right">
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(price)}
                    </Text>
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function Price({ label, kroner }: { label: string; kroner: number | null }) {
  return (
    <Box>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(kroner)}
      </Text>
    </Box>
  );
}

/** The results on a phone: a card per product, the whole card a button that opens the popup. */
export function OldProductCards({ products, onOpen }: ListProps) {
  return (
    <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={LABEL}>
      {products.map((product) => (
        <Card key={product.id} component="li" withBorder padding={0} radius="md">
          <UnstyledButton onClick={() => onOpen(product)} p="sm" w="100%">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Text size="sm" fw={700}>
                {product.productNumber}
              </Text>
              {product.eurocode ? (
                <Text size="xs" ff="monospace" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {product.eurocode}
                </Text>
              ) : null}
            </Group>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {describeCar(product) || EMPTY}
            </Text>
            <SimpleGrid cols={3} spacing="xs" mt={6}>
              <Price label="Pris klar" kroner={product.priceReady} />
              <Price label="Pris 1F" kroner={product.price1F} />
              <Price label="Pris 2F" kroner={product.price2F} />
            </SimpleGrid>
          </UnstyledButton>
        </Card>
      ))}
    </Stack>
  );
}
