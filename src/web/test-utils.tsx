import { notifyManager, QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { act, render, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TUserInfo } from '@/domain/users/user.schemas';
import { AppProviders } from './app/providers';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders an element inside the app's providers and a memory router at `path` (`route`: the pattern giving its params). */
export function renderWithProviders(element: ReactElement, { path = '/', route = '*', queryClient = createTestQueryClient() } = {}) {
  const router = createMemoryRouter([{ path: route, element }], { initialEntries: [path] });
  const utils = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router, queryClient };
}

/**
 * Waits until no query of `client` is fetching and the screen has drawn what they answered: for a test asserting
 * that an answer shows nothing, instead of sleeping. Call it once the query has started (e.g. its request was seen);
 * a query that starts only from another's answer is fetching again right after this returns.
 */
export async function waitForQueriesSettled(client: QueryClient): Promise<void> {
  await waitFor(() => expect(client.isFetching()).toBe(0));
  // An answer reaches the screen in the query client's next batch of notifications; this callback comes after it.
  await act(() => new Promise<void>((resolve) => notifyManager.schedule(resolve)));
}

/** A fetch answer with a JSON body. */
export function jsonResponse(body: unknown, init: ResponseInit = { status: 200 }): Response {
  return new Response(JSON.stringify(body), { ...init, headers: { 'Content-Type': 'application/json' } });
}

/** A signed-in user of the Aarhus department with these roles, as /api/user/userinfo answers. */
export function testUser(initials: string, roles: string[], overrides: Partial<TUserInfo> = {}): TUserInfo {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    name: `Bruger ${initials}`,
    initials,
    email: '',
    phone: '',
    roles,
    departmentId: 'ARH',
    departmentGuid: '44444444-4444-4444-8444-444444444444',
    departmentName: 'Aarhus',
    calendarDepartmentId: '',
    calendarDepartmentGuid: '00000000-0000-0000-0000-000000000000',
    lastLogin: null,
    allowSMS: false,
    allowEmail: false,
    ...overrides,
  };
}

/**
 * After a test that stubbed fetch and showed toasts: toasts live in a store of their own, so the next test starts
 * without them (at most five are shown), and with the real fetch.
 */
export function resetToastsAndFetch(): void {
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  });
  vi.unstubAllGlobals();
}
