import { Alert, Button, Group, Modal, Radio, Stack, Text, Tooltip } from '@mantine/core';
import { useEffect, useState } from 'react';
import { SMS_FLAGS, SMS_KIND_LABELS, SMS_KINDS, SMS_MESSAGES, smsRefusal, smsText, type TSmsKind } from '@/domain/notifications/sms';
import type { TOrder } from '@/domain/orders/order.schemas';
import { notify } from '../../lib/notify';
import { useSession } from '../users';
import { useSendSms } from './api';

interface SmsDialogProps {
  order: TOrder;
  opened: boolean;
  onClose: () => void;
  /** Open with this kind chosen (the lists' 'Tilbud' reminder). */
  initialKind?: TSmsKind;
}

/**
 * 'Send SMS': one choice per SMS kind; a kind the order or the user may not send shows 'SMS ikke tilladt'
 * and cannot be chosen. The text shown is the one the server will write.
 */
export function SmsDialog({ order, opened, onClose, initialKind }: SmsDialogProps) {
  const { user } = useSession();
  const roles = user?.roles ?? [];
  const send = useSendSms();
  const refusals = Object.fromEntries(SMS_KINDS.map((kind) => [kind, smsRefusal(order, kind, roles)])) as Record<TSmsKind, string | null>;
  const firstAllowed = SMS_KINDS.find((kind) => refusals[kind] === null) ?? null;
  const [kind, setKind] = useState<TSmsKind | null>(null);

  useEffect(() => {
    if (opened) setKind(initialKind && refusals[initialKind] === null ? initialKind : firstAllowed);
    // Only when the dialog opens: the choice is the user's afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  const submit = () => {
    if (!kind) return;
    send.mutate(
      { orderId: order.additionalData.orderId, kind },
      {
        onSuccess: () => {
          notify.success(SMS_MESSAGES.sent);
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Send SMS – ordre ${order.additionalData.orderNr}`}
      closeButtonProps={{ 'aria-label': 'Luk dialogen' }}
    >
      <Stack gap="md">
        <Text size="sm">
          Til {order.customer.name || 'kunden'} {order.customer.phone ? `(${order.customer.phonePrefix} ${order.customer.phone})` : ''}
        </Text>
        <Radio.Group value={kind} onChange={(value) => setKind(value as TSmsKind)} label="Vælg SMS" aria-label="Vælg SMS">
          <Stack gap="xs" mt="xs">
            {SMS_KINDS.map((k) => {
              const refusal = refusals[k];
              const sent = order.notificationStatus[SMS_FLAGS[k]];
              const label = `${SMS_KIND_LABELS[k]}${sent ? ' (sendt)' : ''}`;
              return refusal ? (
                <Tooltip key={k} label={refusal} position="top-start">
                  <div>
                    <Radio value={k} label={`${label} – ${SMS_MESSAGES.notAllowed}`} disabled />
                  </div>
                </Tooltip>
              ) : (
                <Radio key={k} value={k} label={label} />
              );
            })}
          </Stack>
        </Radio.Group>
        {kind ? (
          <Alert color="gray" title="Tekst" variant="light">
            <Text size="sm">{smsText(order, kind)}</Text>
          </Alert>
        ) : (
          <Alert color="yellow">{SMS_MESSAGES.notAllowed}</Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Annuller
          </Button>
          <Button onClick={submit} disabled={!kind} loading={send.isPending}>
            Send
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
