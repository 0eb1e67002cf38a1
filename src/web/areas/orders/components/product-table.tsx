import {
  ActionIcon,
  Box,
  Button,
  Card,
  Group,
  Image,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconBulb, IconHistory, IconSettings, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import type { TProduct } from '@/domain/catalogue/catalogue.schemas';
import { productImageUrl } from '@/domain/catalogue/product-image';
import { formatKroner } from '@/domain/lib/money';
import { debitorLinePrice, exclVatPriceToIncl } from '@/domain/orders/order-pricing';
import type { TOrder } from '@/domain/orders/order.schemas';
import type { TDebitorItemPrice } from '@/domain/parties/party.schemas';
import { PriceInclExcl } from '../../../components/price-incl-excl';
import { useIsPhone } from '../../../lib/use-is-phone';
import { StockDialog, stockTotal, SubItemsDialog, TipsDialog } from '../../catalogue';
import { fetchDebitorPrices } from '../../parties';

const kr = (kroner: number) => `${formatKroner(kroner)} kr.`;

export interface ProductTableProps {
  products: readonly TProduct[];
  order: TOrder;
  /** Adds (or, for a product already on the order, sets the amount of) a product. */
  onAdd: (product: TProduct, amount: number) => void;
  onRemove: (product: TProduct) => void;
  /** The gear dialog's 'Tilføj alle' (bulk add of the product and its sub-items). */
  onAddAll: (product: TProduct) => void;
  readOnly?: boolean;
  /** Accessible name of the list. */
  label?: string;
}

function tooltipText(product: TProduct): string {
  return [
    product.oEnumber ? `OE nummer: ${product.oEnumber}` : '',
    product.material ? `Materiale: ${product.material}` : '',
    product.euroCode ? `EuroCode: ${product.euroCode}` : '',
    product.description2,
    product.description3,
    product.description4,
  ]
    .filter(Boolean)
    .join('\n');
}

function ItemNumber({ product }: { product: TProduct }) {
  const text = tooltipText(product);
  const number = (
    <Text size="sm" fw={600} span style={{ whiteSpace: 'nowrap', cursor: text ? 'help' : undefined }} tabIndex={text ? 0 : undefined}>
      {product.no}
    </Text>
  );
  if (!text) return number;
  return (
    <Tooltip label={<span style={{ whiteSpace: 'pre-line' }}>{text}</span>} multiline w={280} withArrow>
      {number}
    </Tooltip>
  );
}

/** The product's picture: a drawing of its kind from the server (the catalogue has no photos). */
function ProductImage({ product }: { product: TProduct }) {
  return <Image src={productImageUrl(product.no)} alt="" w={36} h={36} radius="sm" loading="lazy" style={{ flex: 'none' }} />;
}

/** 'Kundepris': the debitor's price on request ('Hent pris' / 'Henter pris...'); a warning when no debitor is chosen. */
function CustomerPrice({ product, order }: { product: TProduct; order: TOrder }) {
  const [loading, setLoading] = useState(false);
  const [price, setPrice] = useState<{ debitorNo: string; price: TDebitorItemPrice | null } | null>(null);
  const debitorNo = order.debitor.no;
  const onOrder = order.items.find((i) => i.itemNo === product.itemNo);

  if (!debitorNo) {
    return (
      <Tooltip label="Ingen debitor valgt">
        <ThemeIcon variant="light" color="yellow" size="md" radius="xl" aria-label="Ingen debitor valgt" role="img">
          <IconAlertTriangle size={16} />
        </ThemeIcon>
      </Tooltip>
    );
  }
  const known = price?.debitorNo === debitorNo ? price.price : onOrder?.debitorPrice ? { ...onOrder.debitorPrice } : undefined;
  if (known) {
    // The same 'Rabat' the order lines show: the discount off the list price the line gets (debitorLinePrice).
    const line = debitorLinePrice(known);
    return (
      <Stack gap={0} align="flex-end">
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {kr(exclVatPriceToIncl(known.price))}
        </Text>
        {line.kind !== 'list' ? (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {line.kind === 'discount' ? `Rabat ${formatKroner(line.discountPercent)} %` : 'Nettopris'}
          </Text>
        ) : null}
      </Stack>
    );
  }
  if (price?.debitorNo === debitorNo && price.price === null) {
    return (
      <Text size="xs" c="dimmed">
        Ingen pris
      </Text>
    );
  }
  return (
    <Button
      size="compact-xs"
      variant="light"
      disabled={loading}
      onClick={() => {
        setLoading(true);
        fetchDebitorPrices(debitorNo, [product.itemNo])
          .then((prices) => setPrice({ debitorNo, price: prices.find((p) => p.itemNo === product.itemNo) ?? null }))
          .catch(() => setPrice({ debitorNo, price: null }))
          .finally(() => setLoading(false));
      }}
    >
      {loading ? 'Henter pris...' : 'Hent pris'}
    </Button>
  );
}

function Flags({ product }: { product: TProduct }) {
  return (
    <Group gap={4} wrap="nowrap">
      {product.twoPersonJob ? (
        <Tooltip label="To-mands job">
          <ThemeIcon variant="light" color="orange" size="md" radius="sm" aria-label="To-mands job" role="img">
            <IconUsers size={16} />
          </ThemeIcon>
        </Tooltip>
      ) : null}
      {product.previouslyPurchased ? (
        <Tooltip label="Tidligere købt">
          <ThemeIcon variant="light" color="grape" size="md" radius="sm" aria-label="Tidligere købt" role="img">
            <IconHistory size={16} />
          </ThemeIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}

/** The amount box with Tilføj (not on the order) or Fjern (on the order; the box then sets its amount). */
function AmountControl({ product, order, props }: { product: TProduct; order: TOrder; props: ProductTableProps }) {
  const line = order.items.find((i) => i.itemNo === product.itemNo);
  const [amount, setAmount] = useState<number>(1);
  const value = line ? line.amount : amount;
  return (
    <Group gap={6} wrap="nowrap">
      <NumberInput
        aria-label={`Antal af ${product.no}`}
        value={value}
        min={1}
        max={999}
        allowDecimal={false}
        allowNegative={false}
        w={64}
        size="xs"
        disabled={props.readOnly}
        onChange={(next) => {
          const n = typeof next === 'number' ? next : Number(next) || 0;
          if (line) {
            if (n > 0) props.onAdd(product, n);
          } else setAmount(n);
        }}
      />
      {line ? (
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={() => props.onRemove(product)}
          disabled={props.readOnly}
          aria-label={`Fjern ${product.no}`}
        >
          Fjern
        </Button>
      ) : (
        <Button
          size="xs"
          onClick={() => props.onAdd(product, amount > 0 ? amount : 1)}
          disabled={props.readOnly}
          aria-label={`Tilføj ${product.no}`}
        >
          Tilføj
        </Button>
      )}
    </Group>
  );
}

function StockButton({ product, onOpen }: { product: TProduct; onOpen: () => void }) {
  const total = stockTotal(product);
  return (
    <Button
      size="compact-sm"
      variant="default"
      onClick={onOpen}
      aria-label={`Lageroversigt for ${product.no}: ${total} stk.`}
      color={total > 0 ? undefined : 'red'}
    >
      {total} stk.
    </Button>
  );
}

function TipsButton({ product, onOpen }: { product: TProduct; onOpen: () => void }) {
  const hasTips = Boolean(product.tips && (product.tips.general || product.tips.calibrating || product.tips.mounting));
  return (
    <Tooltip label="Tips og Tricks">
      <ActionIcon
        variant={hasTips ? 'light' : 'subtle'}
        color={hasTips ? 'yellow' : 'gray'}
        onClick={onOpen}
        aria-label={`Tips og Tricks for ${product.no}`}
      >
        <IconBulb size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

function GearButton({ product, onOpen }: { product: TProduct; onOpen: () => void }) {
  return (
    <Tooltip label={`Produkter til ${product.name}`}>
      <ActionIcon variant="subtle" color="gray" onClick={onOpen} aria-label={`Produkter til ${product.name}`}>
        <IconSettings size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The product table (document 1 section 2, Products); on a phone every product is a card. */
export function ProductTable(props: ProductTableProps) {
  const { products, order, label = 'Produkter' } = props;
  const isPhone = useIsPhone();
  const [stockOf, setStockOf] = useState<TProduct | null>(null);
  const [tipsOf, setTipsOf] = useState<TProduct | null>(null);
  const [subsOf, setSubsOf] = useState<TProduct | null>(null);

  const dialogs = (
    <>
      <StockDialog product={stockOf} onClose={() => setStockOf(null)} />
      <TipsDialog product={tipsOf} onClose={() => setTipsOf(null)} />
      <SubItemsDialog product={subsOf} onClose={() => setSubsOf(null)} onAddAll={props.onAddAll} readOnly={props.readOnly} />
    </>
  );

  if (isPhone) {
    return (
      <>
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
          {products.map((product) => {
            const onOrder = order.items.some((i) => i.itemNo === product.itemNo);
            return (
              <Card
                key={product.itemNo}
                component="li"
                withBorder
                padding="sm"
                radius="md"
                aria-label={`${product.no} ${product.name}`}
                bg={onOrder ? 'blue.0' : undefined}
              >
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                  <Group gap="xs" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
                    <ProductImage product={product} />
                    <Box style={{ minWidth: 0 }}>
                      <ItemNumber product={product} />
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {product.name}
                      </Text>
                    </Box>
                  </Group>
                  <PriceInclExcl exclKroner={product.itemPrice} />
                </Group>
                <Group justify="space-between" mt="xs" gap="xs" wrap="wrap">
                  <Group gap={6} wrap="nowrap">
                    <StockButton product={product} onOpen={() => setStockOf(product)} />
                    <TipsButton product={product} onOpen={() => setTipsOf(product)} />
                    <GearButton product={product} onOpen={() => setSubsOf(product)} />
                    <Flags product={product} />
                  </Group>
                  <Group gap={6} wrap="nowrap">
                    <Text size="xs" c="dimmed">
                      Kundepris
                    </Text>
                    <CustomerPrice product={product} order={order} />
                  </Group>
                </Group>
                <Group justify="flex-end" mt="xs">
                  <AmountControl product={product} order={order} props={props} />
                </Group>
              </Card>
            );
          })}
        </Stack>
        {dialogs}
      </>
    );
  }

  return (
    <>
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={1000}>
          {/* Fixed column widths, so the tables of the product groups line up under each other. */}
          <Table striped highlightOnHover verticalSpacing="xs" aria-label={label} layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={56}>
                  <VisuallyHidden>Billede</VisuallyHidden>
                </Table.Th>
                <Table.Th w={104}>Varenummer</Table.Th>
                <Table.Th>Navn</Table.Th>
                <Table.Th w={84}>Lager</Table.Th>
                <Table.Th w={172} ta="right">
                  Listepris
                </Table.Th>
                <Table.Th w={116} ta="right">
                  Kundepris
                </Table.Th>
                <Table.Th w={112}>
                  <VisuallyHidden>Tips og markeringer</VisuallyHidden>
                </Table.Th>
                <Table.Th w={168}>Antal</Table.Th>
                <Table.Th w={52}>
                  <VisuallyHidden>Underprodukter</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {products.map((product) => {
                const onOrder = order.items.some((i) => i.itemNo === product.itemNo);
                return (
                  <Table.Tr key={product.itemNo} bg={onOrder ? 'blue.0' : undefined} aria-selected={onOrder}>
                    <Table.Td>
                      <ProductImage product={product} />
                    </Table.Td>
                    <Table.Td>
                      <ItemNumber product={product} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{product.name}</Text>
                      {product.description && product.description !== product.name ? (
                        <Text size="xs" c="dimmed" lineClamp={2}>
                          {product.description}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <StockButton product={product} onOpen={() => setStockOf(product)} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <PriceInclExcl exclKroner={product.itemPrice} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Group justify="flex-end">
                        <CustomerPrice product={product} order={order} />
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <TipsButton product={product} onOpen={() => setTipsOf(product)} />
                        <Flags product={product} />
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <AmountControl product={product} order={order} props={props} />
                    </Table.Td>
                    <Table.Td>
                      <GearButton product={product} onOpen={() => setSubsOf(product)} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {dialogs}
    </>
  );
}
