import { Alert, Button, Group, List, Modal, Stack, Textarea } from '@mantine/core';
import { Select } from '../../../components/select';
import { useState } from 'react';
import { holdErrors } from '@/domain/orders/order-lifecycle';
import { HOLD_REASONS } from '@/domain/orders/order-lifecycle.schemas';
import type { TOrder } from '@/domain/orders/order.schemas';

interface HoldDialogProps {
  opened: boolean;
  order: TOrder;
  busy: boolean;
  onClose: () => void;
  onHold: (reason: string, comment: string) => void;
  /** The checks' messages, so the worksheet marks its own fields (fitter, window manufacturer). */
  onInvalid?: (errors: Record<string, string[]>) => void;
}

/**
 * 'Sæt på hold' (document 2 section 5): a reason and a comment ('Kommentar skal udfyldes'); a fitter
 * and a window manufacturer must be chosen ('Du skal vælge en værdi for de markerede felter !');
 * 'Kalibreringsudfordringer' needs the signed disclaimer ('Ansvarsfraskrivelse skal underskrives').
 */
export function HoldDialog({ opened, order, busy, onClose, onHold, onInvalid }: HoldDialogProps) {
  const [reason, setReason] = useState<string | null>(order.additionalData.onHoldReason || null);
  const [comment, setComment] = useState(order.additionalData.onHoldComment);
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  const submit = () => {
    const found = holdErrors({ ...order, additionalData: { ...order.additionalData, onHoldComment: comment } }, reason ?? '');
    setErrors(found);
    if (Object.keys(found).length === 0) onHold(reason ?? '', comment.trim());
    else onInvalid?.(found);
  };

  const own = new Set(['additionalData.onHoldComment', 'additionalData.onHoldReason']);
  const others = [
    ...new Set(
      Object.entries(errors)
        .filter(([key]) => !own.has(key))
        .flatMap(([, messages]) => messages),
    ),
  ];

  return (
    <Modal opened={opened} onClose={onClose} title="Sæt på hold" closeButtonProps={{ 'aria-label': 'Luk dialogen' }} size="md">
      <Stack gap="md">
        <Select
          label="Årsag"
          placeholder="Vælg årsag"
          data={[...HOLD_REASONS]}
          value={reason}
          onChange={setReason}
          clearable
          error={errors['additionalData.onHoldReason']?.[0]}
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          label="Kommentar"
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          autosize
          minRows={3}
          maxLength={4000}
          withAsterisk
          error={errors['additionalData.onHoldComment']?.[0]}
        />
        {others.length > 0 ? (
          <Alert color="red" p="xs">
            <List size="sm" spacing={2}>
              {others.map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Annuller
          </Button>
          <Button color="orange" onClick={submit} loading={busy}>
            Sæt på hold
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
