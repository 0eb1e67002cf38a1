import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { Select } from '../../../components/select';
import { useDebouncedValue } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useMemo, useState } from 'react';
import type { TProduct } from '@/domain/catalogue/catalogue.schemas';
import { TRANSFER_MESSAGES, ZNewTransfer, type TNewTransferLine, type TTransferLine } from '@/domain/transfers/transfer.schemas';
import { isApiError } from '../../../lib/api-client';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useCreateTransfer, useTransferProductSearch, type TStockLocation } from '../api';
import { locationOptions } from '../transfer-view';
import { ProductCells, ProductSearchInput, productSearchState } from './transfer-parts';

export const CREATE_TITLE = 'Opret overflytning';
/** The dialog's product list shows at most this many rows per group (document 2 section 2). */
export const ROWS_PER_GROUP = 10;
/** The search is asked for this long after the last keystroke (as the product search, document 1 section 9). */
export const SEARCH_DELAY_MS = 500;
const MAX_QUANTITY = 10_000;

interface Chosen {
  product: TProduct;
  quantity: number | '';
}

interface CreateTransferDialogProps {
  opened: boolean;
  onClose: () => void;
  locations: TStockLocation[];
  /** The location the list shows: the first guess for 'Fra lokation'. */
  defaultFrom: string;
  /** The new order's lines, after the spec's success toast. */
  onCreated: (lines: TTransferLine[]) => void;
}

const stockAt = (product: TProduct, code: string | null) => (code ? (product.status.find((s) => s.code === code)?.amount ?? 0) : null);

/** 'Opret overflytning': From and To, product search, selectable rows with a quantity each, Annuller / Opret. */
export function CreateTransferDialog({ opened, onClose, locations, defaultFrom, onCreated }: CreateTransferDialogProps) {
  const isPhone = useIsPhone();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={CREATE_TITLE}
      size="xl"
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': 'Luk dialogen' }}
    >
      {opened ? <CreateForm onClose={onClose} locations={locations} defaultFrom={defaultFrom} onCreated={onCreated} /> : null}
    </Modal>
  );
}

