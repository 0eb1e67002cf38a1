import { Box, Button, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { oldPriceLabel, type TOldPriceFieldKey } from '@/domain/old-prices/old-price-fields';
import type { TOldProduct } from '@/domain/old-prices/old-price.schemas';
import { useIsPhone } from '../../../lib/use-is-phone';
import { describeCar, formatField, formatMoneyInclVat } from '../format';

/** The popup's sections: every field of the legacy sheet, each once. */
export const DETAIL_SECTIONS: ReadonlyArray<{ title: string; keys: readonly TOldPriceFieldKey[]; wide?: boolean }> = [
  { title: 'Vare og bil', keys: ['productNumber', 'brand', 'model', 'year', 'measurement', 'time'] },
  { title: 'Numre', keys: ['eurocode', 'oemNr', 'autoverNr', 'agcNr', 'dbNr'] },
  { title: 'Priser', keys: ['priceReady', 'price1F', 'price2F'] },
  { title: 'Rude', keys: ['windowReady', 'window1F', 'window2F'] },
  {
    title: 'Dele og arbejde',
    keys: ['clips', 'lists', 'st1St5St6', 'st8', 'rubberList', 'glueList', 'coverStrip', 'sensor', 'glue', 'mounting', 'enviroment'],
  },
  { title: 'Kalibrering', keys: ['pK1', 'pK2', 'pK3', 'pK4', 'calibration'] },
  { title: 'Kommentarer', keys: ['comment', 'internalComment'], wide: true },
];

const PRICES: ReadonlySet<TOldPriceFieldKey> = new Set(['priceReady', 'price1F', 'price2F']);

function Field({ product, field }: { product: TOldProduct; field: TOldPriceFieldKey }) {
  const value = product[field];
  return (
    <Box>
      <Text component="dt" size="xs" c="dimmed" fw={500}>
        {oldPriceLabel(field)}
      </Text>
      <Text
        component="dd"
        m={0}
        size="sm"
        fw={PRICES.has(field) ? 600 : undefined}
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {formatField(product, field)}
        {PRICES.has(field) && typeof value === 'number' ? (
          <Text component="span" display="block" size="xs" c="dimmed" fw={400}>
            inkl. moms {formatMoneyInclVat(value)}
          </Text>
        ) : null}
      </Text>
    </Box>
  );
}

/** 'A popup with extra details of a row' (document 3): every field of the sheet with its Danish label. */
export function OldProductDetails({ product, onClose }: { product: TOldProduct | null; onClose: () => void }) {
  const isPhone = useIsPhone();
  return (
    <Modal
      opened={product !== null}
      onClose={onClose}
      title={product ? `${product.productNumber} – ${describeCar(product) || 'Gl. Prisliste'}` : ''}
      size="xl"
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': 'Luk detaljerne' }}
    >
      {product ? (
        <Stack gap="lg">
          <Text size="sm" c="dimmed">
            Beløb er ekskl. moms, som i den gamle prisliste. – betyder, at feltet er tomt.
          </Text>
          {DETAIL_SECTIONS.map((section) => (
            <Stack key={section.title} gap="xs" component="section" aria-label={section.title}>
              <Title order={3} size="h5">
                {section.title}
              </Title>
              <SimpleGrid
                component="dl"
                m={0}
                cols={section.wide ? { base: 1, sm: 2 } : { base: 2, sm: 3, md: 4 }}
                spacing="md"
                verticalSpacing="sm"
              >
                {section.keys.map((key) => (
                  <Field key={key} product={product} field={key} />
                ))}
              </SimpleGrid>
            </Stack>
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Luk
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
