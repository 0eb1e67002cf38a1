import { IMAGE_TYPE_LABELS, type TImageType, type TOrderImage } from '../media';
import { isReplaceType, type TOrderType } from './order-enums';
import { finishErrors, WORKSHEET_MESSAGES } from './order-lifecycle';
import { isComplaintType } from './order-status';
import type { TOrder } from './order.schemas';

/**
 * Everything that stands between a job and 'Afslut/Fakturer', in one list: the finishing checks the
 * server runs (finishErrors) and the photos the order still needs (missingRequiredImages). The finish
 * dialog lists them, each leading to its field; only photos may be left out ('Fortsæt alligevel').
 */

export type TFinishGapKind = 'photo' | 'field';

export interface TFinishGap {
  /** The field's path as the server's field errors name it ('additionalData.worker'), or 'images.BEFORE' for a photo. */
  field: string;
  /** The field's Danish name as the worksheet labels it. */
  label: string;
  /** What is missing, in the spec's words. */
  message: string;
  /** A missing photo may be left out; a field the server checks must be filled. */
  kind: TFinishGapKind;
}

/**
 * The photos an order needs before it is finished (the spec leaves the types open):
 * a replacement shows the car before and after; a stone-chip repair the damage and the result;
 * a complaint the damage complained about; a more-sale needs none.
 */
export function requiredImageTypes(orderType: TOrderType): readonly TImageType[] {
  if (isReplaceType(orderType)) return ['BEFORE', 'AFTER'];
  if (orderType === 'REPAIR') return ['DAMAGE', 'AFTER'];
  if (isComplaintType(orderType)) return ['DAMAGE'];
  return [];
}

/** The required types the order has no image of yet, in display order; empty when it may be finished. */
export function missingRequiredImages(
  order: { additionalData: { orderType: TOrderType } },
  images: ReadonlyArray<Pick<TOrderImage, 'imageType'>>,
): TImageType[] {
  const present = new Set(images.map((image) => image.imageType));
  return requiredImageTypes(order.additionalData.orderType).filter((type) => !present.has(type));
}

/** The worksheet's labels of the fields finishing checks. */
export const FINISH_FIELD_LABELS: Readonly<Record<string, string>> = {
  'additionalData.internalOrderComment': 'Intern kommentar',
  'complaint.issues': 'Reklamation årsag',
  'complaint.workerFault': 'Montørfejl',
  'additionalData.worker': 'Montør',
  'additionalData.windowManufacturer': 'Rudefabrikat',
};

/** The field key of a photo type in the finish list. */
export function imageField(type: TImageType): string {
  return `images.${type}`;
}

/** The worksheet's order from top to bottom: details (internal comment), photos, complaint panel, completion. */
const PAGE_ORDER = [
  'additionalData.internalOrderComment',
  'images.',
  'complaint.issues',
  'complaint.workerFault',
  'additionalData.worker',
  'additionalData.windowManufacturer',
];

function rank(field: string): number {
  const index = PAGE_ORDER.findIndex((key) => (key.endsWith('.') ? field.startsWith(key) : field === key));
  return index < 0 ? PAGE_ORDER.length : index;
}

/**
 * What the order lacks before it can be finished, in the worksheet's order (top to bottom); empty when
 * nothing is missing. `order` is the order as it is being finished (its current status).
 */
export function finishGaps(
  order: Pick<TOrder, 'additionalData' | 'complaint'>,
  images: ReadonlyArray<Pick<TOrderImage, 'imageType'>>,
): TFinishGap[] {
  const photos: TFinishGap[] = missingRequiredImages(order, images).map((type) => ({
    field: imageField(type),
    label: `Billede: ${IMAGE_TYPE_LABELS[type]}`,
    message: WORKSHEET_MESSAGES.missingImages,
    kind: 'photo',
  }));
  const fields: TFinishGap[] = Object.entries(finishErrors(order)).map(([field, messages]) => ({
    field,
    label: FINISH_FIELD_LABELS[field] ?? field,
    message: messages[0] ?? '',
    kind: 'field',
  }));
  // A stable sort keeps the photos in their display order.
  return [...photos, ...fields].sort((a, b) => rank(a.field) - rank(b.field));
}

/** 'Fortsæt alligevel': the job may be finished although something is listed, when only photos are missing. */
export function mayFinishAnyway(gaps: readonly TFinishGap[]): boolean {
  return gaps.every((gap) => gap.kind === 'photo');
}