function CreateForm({ onClose, locations, defaultFrom, onCreated }: Omit<CreateTransferDialogProps, 'opened'>) {
  const isPhone = useIsPhone();
  const known = (code: string) => locations.some((l) => l.code === code);
  const [from, setFrom] = useState<string | null>(known(defaultFrom) ? defaultFrom : null);
  const [to, setTo] = useState<string | null>(null);
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), SEARCH_DELAY_MS);
  const search = useTransferProductSearch(debounced);
  const [chosen, setChosen] = useState<Map<string, Chosen>>(new Map());
  const [refusal, setRefusal] = useState<string | null>(null);
  const create = useCreateTransfer();
  const options = useMemo(() => locationOptions(locations), [locations]);

  const toggle = (product: TProduct, on: boolean) =>
    setChosen((before) => {
      const next = new Map(before);
      if (on) next.set(product.no, { product, quantity: before.get(product.no)?.quantity ?? 1 });
      else next.delete(product.no);
      return next;
    });
  const setQuantity = (product: TProduct, quantity: number | '') =>
    setChosen((before) => new Map(before).set(product.no, { product, quantity }));

  const samePlace = from !== null && from === to;
  const lines: TNewTransferLine[] =
    from && to
      ? [...chosen.values()].map(({ product, quantity }) => ({
          transfer_from_Code: from,
          transfer_To_Code: to,
          item_No: product.no,
          description: product.name,
          measure_Unit: 'STK',
          qty_in_Transit: quantity === '' ? 0 : quantity,
        }))
      : [];
  const badQuantity = [...chosen.values()].some((c) => c.quantity === '' || c.quantity < 1 || c.quantity > MAX_QUANTITY);
  const missing = [!from && 'Fra lokation', !to && 'Til lokation', chosen.size === 0 && 'mindst én vare'].filter(Boolean) as string[];
  const ready = missing.length === 0 && !samePlace && !badQuantity && ZNewTransfer.safeParse(lines).success;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || create.isPending) return;
    setRefusal(null);
    create.mutate(ZNewTransfer.parse(lines), {
      onSuccess: (created) => {
        onCreated(created);
        onClose();
      },
      onError: (error) => setRefusal(isApiError(error) ? error.message : 'Der skete en fejl. Prøv igen.'),
    });
  };

  const groups = (search.data ?? []).filter((group) => group.items.length > 0);
  const results = productSearchState(debounced, search, groups.length === 0, 'Produktsøgningen kunne ikke hentes') ?? (
    <Stack gap="md">
      {groups.map((group) => (
        <Box key={group.id} component="section" aria-label={group.name}>
          <Group justify="space-between" gap="xs" mb={4}>
            <Title order={3} size="h5">
              {group.name}
            </Title>
            {group.items.length > ROWS_PER_GROUP ? (
              <Text size="xs" c="dimmed">
                Viser {ROWS_PER_GROUP} af {group.items.length} – søg mere præcist for at se resten
              </Text>
            ) : null}
          </Group>
          <ProductRows
            products={group.items.slice(0, ROWS_PER_GROUP)}
            from={from}
            chosen={chosen}
            onToggle={toggle}
            onQuantity={setQuantity}
            phone={isPhone}
          />
        </Box>
      ))}
    </Stack>
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label="Fra lokation"
            placeholder="Vælg lokation"
            data={options}
            value={from}
            onChange={setFrom}
            searchable
            nothingFoundMessage="Ingen lokationer"
            maxDropdownHeight={300}
            required
          />
          <Select
            label="Til lokation"
            placeholder="Vælg lokation"
            data={options}
            value={to}
            onChange={setTo}
            searchable
            nothingFoundMessage="Ingen lokationer"
            maxDropdownHeight={300}
            required
            error={samePlace ? TRANSFER_MESSAGES.samePlace : undefined}
          />
        </SimpleGrid>
        <ProductSearchInput label="Søg vare" value={term} onSearch={setTerm} />
        {/* The results scroll by themselves, so the places, the search, the chosen items and the buttons stay in view. */}
        {isPhone ? (
          <Box mih={120}>{results}</Box>
        ) : (
          <ScrollArea.Autosize mah="min(40vh, 400px)" offsetScrollbars type="auto">
            {results}
          </ScrollArea.Autosize>
        )}
        {chosen.size > 0 ? (
          <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="chosen-items-title">
            <Title order={3} size="h5" id="chosen-items-title" mb="xs">
              Valgte varer ({chosen.size})
            </Title>
            <Stack gap={6}>
              {[...chosen.values()].map(({ product, quantity }) => (
                <Group key={product.no} gap="xs" wrap="nowrap" justify="space-between">
                  <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    <Text span fw={600} size="sm">
                      {product.no}
                    </Text>{' '}
                    {product.name}
                  </Text>
                  <Group gap={6} wrap="nowrap">
                    <Badge variant="light" radius="sm" tt="none" style={{ flexShrink: 0 }}>
                      {quantity === '' ? '–' : quantity} stk.
                    </Badge>
                    <ActionIcon variant="subtle" color="red" onClick={() => toggle(product, false)} aria-label={`Fjern ${product.no}`}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Group>
              ))}
            </Stack>
          </Paper>
        ) : null}
        {refusal ? (
          <Alert color="red" title="Overflytningen blev ikke oprettet" role="alert">
            {refusal}
          </Alert>
        ) : null}
        {/* On a phone the buttons stay at the bottom of the screen while the results scroll past. */}
        <Group
          justify="space-between"
          gap="sm"
          wrap="wrap"
          py={isPhone ? 'sm' : undefined}
          style={
            isPhone
              ? {
                  position: 'sticky',
                  bottom: 0,
                  zIndex: 1,
                  background: 'var(--mantine-color-body)',
                  borderTop: '1px solid var(--mantine-color-gray-3)',
                }
              : undefined
          }
        >
          <Text size="sm" c="dimmed" aria-live="polite">
            {missing.length ? `Vælg ${missing.join(', ')}.` : badQuantity ? 'Hver valgt vare skal have et antal på mindst 1.' : ''}
          </Text>
          <Group gap="sm" ml="auto">
            <Button variant="default" onClick={onClose}>
              Annuller
            </Button>
            <Button type="submit" disabled={!ready} loading={create.isPending}>
              Opret
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

interface ProductRowsProps {
  products: TProduct[];
  from: string | null;
  chosen: Map<string, Chosen>;
  onToggle: (product: TProduct, on: boolean) => void;
  onQuantity: (product: TProduct, quantity: number | '') => void;
  phone: boolean;
}

function QuantityInput({
  product,
  value,
  onQuantity,
  disabled,
}: {
  product: TProduct;
  value: number | '';
  onQuantity: ProductRowsProps['onQuantity'];
  disabled: boolean;
}) {
  return (
    <NumberInput
      aria-label={`Antal af ${product.no}`}
      value={value}
      onChange={(next) => onQuantity(product, typeof next === 'number' ? next : next === '' ? '' : Number(next) || 0)}
      min={1}
      max={MAX_QUANTITY}
      allowDecimal={false}
      allowNegative={false}
      w={76}
      size="xs"
      disabled={disabled}
    />
  );
}

function StockText({ amount, wanted }: { amount: number | null; wanted: number | '' }) {
  if (amount === null) return <Text size="sm">–</Text>;
  const short = wanted !== '' && wanted > amount;
  return (
    <Text size="sm" c={amount === 0 || short ? 'red.8' : undefined} fw={short ? 600 : undefined}>
      {amount}
      {short ? ' (for få)' : ''}
    </Text>
  );
}

/** A group's products: a checkbox, the number, the name, the stock at Fra lokation and the quantity. */
function ProductRows({ products, from, chosen, onToggle, onQuantity, phone }: ProductRowsProps) {
  const stockLabel = from ? `Lager ${from}` : 'Lager';
  if (phone) {
    return (
      <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {products.map((product) => {
          const pick = chosen.get(product.no);
          return (
            <Paper
              key={product.no}
              component="li"
              withBorder
              radius="sm"
              p="xs"
              bg={pick ? 'var(--mantine-primary-color-light)' : undefined}
            >
              <Checkbox
                checked={Boolean(pick)}
                onChange={(event) => onToggle(product, event.currentTarget.checked)}
                label={
                  <Text size="sm" component="span" style={{ overflowWrap: 'anywhere' }}>
                    <Text span fw={600} size="sm">
                      {product.no}
                    </Text>{' '}
                    {product.name}
                  </Text>
                }
              />
              <Group justify="space-between" mt={6} pl={30} gap="xs" wrap="nowrap">
                <Group gap={4} wrap="nowrap">
                  <Text size="xs" c="dimmed">
                    {stockLabel}:
                  </Text>
                  <StockText amount={stockAt(product, from)} wanted={pick?.quantity ?? ''} />
                </Group>
                <QuantityInput product={product} value={pick?.quantity ?? 1} onQuantity={onQuantity} disabled={!pick} />
              </Group>
            </Paper>
          );
        })}
      </Stack>
    );
  }
  return (
    <Table verticalSpacing={4} highlightOnHover aria-label="Produkter">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={40}>
            <VisuallyHidden>Vælg</VisuallyHidden>
          </Table.Th>
          <Table.Th w={130}>Varenummer</Table.Th>
          <Table.Th>Navn</Table.Th>
          <Table.Th w={150} ta="right" style={{ whiteSpace: 'nowrap' }}>
            {stockLabel}
          </Table.Th>
          <Table.Th w={96}>Antal</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {products.map((product) => {
          const pick = chosen.get(product.no);
          return (
            <Table.Tr
              key={product.no}
              bg={pick ? 'var(--mantine-primary-color-light)' : undefined}
              onClick={(event) => {
                if (event.target instanceof Element && event.target.closest('input, button, label')) return;
                onToggle(product, !pick);
              }}
              style={{ cursor: 'pointer' }}
            >
              <Table.Td>
                <Checkbox
                  checked={Boolean(pick)}
                  onChange={(event) => onToggle(product, event.currentTarget.checked)}
                  aria-label={`Vælg ${product.no}`}
                />
              </Table.Td>
              <ProductCells no={product.no} name={product.name} />
              <Table.Td ta="right">
                <StockText amount={stockAt(product, from)} wanted={pick?.quantity ?? ''} />
              </Table.Td>
              <Table.Td>
                <QuantityInput product={product} value={pick?.quantity ?? 1} onQuantity={onQuantity} disabled={!pick} />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
