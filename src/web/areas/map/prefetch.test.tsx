import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, todayInCopenhagen } from '@/domain/map/map';
import { SESSION_QUERY_KEY } from '../../lib/query-client';
import { createTestQueryClient, jsonResponse, testUser } from '../../test-utils';
import { useMobileJobs } from './api';
import { prefetchOpeningJobs } from './prefetch';

const WORKSHOP = '11111111-1111-4111-8111-111111111111';
const OWN_VAN = '22222222-2222-4222-8222-222222222222';
const OTHER_VAN = '33333333-3333-4333-8333-333333333333';
const department = (id: string, name: string, extra: object) => ({
  id,
  name,
  mobileService: false,
  inActive: false,
  parentDepartmentId: '',
  ...extra,
});

/** The server's answers by path; each POST body is kept. */
function serverMock() {
  const posted: unknown[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/departments/summaries')
      return jsonResponse([
        department(WORKSHOP, 'Glostrup', {}),
        department(OTHER_VAN, 'Mobilservice A', { mobileService: true }),
        department(OWN_VAN, 'Mobilservice Glostrup', { mobileService: true, parentDepartmentId: WORKSHOP }),
      ]);
    if (url === '/api/order/mobileserviceorders') {
      posted.push(JSON.parse(String(init?.body)));
      return jsonResponse([{ orderId: 'o1', address: 'Vestergade 1, 8000 Aarhus C' }]);
    }
    return jsonResponse({ message: 'ukendt' }, { status: 404 });
  });
  return { fetchMock, posted };
}

describe('the jobs the map opens with, asked for while its files load', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    sessionStorage.clear();
  });

  it("are the user's own department's vans on the coloured days, and the opened map draws them at once without asking again", async () => {
    const { fetchMock, posted } = serverMock();
    vi.stubGlobal('fetch', fetchMock);
    const client = createTestQueryClient();
    client.setQueryData(SESSION_QUERY_KEY, testUser('PL', ['Planner'], { departmentGuid: WORKSHOP }));
    await prefetchOpeningJobs(client);
    const today = todayInCopenhagen();
    const days = [0, 1, 2, 3, 4].map((offset) => addDays(today, offset));
    expect(posted).toEqual([{ departmentIds: [OWN_VAN], days }]);

    function Jobs() {
      const jobs = useMobileJobs([OWN_VAN], days);
      return <p>{jobs.data ? `${jobs.data.length} opgave` : 'Henter'}</p>;
    }
    render(
      <QueryClientProvider client={client}>
        <Jobs />
      </QueryClientProvider>,
    );
    expect(screen.getByText('1 opgave')).toBeInTheDocument();
    // Mounted and subscribed: a fetch on mount would have started by now (and be counted as fetching).
    expect(client.isFetching()).toBe(0);
    expect(posted).toHaveLength(1);
  });

  it('follow the vans and days the user chose last time', async () => {
    const { fetchMock, posted } = serverMock();
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('rudeplan.map.vans', JSON.stringify([OTHER_VAN]));
    sessionStorage.setItem('rudeplan.map.view', JSON.stringify({ dayOffsets: [4, 1], grouping: 'department', radiusKm: 50 }));
    const client = createTestQueryClient();
    client.setQueryData(SESSION_QUERY_KEY, testUser('PL', ['Planner'], { departmentGuid: WORKSHOP }));
    await prefetchOpeningJobs(client);
    const today = todayInCopenhagen();
    expect(posted).toEqual([{ departmentIds: [OTHER_VAN], days: [addDays(today, 1), addDays(today, 4)] }]);
  });

  it('are left to the screen in the custom view, which names its own van', async () => {
    const { fetchMock, posted } = serverMock();
    vi.stubGlobal('fetch', fetchMock);
    window.history.pushState({}, '', `/mobile-service-map?lat=56.1&lng=10.2&deptId=${OWN_VAN}&addr=Vestergade%201&isCustomMapView=true`);
    try {
      const client = createTestQueryClient();
      await prefetchOpeningJobs(client);
      expect(posted).toEqual([]);
    } finally {
      window.history.pushState({}, '', '/');
    }
  });
});
