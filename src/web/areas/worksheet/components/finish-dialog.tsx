import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { ORDER_STATUS_LABELS } from '@/domain/orders/order-enums';
import { finishErrors } from '@/domain/orders/order-lifecycle';
import { finishOutcome } from '@/domain/orders/order-status';
import type { TOrder } from '@/domain/orders/order.schemas';

interface FinishDialogProps {
  opened: boolean;
  order: TOrder;
  /** 'Afslut/Fakturer' or 'Afslut gennemsyn'. */
  label: string;
  busy: boolean;
  onClose: () => void;
  onFinish: () => void;
}

/**
 * The finish dialog: what finishing leads to (finishOutcome) and the finishing checks with the
 * spec's messages (document 2 section 5); the server runs the same checks and its messages are
 * shown on the fields.
 */
export function FinishDialog({ opened, order, label, busy, onClose, onFinish }: FinishDialogProps) {
  const errors = Object.values(finishErrors(order)).flat();
  const outcome = finishOutcome(order);
  return (
    <Modal opened={opened} onClose={onClose} title={label} closeButtonProps={{ 'aria-label': 'Luk dialogen' }} size="md">
      <Stack gap="md">
        {errors.length > 0 ? (
          <Alert color="red" title="Ordren kan ikke afsluttes endnu">
            <List size="sm" spacing={4}>
              {errors.map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List>
          </Alert>
        ) : (
          <Text size="sm">
            Ordren får status <b>{ORDER_STATUS_LABELS[outcome]}</b>
            {outcome === 'PENDING_REVIEW' ? ' og sendes til gennemsyn.' : outcome === 'SERVICE_CALL' ? ' og bliver et servicekald.' : '.'}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Annuller
          </Button>
          <Button onClick={onFinish} disabled={errors.length > 0} loading={busy}>
            {label}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
