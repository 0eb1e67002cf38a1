import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { TUserInfo } from '@/domain/users/user.schemas';
import { isStaleCopyAnswer } from '@/domain/lib/versions';
import { failureReason, isAbortError, isApiError, shouldOpenExceptionDialog } from './api-client';
import { notify } from './notify';

/** What a query or mutation may tell the shared error handling. */
export interface AppQueryMeta extends Record<string, unknown> {
  /** Toast shown when the call fails (never for an aborted call), with the server's reason of a refusal below it. */
  errorMessage?: string;
  /** Danish labels for the field paths of a VALIDATION_ERROR in the exception dialog. */
  fieldLabels?: Record<string, string>;
  /** A 401 here is an answer, not a lost session (the login call itself). */
  expectsUnauthorized?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppQueryMeta;
    mutationMeta: AppQueryMeta;
  }
}

/** The signed-in user's query; null data means signed out. */
export const SESSION_QUERY_KEY = ['session'] as const;

/** The signed-in user as the session query last answered (null or undefined: signed out, or not asked yet). */
export const sessionUser = (client: QueryClient) => client.getQueryData<TUserInfo | null>(SESSION_QUERY_KEY);

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => handleError(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _v, _c, mutation) => handleError(error, mutation.meta) }),
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        // Only a lost connection is worth one more try; an answer from the server stands.
        retry: (count, error) => count < 1 && isApiError(error) && error.status === 0,
      },
      mutations: { retry: false },
    },
  });

  function handleError(error: unknown, meta: AppQueryMeta | undefined) {
    if (isAbortError(error)) return;
    if (isApiError(error) && error.status === 401 && !meta?.expectsUnauthorized) {
      void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    }
    if (shouldOpenExceptionDialog(error)) {
      // The dialog is a chunk of its own, loaded when an error first opens it (issue 11).
      void import('./exception-dialog').then(
        (dialog) => dialog.openExceptionDialog(error, meta?.fieldLabels),
        () => undefined,
      );
    }
    // A stale copy's refusal is the screen's to show (StaleCopyNotice: what changed, and reload), not a toast's.
    // The spec's text stays the toast's title; a refusal's reason from the server is the line below it.
    if (meta?.errorMessage && !(isApiError(error) && isStaleCopyAnswer(error))) notify.error(meta.errorMessage, failureReason(error));
  }

  return client;
}
