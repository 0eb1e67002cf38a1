import { z } from 'zod';
import { MESSAGES, requiredChoice, zRequiredText } from '../lib/validation';

/**
 * Feedback on a fitter's job (document 2, feedback dialog): a type button, a sub-type, a comment and an
 * optional image. The spec does not list the types; these are ours (docs/decisions.md).
 */
export const FEEDBACK_TYPES = {
  PRAISE: { label: 'Ros', subTypes: ['Flot arbejde', 'God kundeservice', 'Hurtig udførelse', 'Andet'] },
  QUALITY: {
    label: 'Kvalitet',
    subTypes: [
      'Utæt rude',
      'Ridser eller skader på bilen',
      'Forkert rude monteret',
      'Manglende kalibrering',
      'Lister eller clips mangler',
      'Andet',
    ],
  },
  CUSTOMER: {
    label: 'Kundeoplevelse',
    subTypes: ['Kom for sent', 'Uhøflig opførsel', 'Manglende information til kunden', 'Bilen efterladt snavset', 'Andet'],
  },
  PAPERWORK: {
    label: 'Dokumentation',
    subTypes: ['Manglende billeder', 'Arbejdskortet mangelfuldt udfyldt', 'Forkert tidsforbrug eller km', 'Andet'],
  },
} as const;
export type TFeedbackType = keyof typeof FEEDBACK_TYPES;
export const FEEDBACK_TYPE_KEYS = Object.keys(FEEDBACK_TYPES) as TFeedbackType[];

export const FEEDBACK_MESSAGES = {
  added: 'Feedback tilføjet',
  failed: 'Feedback kunne ikke gemmes',
  workerMissing: 'Der skal vælges en montør på ordren, før der kan gives feedback',
  notTheWorker: 'Feedback gives på ordrens montør',
  subTypeInvalid: 'Vælg en underkategori til typen',
  orderMissing: 'Ordren findes ikke',
  imageWrong: 'Billedet skal være JPEG, PNG eller WebP',
  imageTooLarge: 'Billedet er for stort (højst 15 MB)',
} as const;

export const FEEDBACK_DESCRIPTION_MAX = 2000;

/** The text fields of PUT /feedback/CreateFeedback (a multipart form; the image is its file part). */
export const ZFeedbackCreate = z
  .object({
    type: z.enum(FEEDBACK_TYPE_KEYS as [TFeedbackType, ...TFeedbackType[]], { error: requiredChoice }),
    subType: zRequiredText(100),
    description: zRequiredText(FEEDBACK_DESCRIPTION_MAX),
    /** The fitter the feedback is about (the order's worker). */
    userId: z.uuid({ error: MESSAGES.required }),
    /** Sent by the client as the spec's payload has it; the server names the fitter from its own register. */
    userName: z.string().trim().max(200).default(''),
    orderId: z.uuid({ error: MESSAGES.required }),
    fileName: z.string().trim().max(200).default(''),
  })
  .superRefine((value, ctx) => {
    if (
      value.type in FEEDBACK_TYPES &&
      value.subType &&
      !(FEEDBACK_TYPES[value.type].subTypes as readonly string[]).includes(value.subType)
    ) {
      ctx.addIssue({ code: 'custom', path: ['subType'], message: FEEDBACK_MESSAGES.subTypeInvalid });
    }
  });
export type TFeedbackCreate = z.infer<typeof ZFeedbackCreate>;

export const ZFeedback = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNr: z.string(),
  type: z.string(),
  subType: z.string(),
  description: z.string(),
  userId: z.string(),
  userName: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  hasImage: z.boolean(),
});
export type TFeedback = z.infer<typeof ZFeedback>;

/** The label of a stored type (an unknown key is shown as stored). */
export function feedbackTypeLabel(type: string): string {
  return type in FEEDBACK_TYPES ? FEEDBACK_TYPES[type as TFeedbackType].label : type;
}
