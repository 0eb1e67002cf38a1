import { Button, Tooltip } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { isSetGuid } from '@/domain/lib/guid';
import { mayEmailCustomer, missingFieldsHint } from '@/domain/orders/order-customer';
import { customerStepErrors } from '@/domain/orders/order-validation';
import type { TOrder } from '@/domain/orders/order.schemas';
import { notify } from '../../../lib/notify';
import { ORDER_FIELD_LABELS, useSendReceiptEmail } from '../api';
import { FlowPage } from '../components/flow-page';
import { PaymentFields } from '../components/payment-fields';
import { useOrderFlow } from '../flow/order-flow-store';
import { useServerRefusal } from '../flow/server-errors';

/** The states of the receipt e-mail button (document 1 section 2, Customer). */
export function receiptEmailState(order: TOrder, sent: boolean): { label: string; enabled: boolean; hint: string | null } {
  if (!mayEmailCustomer(order.customer)) return { label: 'EMAIL ikke tilladt', enabled: false, hint: null };
  if (sent) return { label: 'Kvitteringsmail afstendt', enabled: false, hint: null };
  if (!isSetGuid(order.additionalData.orderId)) {
    return { label: 'Send kvitteringsmail', enabled: false, hint: 'Kvitteringsmailen kan sendes, når ordren er oprettet' };
  }
  return { label: 'Send kvitteringsmail', enabled: true, hint: null };
}

function ReceiptEmailButton({ order }: { order: TOrder }) {
  const send = useSendReceiptEmail();
  const [sentFor, setSentFor] = useState<string | null>(null);
  const state = receiptEmailState(order, sentFor === order.additionalData.orderId);
  const button = (
    <Button
      variant="light"
      leftSection={<IconMail size={16} />}
      disabled={!state.enabled}
      loading={send.isPending}
      onClick={() =>
        send.mutate(order, {
          onSuccess: () => {
            setSentFor(order.additionalData.orderId);
            notify.success('Email sent successfully');
          },
        })
      }
    >
      {state.label}
    </Button>
  );
  return state.hint ? (
    <Tooltip label={state.hint}>
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
}

/** 'Kontaktinformation': who pays, the debitor and the customer (document 1 sections 2, 4 and 5). */
export function CustomerScreen() {
  const { order } = useOrderFlow();
  const refused = useServerRefusal(order);
  // Names what is missing ('Udfyld Kundens adresse og Kundens e-mail.') rather than a general 'fill in the fields'.
  const continueHint = missingFieldsHint(customerStepErrors(order), ORDER_FIELD_LABELS);
  return (
    <FlowPage step="CUSTOMER" title="Kontaktinformation" actions={<ReceiptEmailButton order={order} />} continueHint={continueHint}>
      <PaymentFields serverErrors={refused} />
    </FlowPage>
  );
}
