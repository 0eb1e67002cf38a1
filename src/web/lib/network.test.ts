import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isOnline, onNetworkChange, reportAnswer } from './network';

describe('the network as the app sees it (issue 38)', () => {
  const heard: boolean[] = [];
  let stop: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
    heard.length = 0;
    stop = onNetworkChange((online) => heard.push(online));
  });
  afterEach(() => {
    reportAnswer(true);
    stop();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('is offline once a request gets no answer although the browser says it has a network, and online at the next answer', () => {
    expect(navigator.onLine).toBe(true);
    expect(isOnline()).toBe(true);
    reportAnswer(false);
    expect(isOnline()).toBe(false);
    reportAnswer(false);
    reportAnswer(true);
    expect(isOnline()).toBe(true);
    expect(heard).toEqual([false, true]);
  });

  it('asks /api/health every 15 s while unreachable, and is online when it answers', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
    reportAnswer(false);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(fetchMock).toHaveBeenCalledWith('/api/health', { cache: 'no-store' });
    expect(isOnline()).toBe(false);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(isOnline()).toBe(true);
    expect(heard).toEqual([false, true]);
    // Online again: no more asking.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("tries the network at once when the browser's online event comes", () => {
    reportAnswer(false);
    window.dispatchEvent(new Event('online'));
    expect(isOnline()).toBe(true);
    expect(heard).toEqual([false, true]);
  });
});
