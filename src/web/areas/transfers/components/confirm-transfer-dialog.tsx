import { Alert, Button, Group, Modal, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { Select } from '../../../components/select';
import { IconArrowRight } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { openQuantity, type TTransferLine } from '@/domain/transfers/transfer.schemas';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useBinStock, useConfirmTransfer } from '../api';
import { binHoldingMost, binOptions, formatQuantity, lineKey, lineName, sideLabel, type TransferPlace } from '../transfer-view';
import { Fact } from './transfer-parts';

export const CONFIRM_TITLE = 'Bekræft modtagelse/afsendelse';

interface ConfirmTransferDialogProps {
  /** The line to handle; null keeps the dialog closed. */
  line: TTransferLine | null;
  /** Where the user handles it: the line's source ships, its destination receives. */
  place: TransferPlace;
  onClose: () => void;
  /** The name of a location code, when known ('Nørresundby lager'). */
  nameOf?: (code: string) => string | undefined;
}

/**
 * 'Bekræft modtagelse/afsendelse': the quantity sent or received and the bin (Placeringskode) it comes from or goes
 * into. Each bin is offered with the amount of the line's item on it, and the dialog starts on the bin holding the
 * most of it (issue 39): a shipment from there, a receipt beside the same glass.
 */
export function ConfirmTransferDialog({ line, place, onClose, nameOf }: ConfirmTransferDialogProps) {
  return (
    <Modal opened={line !== null} onClose={onClose} title={CONFIRM_TITLE} size="md" closeButtonProps={{ 'aria-label': 'Luk dialogen' }}>
      {line ? <ConfirmForm key={lineKey(line)} line={line} place={place} onClose={onClose} nameOf={nameOf} /> : null}
    </Modal>
  );
}

function ConfirmForm({
  line,
  place,
  onClose,
  nameOf,
}: Required<Pick<ConfirmTransferDialogProps, 'place' | 'onClose'>> & {
  line: TTransferLine;
  nameOf?: ConfirmTransferDialogProps['nameOf'];
}) {
  const open = openQuantity(line);
  const [quantity, setQuantity] = useState<number | ''>(open);
  // Undefined until the user chooses: the dialog then starts on the bin that holds the item.
  const [chosenBin, setBin] = useState<string | null | undefined>(undefined);
  const [refusal, setRefusal] = useState<string | null>(null);
  const bins = useBinStock(place, line.item_No);
  const bin = chosenBin === undefined ? binHoldingMost(bins.data ?? []) : chosenBin;
  const confirm = useConfirmTransfer();
  const receipt = line.is_Receipt;
  const verb = receipt ? 'modtage' : 'afsende';
  const amount = quantity === '' ? null : quantity;
  const tooMany = amount !== null && amount > open;
  const where = (code: string) => {
    const name = nameOf?.(code);
    return name && name !== code ? `${name} (${code})` : code;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!bin || amount === null || tooMany || confirm.isPending) return;
    // Quantity 0 does nothing (document 2 section 5).
    if (amount === 0) {
      onClose();
      return;
    }
    setRefusal(null);
    confirm.mutate(
      { line, quantity: amount, bin, place },
      {
        onSuccess: () => {
          notify.success(
            `${lineName(line)}: ${formatQuantity(amount, line.measure_Unit)} ${line.item_No} ${receipt ? `modtaget på ${bin}` : `afsendt fra ${bin}`}`,
          );
          onClose();
        },
        onError: (error) => setRefusal(isApiError(error) ? error.message : 'Der skete en fejl. Prøv igen.'),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fw={600}>
          {sideLabel(line)} {lineName(line)}
        </Text>
        <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
          <Fact label="Vare" wide>
            {line.item_No}
            {line.description ? ` – ${line.description}` : ''}
          </Fact>
          <Fact label="Fra og til" wide>
            <Group component="span" gap={4} wrap="wrap">
              <span>{where(line.transfer_from_Code)}</span>
              <IconArrowRight size={14} aria-label="til" role="img" />
              <span>{where(line.transfer_To_Code)}</span>
            </Group>
          </Fact>
          <Fact label="Antal i overflytningen">{formatQuantity(line.qty_in_Transit, line.measure_Unit)}</Fact>
          <Fact label={receipt ? 'Afsendt / modtaget' : 'Afsendt'}>
            {receipt ? `${line.qty_Shipped} / ${line.qty_Received}` : line.qty_Shipped}
          </Fact>
        </SimpleGrid>
        <NumberInput
          label={`Antal at ${verb}`}
          description={`Højst ${formatQuantity(open, line.measure_Unit)}`}
          value={quantity}
          onChange={(value) => setQuantity(typeof value === 'number' ? value : value === '' ? '' : Number(value) || 0)}
          min={0}
          max={open}
          allowDecimal={false}
          allowNegative={false}
          error={
            tooMany ? `Der kan højst ${verb}s ${formatQuantity(open, line.measure_Unit)}` : amount === null ? 'Skriv et antal' : undefined
          }
          data-autofocus
        />
        {amount === 0 ? (
          <Text size="sm" c="dimmed">
            Antal 0 registrerer ingenting.
          </Text>
        ) : null}
        <Select
          label="Placeringskode"
          placeholder={bins.isPending ? 'Henter placeringer …' : 'Vælg placering'}
          description={receipt ? 'Hvor varen lægges på lager' : 'Hvor varen tages fra'}
          data={binOptions(bins.data ?? [], line.measure_Unit)}
          value={bin}
          onChange={setBin}
          searchable
          nothingFoundMessage="Ingen placeringer"
          error={bins.isError ? 'Placeringerne kunne ikke hentes' : undefined}
          maxDropdownHeight={240}
          comboboxProps={{ withinPortal: true }}
        />
        {refusal ? (
          <Alert color="red" title="Ikke registreret" role="alert">
            {refusal}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Annuller
          </Button>
          <Button type="submit" disabled={!bin || amount === null || tooMany} loading={confirm.isPending}>
            Bekræft
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
