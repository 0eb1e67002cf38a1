/**
 * Row versions (issue 37): every screen that saves a whole object (a department, a time slot, a user, a car rule, a
 * rule set, a debtor rule) reads its `updateId` with it and sends it back with the save. A save of a copy read before
 * another save is refused with 409 and one of these messages, and nothing of it is written; the screen offers to reload.
 * No zod here: the browser checks an answer with `isStaleCopyAnswer` without loading it.
 */

/** The field the version travels in, in reads and saves alike (the spec's name on the Department entity). */
export const VERSION_FIELD = 'updateId';

const changedByOther = (what: string) => `${what} er ændret af en anden, siden du åbnede den. Genindlæs for at se ændringerne.`;

export const STALE_COPY_MESSAGES = {
  department: changedByOther('Afdelingen'),
  slot: changedByOther('Tiden'),
  user: changedByOther('Brugeren'),
  rule: changedByOther('Reglen'),
  ruleSet: 'Reglsættet er ændret af en anden, siden du åbnede det. Genindlæs for at se ændringerne.',
  debitorRule: 'Rækken er ændret af en anden, siden du åbnede den. Genindlæs for at se ændringerne.',
  /** A save of an existing object without the version it was read with. */
  missing: 'Gem kræver den version, der blev hentet (updateId). Genindlæs og prøv igen.',
} as const;

/**
 * Whether an error answer is a stale copy's refusal: 409 with the message under `updateId` in `errors` (the one
 * 409 that names a field), so a screen tells it from the other 409s (a full slot, a day with bookings).
 */
export function isStaleCopyAnswer(
  answer: { status?: number; errors?: Record<string, readonly string[]> | null } | null | undefined,
): boolean {
  return answer?.status === 409 && Boolean(answer.errors?.[VERSION_FIELD]?.length);
}
