/**
 * The answers the device made up for a change it kept to send later (issue 38): the worksheet shows them as done, but
 * says that they wait for the network instead of the spec's 'Order saved', which would claim the server has them.
 */
const kept = new WeakSet<object>();

export function markKept<T>(shown: T): T {
  if (typeof shown === 'object' && shown !== null) kept.add(shown);
  return shown;
}

export function isKeptOnDevice(answer: unknown): boolean {
  return typeof answer === 'object' && answer !== null && kept.has(answer);
}
