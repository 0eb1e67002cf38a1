import { Button, Group, Modal, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type TOrderStatus } from '@/domain/orders/order-enums';
import type { TOrder } from '@/domain/orders/order.schemas';
import { api } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

/** Both PROCESSING and PROCESSING_MORESALE read 'Afventer' (document 1 section 4); the dialog tells them apart. */
export function statusChoiceLabel(status: TOrderStatus): string {
  return status === 'PROCESSING_MORESALE' ? `${ORDER_STATUS_LABELS[status]} (mersalg)` : ORDER_STATUS_LABELS[status];
}

/** POST /api/order/status/{orderId}: stores the status as given (CustomerService, Adminstrator). */
export function useChangeOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, status }: { orderId: string; status: TOrderStatus }) =>
      api.post<TOrder>(`/api/order/status/${encodeURIComponent(orderId)}`, { status }),
    meta: { errorMessage: 'Api: "saveOrder" failed' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['order'] }),
  });
}

interface StatusDialogProps {
  order: TOrder;
  opened: boolean;
  onClose: () => void;
  /** Called with the saved order. */
  onSaved?: (order: TOrder) => void;
}

/** 'Vælg ny order status': any of the eleven statuses, 'Gem' (the client does not restrict transitions). */
export function StatusDialog({ order, opened, onClose, onSaved }: StatusDialogProps) {
  const current = order.additionalData.orderStatus;
  const [status, setStatus] = useState<TOrderStatus>(current);
  const change = useChangeOrderStatus();
  useEffect(() => {
    if (opened) setStatus(current);
  }, [opened, current]);

  const save = () =>
    change.mutate(
      { orderId: order.additionalData.orderId, status },
      {
        onSuccess: (saved) => {
          notify.success('OrderUpdated');
          onSaved?.(saved);
          onClose();
        },
      },
    );

  return (
    <Modal opened={opened} onClose={onClose} title="Vælg ny order status" closeButtonProps={{ 'aria-label': 'Luk dialogen' }}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Ordre {order.additionalData.orderNr} · nu: {ORDER_STATUS_LABELS[current]}
        </Text>
        <Radio.Group value={status} onChange={(value) => setStatus(value as TOrderStatus)} aria-label="Ordrestatus">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs">
            {ORDER_STATUSES.map((s) => (
              <Radio key={s} value={s} label={statusChoiceLabel(s)} />
            ))}
          </SimpleGrid>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Annuller
          </Button>
          <Button onClick={save} loading={change.isPending} disabled={status === current}>
            Gem
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
