import { Alert, Button, Group, List, Modal, NumberInput, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { Select } from '../../../components/select';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { differenceFromCount } from '@/domain/transfers/stock-correction';
import { ZStockCorrection } from '@/domain/transfers/transfer.schemas';
import { isApiError } from '../../../lib/api-client';
import { useIsPhone } from '../../../lib/use-is-phone';
import { TRANSFER_FIELD_LABELS, useBinStock, useCorrectStock } from '../api';
import { binOptions, formatQuantity, type TransferPlace } from '../transfer-view';
import { Fact } from './transfer-parts';

export const CORRECT_TITLE = 'Ret antal';
/** The most one correction may move either way (the call's limit). */
const MAX_CORRECTION = 10_000;

/** What is corrected: an item at a place, with the amount the app holds there. */
export interface StockTarget {
  itemNo: string;
  name: string;
  place: TransferPlace;
  /** The amount the app holds of the item at the place (all its bins). */
  current: number;
}

interface CorrectStockDialogProps {
  /** The item to correct; null keeps the dialog closed. */
  target: StockTarget | null;
  onClose: () => void;
}

/**
 * 'Ret antal': the user chooses the bin (Placeringskode, each with the amount the app holds of the item on it) and
 * writes what they counted on that shelf (the difference to the bin's amount is what is sent) or the difference
 * itself. A refusal shows the server's message here.
 */
export function CorrectStockDialog({ target, onClose }: CorrectStockDialogProps) {
  const isPhone = useIsPhone();
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={CORRECT_TITLE}
      size="md"
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': 'Luk dialogen' }}
    >
      {target ? <CorrectForm key={`${target.place.code}/${target.itemNo}`} target={target} onClose={onClose} /> : null}
    </Modal>
  );
}

type Mode = 'count' | 'difference';

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/** The lines of a refusal: each field's Danish message under its Danish name, or the message itself. */
export function refusalLines(error: unknown): string[] {
  if (!isApiError(error)) return ['Der skete en fejl. Prøv igen.'];
  const fields = Object.entries(error.errors ?? {}).flatMap(([field, messages]) =>
    messages.map((m) => `${TRANSFER_FIELD_LABELS[field] ?? field}: ${m}`),
  );
  return fields.length > 0 ? fields : [error.message];
}

function CorrectForm({ target, onClose }: { target: StockTarget; onClose: () => void }) {
  const { place } = target;
  const [mode, setMode] = useState<Mode>('count');
  const [value, setValue] = useState<number | ''>('');
  const [bin, setBin] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string[] | null>(null);
  const bins = useBinStock(place, target.itemNo);
  const correct = useCorrectStock();

  // What the app holds on the chosen bin: the count is the shelf's.
  const current = bins.data?.find((b) => b.Code === bin)?.Amount ?? null;
  const difference = value === '' || current === null ? null : mode === 'count' ? differenceFromCount(current, value) : value;
  const after = difference === null || current === null ? null : current + difference;
  const belowZero = after !== null && after < 0;
  const body = difference === null || !bin ? null : { location: place.code, bin, item_No: target.itemNo, quantity: difference };
  const ready = body !== null && !belowZero && ZStockCorrection.safeParse(body).success;
  const placeName = place.name && place.name !== place.code ? `${place.name} (${place.code})` : place.code;

  const inputError =
    value === ''
      ? undefined
      : belowZero
        ? `Der er kun ${formatQuantity(current ?? 0, 'STK')} på ${bin}: antallet kan ikke blive negativt`
        : Math.abs(difference ?? 0) > MAX_CORRECTION
          ? `En rettelse kan højst være ${MAX_CORRECTION} stk.`
          : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || correct.isPending) return;
    setRefusal(null);
    correct.mutate(ZStockCorrection.parse(body), {
      onSuccess: onClose,
      onError: (error) => setRefusal(refusalLines(error)),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
          <Fact label="Vare" wide>
            {target.itemNo}
            {target.name ? ` – ${target.name}` : ''}
          </Fact>
          <Fact label="Lokation">{placeName}</Fact>
          <Fact label="Antal på lager">{formatQuantity(target.current, 'STK')}</Fact>
        </SimpleGrid>
        <Select
          label="Placeringskode"
          placeholder={bins.isPending ? 'Henter placeringer …' : 'Vælg placering'}
          description="Den hylde, du har talt"
          data={binOptions(bins.data ?? [], 'STK')}
          value={bin}
          onChange={setBin}
          searchable
          required
          nothingFoundMessage="Ingen placeringer"
          error={bins.isError ? 'Placeringerne kunne ikke hentes' : undefined}
          maxDropdownHeight={240}
          comboboxProps={{ withinPortal: true }}
        />
        <Radio.Group
          label="Indtast"
          value={mode}
          onChange={(next) => {
            setMode(next === 'difference' ? 'difference' : 'count');
            setValue('');
          }}
        >
          <Group gap="lg" mt={6}>
            <Radio value="count" label="Optalt antal" />
            <Radio value="difference" label="Difference" />
          </Group>
        </Radio.Group>
        <NumberInput
          // A new key per mode: the field starts empty, with its own label and limits.
          key={mode}
          label={mode === 'count' ? 'Optalt antal' : 'Difference'}
          description={
            mode === 'count'
              ? current === null
                ? 'Vælg først placeringen'
                : `Det, du har talt på ${bin}; forskellen til de ${formatQuantity(current, 'STK')} bliver rettelsen`
              : 'Plus når der er flere end registreret, minus når der er færre'
          }
          value={value}
          onChange={(next) => setValue(typeof next === 'number' ? next : '')}
          min={mode === 'count' ? 0 : -MAX_CORRECTION}
          max={mode === 'count' ? (current ?? 0) + MAX_CORRECTION : MAX_CORRECTION}
          disabled={current === null}
          allowDecimal={false}
          allowNegative={mode === 'difference'}
          inputMode={mode === 'count' ? 'numeric' : 'text'}
          required
          error={inputError}
          data-autofocus
        />
        <Text size="sm" aria-live="polite" c={difference === 0 ? 'dimmed' : undefined}>
          {difference === null
            ? ''
            : difference === 0
              ? 'Antallet er uændret: der er intet at rette.'
              : belowZero
                ? ''
                : `Rettelse: ${signed(difference)} stk. på ${bin} · nyt antal på placeringen ${formatQuantity(after ?? 0, 'STK')}`}
        </Text>
        {refusal ? (
          <Alert color="red" title="Antallet blev ikke rettet" role="alert">
            {refusal.length === 1 ? (
              refusal[0]
            ) : (
              <List size="sm">
                {refusal.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List>
            )}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Annuller
          </Button>
          <Button type="submit" disabled={!ready} loading={correct.isPending}>
            Gem rettelse
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
