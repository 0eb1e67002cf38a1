/**
 * The limits on the messages a user sends by hand (issue 37): the same message to the same recipient once in a few
 * minutes (ten clicks on 'Send' queued ten identical SMS), and a bound on one user's sends a minute. The messages the
 * system sends by itself (booking confirmations, review invitations on finishing, password resets) are not counted.
 */
export const SEND_LIMITS = {
  /** The same text on the same channel to the same recipient is refused for this long after it was queued. */
  sameMessageMinutes: 5,
  /** What one user may send by hand in a minute. */
  perUserPerMinute: 20,
} as const;

export const SEND_LIMIT_MESSAGES = {
  duplicate: `Den samme besked er sendt til modtageren inden for de sidste ${SEND_LIMITS.sameMessageMinutes} minutter. Vent, før du sender den igen.`,
  tooMany: `Du har sendt ${SEND_LIMITS.perUserPerMinute} beskeder inden for det sidste minut. Vent lidt, før du sender flere.`,
} as const;

/** What the counts found say of one more send: null when it may go. */
export function sendLimitRefusal(found: { sameMessageQueued: boolean; userSendsLastMinute: number }): 'DUPLICATE' | 'TOO_MANY' | null {
  if (found.sameMessageQueued) return 'DUPLICATE';
  if (found.userSendsLastMinute >= SEND_LIMITS.perUserPerMinute) return 'TOO_MANY';
  return null;
}
