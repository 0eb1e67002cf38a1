import { describe, expect, it } from 'vitest';
import { STALE_CLAIM_MS, decideResend, isChangingMethod, isTextContentType, keepsAnswer, parseChangeKey } from './client-changes';

describe('parseChangeKey', () => {
  it('takes one UUID in any case, trimmed, as the lower-case key', () => {
    expect(parseChangeKey(' 0F8FAD5B-D9CB-469F-A165-70867728950E ')).toEqual({ kind: 'KEY', key: '0f8fad5b-d9cb-469f-a165-70867728950e' });
  });
  it('is NONE without the header and MALFORMED for anything but one UUID', () => {
    expect(parseChangeKey(undefined)).toEqual({ kind: 'NONE' });
    for (const bad of [
      '',
      'foto-1',
      '0f8fad5b-d9cb-469f-a165-70867728950',
      '0f8fad5bd9cb469fa16570867728950e',
      '{0f8fad5b-d9cb-469f-a165-70867728950e}',
    ]) {
      expect(parseChangeKey(bad)).toEqual({ kind: 'MALFORMED' });
    }
    expect(parseChangeKey(['0f8fad5b-d9cb-469f-a165-70867728950e', '0f8fad5b-d9cb-469f-a165-70867728950e'])).toEqual({ kind: 'MALFORMED' });
  });
});

describe('decideResend', () => {
  const now = new Date('2026-12-06T23:00:00Z');
  const kept = (status: number | null, ageMs = 0) => ({
    method: 'PUT',
    path: '/api/media',
    status,
    createdAt: new Date(now.getTime() - ageMs),
  });
  const same = { method: 'put', path: '/api/media' };

  it('replays a kept answer of the same change, whatever its status', () => {
    expect(decideResend(kept(200), same, now)).toBe('REPLAY');
    expect(decideResend(kept(409), same, now)).toBe('REPLAY');
  });
  it('refuses the key for another method or path, also while the first runs', () => {
    expect(decideResend(kept(200), { method: 'PUT', path: '/api/order/order' }, now)).toBe('MISMATCH');
    expect(decideResend(kept(null), { method: 'POST', path: '/api/media' }, now)).toBe('MISMATCH');
  });
  it('says RUNNING while the claim is fresh and lets a resend take it over once it is stale', () => {
    expect(decideResend(kept(null, STALE_CLAIM_MS - 1), same, now)).toBe('RUNNING');
    expect(decideResend(kept(null, STALE_CLAIM_MS), same, now)).toBe('TAKE_OVER');
  });
});

describe('keepsAnswer', () => {
  it('keeps every text answer below 500 to a request that arrived whole', () => {
    for (const status of [200, 204, 400, 404, 409, 422, 429]) expect(keepsAnswer({ status, requestAborted: false, text: true })).toBe(true);
  });
  it('frees the key after a 5xx, a request cut off, or an answer that is no text', () => {
    expect(keepsAnswer({ status: 500, requestAborted: false, text: true })).toBe(false);
    expect(keepsAnswer({ status: 503, requestAborted: false, text: true })).toBe(false);
    expect(keepsAnswer({ status: 400, requestAborted: true, text: true })).toBe(false);
    expect(keepsAnswer({ status: 200, requestAborted: false, text: false })).toBe(false);
  });
});

describe('isChangingMethod and isTextContentType', () => {
  it('keys only the changing methods', () => {
    expect(['POST', 'put', 'PATCH', 'DELETE'].every(isChangingMethod)).toBe(true);
    expect(['GET', 'HEAD', 'OPTIONS'].some(isChangingMethod)).toBe(false);
  });
  it('keeps JSON and text answers (and an empty one), not files', () => {
    expect(isTextContentType('application/json; charset=utf-8')).toBe(true);
    expect(isTextContentType('text/plain')).toBe(true);
    expect(isTextContentType(null)).toBe(true);
    expect(isTextContentType('application/pdf')).toBe(false);
    expect(isTextContentType('image/png')).toBe(false);
  });
});
