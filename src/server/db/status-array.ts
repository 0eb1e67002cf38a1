/**
 * A list of the domain's order statuses as an SQL array literal, for the hand-written statements that are prepared once
 * (queryText): the statuses are the domain's constants, never input, so they are written into the text.
 */
export const statusArray = (statuses: readonly string[]) => `array[${statuses.map((status) => `'${status}'`).join(', ')}]`;
