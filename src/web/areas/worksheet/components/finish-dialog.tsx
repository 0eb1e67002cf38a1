import { Alert, Anchor, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { ORDER_STATUS_LABELS } from '@/domain/orders/order-enums';
import { finishGaps, mayFinishAnyway, type TFinishGap } from '@/domain/orders/order-finish';
import { WORKSHEET_MESSAGES } from '@/domain/orders/order-lifecycle';
import { finishOutcome } from '@/domain/orders/order-status';
import type { TOrder } from '@/domain/orders/order.schemas';
import { useOrderImages } from '../api';
import { NextOrderOffer } from './next-order-offer';

interface FinishDialogProps {
  opened: boolean;
  order: TOrder;
  /** The debitor the order's photos are asked for under (the order's as saved). */
  debitorNo: string;
  /** 'Afslut/Fakturer' or 'Afslut gennemsyn'. */
  label: string;
  busy: boolean;
  onClose: () => void;
  onFinish: () => void;
  /** A listed gap was chosen: the dialog closes, then the worksheet scrolls to its field and marks it. */
  onGoTo: (gap: TFinishGap) => void;
}

const outcomeText = (order: TOrder) => {
  const outcome = finishOutcome(order);
  return (
    <Text size="sm">
      Ordren får status <b>{ORDER_STATUS_LABELS[outcome]}</b>
      {outcome === 'PENDING_REVIEW' ? ' og sendes til gennemsyn.' : outcome === 'SERVICE_CALL' ? ' og bliver et servicekald.' : '.'}
    </Text>
  );
};

/**
 * One finish dialog (document 2 sections 4 and 5): everything the order lacks in one list, each entry a link to
 * its field (photos, fitter, pane make, complaint fields); 'Fortsæt alligevel' when only photos are missing,
 * as the spec lets the user go on without them. The server runs the same checks (finishErrors).
 */
export function FinishDialog({ opened, order, debitorNo, label, busy, onClose, onFinish, onGoTo }: FinishDialogProps) {
  // What the order still lacks: the server's finishing checks and the missing photos.
  const images = useOrderImages(order.additionalData.orderId, debitorNo);
  const gaps = finishGaps(order, images.data ?? []);
  // A chosen gap takes the focus to its field: the dialog must not hand it back to the finish button,
  // until it is opened again.
  const goingTo = useRef<TFinishGap | null>(null);
  const [jumped, setJumped] = useState(false);
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setJumped(false);
  }
  // A review finished from here: once the order reads FINISHED, the next order of the reviewer's list is offered.
  const [finishingReview, setFinishingReview] = useState(false);
  const reviewing = order.additionalData.orderStatus === 'PENDING_REVIEW';
  const finish = () => {
    setFinishingReview(reviewing);
    onFinish();
  };
  const photosOnly = gaps.length > 0 && mayFinishAnyway(gaps);
  const photoGaps = gaps.some((gap) => gap.kind === 'photo');

  return (
    <>
      {finishingReview && order.additionalData.orderStatus === 'FINISHED' ? (
        <NextOrderOffer orderId={order.additionalData.orderId} />
      ) : null}
      <Modal
        opened={opened}
        onClose={onClose}
        title={label}
        closeButtonProps={{ 'aria-label': 'Luk dialogen' }}
        size="md"
        returnFocus={!jumped}
        onExitTransitionEnd={() => {
          const gap = goingTo.current;
          goingTo.current = null;
          if (gap) onGoTo(gap);
        }}
      >
        <Stack gap="md">
          {gaps.length > 0 ? (
            <Alert
              color={photosOnly ? 'orange' : 'red'}
              icon={<IconAlertTriangle size={18} />}
              title={photosOnly ? 'Der mangler billeder' : 'Ordren kan ikke afsluttes endnu'}
            >
              <Stack gap={6}>
                <Text size="sm">Vælg et punkt for at gå til feltet.</Text>
                <List size="sm" spacing={6} aria-label="Det mangler">
                  {gaps.map((gap) => (
                    <List.Item key={gap.field}>
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        fw={600}
                        underline="always"
                        onClick={() => {
                          goingTo.current = gap;
                          setJumped(true);
                          onClose();
                        }}
                      >
                        {gap.label}
                      </Anchor>
                      {gap.kind === 'field' ? <Text span size="sm">{` – ${gap.message}`}</Text> : null}
                    </List.Item>
                  ))}
                </List>
                {photoGaps ? <Text size="sm">{WORKSHEET_MESSAGES.missingImages}</Text> : null}
              </Stack>
            </Alert>
          ) : null}
          {gaps.length === 0 || photosOnly ? outcomeText(order) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Annuller
            </Button>
            {photosOnly ? (
              <Button color="orange" onClick={finish} loading={busy}>
                Fortsæt alligevel
              </Button>
            ) : (
              <Button onClick={finish} disabled={gaps.length > 0} loading={busy}>
                {label}
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
