import { z } from 'zod';

/** The texts the address look-up answers with (issue 42). */
export const ADDRESS_MESSAGES = {
  lookupFailed: 'Adresseopslaget svarer ikke lige nu. Skriv adressen selv.',
} as const;

/**
 * GET /api/departments/address/search?input: address suggestions for typed text. `lookedUp` is false when the address
 * service gave no answer: the suggestions are then the zip codes and cities, and `message` tells the user to type the
 * address.
 */
export const ZAddressSuggestions = z.object({
  suggestions: z.array(z.string()),
  lookedUp: z.boolean(),
  message: z.string().nullable(),
});
export type TAddressSuggestions = z.infer<typeof ZAddressSuggestions>;
