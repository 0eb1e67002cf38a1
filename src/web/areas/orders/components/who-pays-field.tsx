import { Checkbox, Group, Radio, Stack } from '@mantine/core';
import type { TWhoPays } from '@/domain/orders/order-enums';
import type { TOrder } from '@/domain/orders/order.schemas';
import { payerOptions } from '@/domain/orders/who-pays';

interface WhoPaysFieldProps {
  order: TOrder;
  onChoose: (payer: TWhoPays) => void;
  /** Shows the 'Tilbuds debitor' box (the customer step). */
  onOfferDebitorChange?: (checked: boolean) => void;
  /** The payer is fixed (a mandatory debtor rule): the other choices are disabled. */
  lockedTo?: TWhoPays | null;
}

/** 'Hvem betaler': Leasing only for a leased car, Kontant betaling, Forsikring, Debitor. */
export function WhoPaysField({ order, onChoose, onOfferDebitorChange, lockedTo = null }: WhoPaysFieldProps) {
  const options = payerOptions(order.car);
  const value = order.additionalData.whoIsPaying;
  return (
    <Stack gap="xs">
      <Radio.Group label="Hvem betaler" value={value} onChange={(next) => onChoose(next as TWhoPays)}>
        <Group gap="md" mt={6} wrap="wrap">
          {options.map((option) => (
            <Radio key={option.value} value={option.value} label={option.label} disabled={lockedTo !== null && option.value !== lockedTo} />
          ))}
        </Group>
      </Radio.Group>
      {onOfferDebitorChange ? (
        <Checkbox
          label="Tilbuds debitor"
          description="Kontant betaling går til forsikringsselskabets kontantkonto"
          checked={order.additionalData.offerDebitor}
          disabled={lockedTo !== null}
          onChange={(event) => onOfferDebitorChange(event.currentTarget.checked)}
        />
      ) : null}
    </Stack>
  );
}
