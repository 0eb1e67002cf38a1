import { Alert, Button, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { mayEmailCustomer } from '@/domain/orders/order-customer';
import type { TOrder } from '@/domain/orders/order.schemas';
import { notify } from '../../../lib/notify';
import { useFitters, useSendWorksheetEmail } from '../api';

interface EmailDialogProps {
  opened: boolean;
  order: TOrder;
  onClose: () => void;
}

type Kind = 'RECEIPT' | 'NOTIFICATION';

/**
 * 'Send e-mail': the receipt e-mail (POST /api/email/sendreceipt) or a notification e-mail with a
 * comment (POST /api/email/sendnotification). The server writes the text and sends it to the order's
 * own customer, who must allow e-mail.
 */
export function EmailDialog({ opened, order, onClose }: EmailDialogProps) {
  // The notification e-mail names the order's fitter.
  const fitters = useFitters();
  const workerName = fitters.data?.find((u) => u.id === order.additionalData.worker)?.name ?? '';
  const [kind, setKind] = useState<Kind>('RECEIPT');
  const [comment, setComment] = useState('');
  const send = useSendWorksheetEmail();
  const allowed = mayEmailCustomer(order.customer);
  const submit = () =>
    send.mutate(
      { order, kind, comment: comment.trim(), workerName },
      {
        onSuccess: () => {
          notify.success('Email sent successfully');
          setComment('');
          onClose();
        },
      },
    );
  return (
    <Modal opened={opened} onClose={onClose} title="Send e-mail" closeButtonProps={{ 'aria-label': 'Luk dialogen' }} size="md">
      <Stack gap="md">
        {!allowed ? <Alert color="yellow">EMAIL ikke tilladt</Alert> : null}
        <Radio.Group label="E-mail" value={kind} onChange={(value) => setKind(value as Kind)}>
          <Stack gap={6} mt={6}>
            <Radio value="RECEIPT" label="Kvitteringsmail" />
            <Radio value="NOTIFICATION" label="Besked til kunden" />
          </Stack>
        </Radio.Group>
        <Textarea
          label="Kommentar"
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          autosize
          minRows={3}
          maxLength={4000}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Annuller
          </Button>
          <Button onClick={submit} disabled={!allowed} loading={send.isPending}>
            Send e-mail
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
