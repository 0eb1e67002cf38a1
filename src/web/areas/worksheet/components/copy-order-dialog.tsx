import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { isSetGuid } from '@/domain/lib/guid';
import { isReplaceType } from '@/domain/orders/order-enums';
import { LIFECYCLE_MESSAGES } from '@/domain/orders/order-lifecycle.schemas';
import type { TOrder } from '@/domain/orders/order.schemas';
import { notify } from '../../../lib/notify';
import { TimeAndPlaceFields, useOrderFlow } from '../../orders';
import { useCopyOrder } from '../api';
import { DraftProvider, useTimeAndPlaceDraft } from './time-and-place-draft';

interface CopyOrderDialogProps {
  opened: boolean;
  order: TOrder;
  onClose: () => void;
  /** The new order's id; the worksheet opens it. */
  onCopied: (orderId: string) => void;
}

/** Whether a draft has a time: a slot, or own from and to. */
function hasTime(order: TOrder): boolean {
  const t = order.timeAndPlace;
  return Boolean(t.date) && (isSetGuid(t.timeSlotId) || (Boolean(t.from) && Boolean(t.to)));
}

function CopyForm({ order, onClose, onCopied }: Omit<CopyOrderDialogProps, 'opened'>) {
  const { order: draft } = useOrderFlow();
  const copy = useCopyOrder();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!hasTime(draft)) {
      setError(LIFECYCLE_MESSAGES.chooseTime);
      return;
    }
    setError(null);
    copy.mutate(
      { orderId: order.additionalData.orderId, body: { internalComment: comment.trim(), timeAndPlace: draft.timeAndPlace } },
      {
        onSuccess: (answer) => {
          notify.success('Order saved');
          onClose();
          onCopied(answer.orderId);
        },
      },
    );
  };
  return (
    <Stack gap="md">
      <Textarea
        label="Intern kommentar"
        value={comment}
        onChange={(event) => setComment(event.currentTarget.value)}
        autosize
        minRows={2}
        maxLength={4000}
      />
      <TimeAndPlaceFields hideMobileService={order.additionalData.orderType === 'SALE'} />
      {error ? <Alert color="red">{error}</Alert> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Annuller
        </Button>
        <Button onClick={submit} loading={copy.isPending}>
          Kopier ordre
        </Button>
      </Group>
    </Stack>
  );
}

/** 'Kopier ordre': a new PROCESSING order with the same customer, car and items at a new time (POST /api/order/copy/{id}). */
export function CopyOrderDialog({ opened, order, onClose, onCopied }: CopyOrderDialogProps) {
  const type = order.additionalData.orderType;
  const draft = useTimeAndPlaceDraft(order, isReplaceType(type) || type === 'REPAIR' ? type : 'REPLACE_FRONT', opened);
  return (
    <Modal opened={opened} onClose={onClose} title="Kopier ordre" size="70rem" closeButtonProps={{ 'aria-label': 'Luk dialogen' }}>
      {opened ? (
        <DraftProvider store={draft}>
          <CopyForm order={order} onClose={onClose} onCopied={onCopied} />
        </DraftProvider>
      ) : null}
    </Modal>
  );
}
