import { Alert, Button, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { isSetGuid, ZERO_GUID } from '@/domain/lib/guid';
import type { TOrderType } from '@/domain/orders/order-enums';
import { complaintTypeAllowed } from '@/domain/orders/order-lifecycle';
import type { TComplaintType } from '@/domain/orders/order-lifecycle.schemas';
import { COMPLAINT_TYPE_LABELS, COMPLAINT_TYPES, LIFECYCLE_MESSAGES, SLOT_COMPLAINT_TYPES } from '@/domain/orders/order-lifecycle.schemas';
import type { TOrder } from '@/domain/orders/order.schemas';
import { notify } from '../../../lib/notify';
import { TimeAndPlaceFields, useOrderFlow } from '../../orders';
import { useCreateComplaint } from '../api';
import { DraftProvider, useTimeAndPlaceDraft } from './time-and-place-draft';

interface CreateComplaintDialogProps {
  opened: boolean;
  order: TOrder;
  roles: readonly string[];
  onClose: () => void;
  /** The new complaint order's id; the worksheet opens it. */
  onCreated: (orderId: string) => void;
}

/** The slots a complaint type books: stone-chip slots for REPAIR_SLOT, window-replace slots otherwise. */
function slotTypeFor(type: TComplaintType, original: TOrderType): TOrderType {
  if (type === 'REPAIR_SLOT') return 'REPAIR';
  return original.startsWith('REPLACE_') ? original : 'REPLACE_FRONT';
}

function ComplaintForm({
  order,
  type,
  onClose,
  onCreated,
}: { order: TOrder; type: TComplaintType } & Pick<CreateComplaintDialogProps, 'onClose' | 'onCreated'>) {
  const { order: draft } = useOrderFlow();
  const create = useCreateComplaint();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const withSlot = SLOT_COMPLAINT_TYPES.includes(type);

  const submit = () => {
    const t = draft.timeAndPlace;
    if (withSlot && !(t.date && (isSetGuid(t.timeSlotId) || (t.from && t.to)))) {
      setError(LIFECYCLE_MESSAGES.chooseTime);
      return;
    }
    setError(null);
    create.mutate(
      {
        orderId: order.additionalData.orderId,
        body: { internalComment: comment.trim(), type, worker: ZERO_GUID, timeAndPlace: withSlot ? t : order.timeAndPlace },
      },
      {
        onSuccess: (created) => {
          notify.success('Order saved');
          onClose();
          onCreated(created.additionalData.orderId);
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
      {withSlot ? <TimeAndPlaceFields hideMobileService={false} /> : null}
      {error ? <Alert color="red">{error}</Alert> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Annuller
        </Button>
        <Button onClick={submit} loading={create.isPending}>
          Opret reklamation
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * 'Opret reklamation' (document 2 sections 4 and 6): complaint types with a slot only for Complaint,
 * CustomerService and Adminstrator; everyone may create an internal complaint. POST /api/Complaint/create/{id}.
 */
export function CreateComplaintDialog({ opened, order, roles, onClose, onCreated }: CreateComplaintDialogProps) {
  const allowed = COMPLAINT_TYPES.filter((type) => complaintTypeAllowed(type, roles));
  const [type, setType] = useState<TComplaintType>('INTERNAL_COMPLAINT');
  const draft = useTimeAndPlaceDraft(order, slotTypeFor(type, order.additionalData.orderType), opened);
  return (
    <Modal opened={opened} onClose={onClose} title="Opret reklamation" size="70rem" closeButtonProps={{ 'aria-label': 'Luk dialogen' }}>
      {opened ? (
        <Stack gap="md">
          <Radio.Group label="Type" value={type} onChange={(value) => setType(value as TComplaintType)}>
            <Group gap="md" mt={6}>
              {allowed.map((value) => (
                <Radio key={value} value={value} label={COMPLAINT_TYPE_LABELS[value]} />
              ))}
            </Group>
          </Radio.Group>
          <DraftProvider store={draft}>
            <ComplaintForm order={order} type={type} onClose={onClose} onCreated={onCreated} />
          </DraftProvider>
        </Stack>
      ) : null}
    </Modal>
  );
}
