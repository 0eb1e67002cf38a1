import { Button, Tooltip } from '@mantine/core';
import { IconMoodSmile } from '@tabler/icons-react';
import { isSetGuid } from '@/domain/lib/guid';
import type { TOrder } from '@/domain/orders/order.schemas';

/*
 * The feedback button apart from its dialog: the button is on a worksheet's first screen, the dialog (and its form,
 * image compression and calls) is loaded when the user starts working on the page (lazyDialog).
 */

/** The tooltip of a feedback button on an order without a fitter. */
export const FEEDBACK_NEEDS_WORKER = 'Der skal vælges en montør på ordren, før der kan gives feedback';
/** The label of a disabled feedback menu item: a phone shows no tooltip, so the reason is in the label. */
export const FEEDBACK_LABEL_WITHOUT_WORKER = 'Feedback (vælg montør først)';

export function hasWorker(order: TOrder): boolean {
  return isSetGuid(order.additionalData.worker);
}

/**
 * A 'Feedback' button that opens only when the order has a fitter (else a tooltip says one must be chosen).
 * It looks like the worksheet's other action buttons (light, xs, a 14 px icon).
 */
export function FeedbackButton({ order, onOpen, size = 'xs' }: { order: TOrder; onOpen: () => void; size?: 'xs' | 'sm' }) {
  const enabled = hasWorker(order);
  const button = (
    <Button size={size} variant="light" leftSection={<IconMoodSmile size={size === 'xs' ? 14 : 16} />} disabled={!enabled} onClick={onOpen}>
      Feedback
    </Button>
  );
  return enabled ? (
    button
  ) : (
    <Tooltip label={FEEDBACK_NEEDS_WORKER}>
      <span>{button}</span>
    </Tooltip>
  );
}
