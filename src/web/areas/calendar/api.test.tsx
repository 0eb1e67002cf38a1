import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, jsonResponse } from '../../test-utils';
import { calendarQueryKey, useCalendarEvents, type CalendarQuery } from './api';

const QUERY: CalendarQuery = {
  departmentId: '44444444-4444-4444-8444-444444444444',
  filters: ['WINDSCREEN', 'DEPARTMENT'],
  worker: '',
  from: '2026-11-23',
  to: '2026-11-27',
};

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => jsonResponse([]));
  vi.stubGlobal('fetch', fetchMock);
  // Only the intervals are faked: the query's own timers and waitFor keep real time.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/**
 * Waits (in real time: only the intervals are faked) until `check` holds. Testing Library's waitFor polls with
 * setInterval, which is faked here.
 */
async function until(check: () => boolean, label: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 10)));
  }
  throw new Error(`still waiting: ${label}`);
}

function renderCalendarQuery() {
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { ...renderHook(() => useCalendarEvents(QUERY), { wrapper }), queryClient };
}

describe("a calendar's events", () => {
  it('asks for the shown days of one department by the filters', async () => {
    const { result } = renderCalendarQuery();
    await until(() => result.current.isSuccess, 'the first load');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe(
      `/api/calendar?departmentId=${QUERY.departmentId}&filters=DEPARTMENT%2CWINDSCREEN&from=2026-11-23&to=2026-11-27`,
    );
  });

  it('are reloaded every 5 minutes while the calendar is open, and not before', async () => {
    const { result, unmount, queryClient } = renderCalendarQuery();
    await until(() => result.current.isSuccess, 'the first load');
    const observer = queryClient.getQueryCache().find({ queryKey: calendarQueryKey(QUERY) })!.observers[0]!;
    expect(observer.options.refetchInterval).toBe(5 * 60_000);

    // Time passes; a reload is done when its answer is in (a timer firing during a load only joins that load).
    const reloadAfter = async (ms: number, calls: number) => {
      const before = result.current.dataUpdatedAt;
      act(() => vi.advanceTimersByTime(ms));
      await until(
        () => fetchMock.mock.calls.length === calls && result.current.dataUpdatedAt > before && !result.current.isFetching,
        `load ${calls}`,
      );
    };
    act(() => vi.advanceTimersByTime(5 * 60_000 - 1_000));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await reloadAfter(1_000, 2);
    await reloadAfter(5 * 60_000, 3);

    unmount();
    act(() => vi.advanceTimersByTime(10 * 60_000));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
