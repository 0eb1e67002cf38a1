import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import {
  LOG_TYPES,
  REASON_LIST_KEYS,
  type TComplaintReasons,
  type TLogType,
  type TReason,
  type TReasonListKey,
} from '@/domain/orders/order-lifecycle.schemas';
import { api } from '../../lib/api-client';

/** The same keys as the worksheet's log dialog and complaint panel, so a saved list shows there at once. */
const logReasonsKey = (logType: TLogType) => ['log', 'reasons', logType] as const;
const COMPLAINT_REASONS_KEY = ['complaint', 'reasons'] as const;

export type TReasonLists = Record<TReasonListKey, TReason[]>;

function isLogType(key: TReasonListKey): key is TLogType {
  return (LOG_TYPES as readonly string[]).includes(key);
}

/** Every reason list an administrator keeps: the six log lists and the two complaint lists. */
export function useReasonLists() {
  return useQueries({
    queries: [
      ...LOG_TYPES.map((logType) => ({
        queryKey: logReasonsKey(logType),
        queryFn: ({ signal }: { signal: AbortSignal }) => api.get<TReason[]>(`/api/log/reasons/${logType}`, signal),
      })),
      {
        queryKey: COMPLAINT_REASONS_KEY,
        queryFn: ({ signal }: { signal: AbortSignal }) => api.get<TComplaintReasons>('/api/complaint/reasons', signal),
      },
    ],
    combine: (results) => {
      const isPending = results.some((r) => r.isPending);
      const isError = results.some((r) => r.isError);
      if (isPending || isError) return { isPending, isError, data: undefined };
      const complaint = results.at(-1)!.data as TComplaintReasons;
      const data = Object.fromEntries(
        REASON_LIST_KEYS.map((key) => {
          if (key === 'COMPLAINT_INTERNAL') return [key, complaint.internal];
          if (key === 'COMPLAINT_CUSTOMER') return [key, complaint.customer];
          return [key, results[LOG_TYPES.indexOf(key)]!.data as TReason[]];
        }),
      ) as TReasonLists;
      return { isPending: false, isError: false, data };
    },
  });
}

export interface SaveReasonList {
  key: TReasonListKey;
  texts: string[];
  /** The saved lists: a complaint list is saved together with the other complaint list as saved. */
  saved: TReasonLists;
}

/** PUT one list; the answer (with the kept ids) replaces the cached list. */
export function useSaveReasonList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ key, texts, saved }: SaveReasonList) => {
      const body = texts.map((text) => ({ text }));
      if (isLogType(key)) {
        const answer = await api.put<TReason[]>(`/api/log/reasons/${key}`, body);
        queryClient.setQueryData(logReasonsKey(key), answer);
        return answer;
      }
      const keep = (list: TReason[]) => list.map(({ text }) => ({ text }));
      const answer = await api.put<TComplaintReasons>('/api/complaint/reasons', {
        internal: key === 'COMPLAINT_INTERNAL' ? body : keep(saved.COMPLAINT_INTERNAL),
        customer: key === 'COMPLAINT_CUSTOMER' ? body : keep(saved.COMPLAINT_CUSTOMER),
      });
      queryClient.setQueryData(COMPLAINT_REASONS_KEY, answer);
      return key === 'COMPLAINT_INTERNAL' ? answer.internal : answer.customer;
    },
    meta: {
      errorMessage: 'Årsagerne kunne ikke gemmes',
      fieldLabels: { _: 'Årsager', internal: 'Interne årsager', customer: 'Kundeårsager' },
    },
  });
}
