import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LATEST_MS, QUIET_MS, whenNetworkQuiet } from './sw-updates';

/** The PerformanceObservers the code under test made, so a test can report a request the page made. */
const observers: Array<() => void> = [];

class FakeObserver {
  constructor(private readonly callback: () => void) {}
  observe() {
    observers.push(this.callback);
  }
  disconnect() {
    const index = observers.indexOf(this.callback);
    if (index >= 0) observers.splice(index, 1);
  }
}

const aRequestEnds = () => observers.forEach((notify) => notify());

describe('whenNetworkQuiet (the service worker starts once the page has gone quiet, issue 38)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', FakeObserver);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    observers.length = 0;
  });

  it('starts after QUIET_MS without a request, and each request the page makes starts the wait anew', () => {
    const start = vi.fn();
    whenNetworkQuiet(start);
    vi.advanceTimersByTime(QUIET_MS - 1000);
    aRequestEnds();
    vi.advanceTimersByTime(QUIET_MS - 1000);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(start).toHaveBeenCalledTimes(1);
    aRequestEnds();
    vi.advanceTimersByTime(LATEST_MS);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at the latest LATEST_MS after load on a page that never goes quiet', () => {
    const start = vi.fn();
    whenNetworkQuiet(start);
    for (let waited = 0; waited < LATEST_MS - 1000; waited += 1000) {
      vi.advanceTimersByTime(1000);
      aRequestEnds();
    }
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('never starts once cancelled (the user signed out, the app was left)', () => {
    const start = vi.fn();
    const cancel = whenNetworkQuiet(start);
    cancel();
    vi.advanceTimersByTime(LATEST_MS * 2);
    expect(start).not.toHaveBeenCalled();
  });
});
