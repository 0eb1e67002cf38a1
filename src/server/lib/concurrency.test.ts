import { describe, expect, it } from 'vitest';
import { createLimiter } from './concurrency';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('createLimiter', () => {
  it('runs at most `limit` tasks at once, the others in the order they came, failures included', async () => {
    const inTurn = createLimiter(2);
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    const runs = gates.map((gate, i) =>
      inTurn(async () => {
        started.push(i);
        await gate.promise;
        if (i === 1) throw new Error('fails');
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    gates[1]!.resolve();
    await expect(runs[1]).rejects.toThrow('fails');
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all([runs[0], runs[2], runs[3], runs[4]])).toEqual([0, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });
});
