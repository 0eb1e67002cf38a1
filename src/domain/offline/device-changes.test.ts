import { describe, expect, it } from 'vitest';
import { answerVerdict, blockingChange, keepsJobsOnDevice, nextChangeToSend, retryAfterMs, type TChangeHead } from './device-changes';

const change = (seq: number, orderId: string, state: TChangeHead['state'] = 'WAITING'): TChangeHead => ({
  id: `c${seq}`,
  seq,
  orderId,
  state,
});

describe('the order changes are sent in', () => {
  it('is the order they were made, whatever order the device lists them in', () => {
    expect(nextChangeToSend([change(3, 'A'), change(1, 'B'), change(2, 'A')])?.id).toBe('c1');
  });

  it('holds back a job’s later changes behind its refused change, not another job’s', () => {
    const changes = [change(1, 'A', 'REFUSED'), change(2, 'A'), change(3, 'B'), change(4, 'A')];
    expect(blockingChange(changes, changes[1]!)?.id).toBe('c1');
    expect(blockingChange(changes, changes[2]!)).toBeUndefined();
    expect(nextChangeToSend(changes)?.id).toBe('c3');
    expect(nextChangeToSend(changes.filter((c) => c.orderId === 'A'))).toBeUndefined();
  });

  it('sends a job’s change made before its refused one', () => {
    const changes = [change(1, 'A'), change(2, 'A', 'REFUSED')];
    expect(nextChangeToSend(changes)?.id).toBe('c1');
    expect(blockingChange(changes, changes[0]!)).toBeUndefined();
  });

  it('is nothing when every change is sent', () => {
    expect(nextChangeToSend([])).toBeUndefined();
  });
});

describe('an answer to a sent change', () => {
  it('counts as sent when it succeeded, also as a replayed answer', () => {
    expect(answerVerdict(200, null)).toBe('SENT');
    expect(answerVerdict(204, null)).toBe('SENT');
  });

  it('is sent again with the same key when there was no answer or the server failed', () => {
    expect(answerVerdict(0, null)).toBe('RETRY_LATER');
    expect(answerVerdict(500, null)).toBe('RETRY_LATER');
    expect(answerVerdict(503, '5')).toBe('RETRY_LATER');
  });

  it('waits for Retry-After while the same change is still being saved', () => {
    expect(answerVerdict(409, '2')).toBe('RETRY_AFTER');
    expect(retryAfterMs('2')).toBe(2_000);
    expect(retryAfterMs(null)).toBe(2_000);
    expect(retryAfterMs('600')).toBe(60_000);
  });

  it('is a refusal when the order changed meanwhile or a rule fails, and a stop when signed out', () => {
    expect(answerVerdict(409, null)).toBe('REFUSED');
    expect(answerVerdict(400, null)).toBe('REFUSED');
    expect(answerVerdict(403, null)).toBe('REFUSED');
    expect(answerVerdict(422, null)).toBe('REFUSED');
    expect(answerVerdict(401, null)).toBe('SIGNED_OUT');
  });
});

describe('who keeps jobs on the device', () => {
  it('is a fitter', () => {
    expect(keepsJobsOnDevice(['Operation'])).toBe(true);
    expect(keepsJobsOnDevice(['CustomerService'])).toBe(false);
    expect(keepsJobsOnDevice(null)).toBe(false);
  });
});
