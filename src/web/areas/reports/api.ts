import { useMutation, useQuery } from '@tanstack/react-query';
import type { TComplaintReasons } from '@/domain/orders/order-lifecycle.schemas';
import { COMPLAINT_REPORT_FILE } from '@/domain/reports/reports';
import type { TComplaintReportFilterInput } from '@/domain/reports/reports.schemas';
import { api, ApiError } from '../../lib/api-client';
import { fittersQuery } from '../../lib/fitters-query';

export function useComplaintReasons() {
  return useQuery({
    queryKey: ['complaint', 'reasons'],
    queryFn: ({ signal }) => api.get<TComplaintReasons>('/api/complaint/reasons', signal),
    staleTime: 10 * 60_000,
    meta: { errorMessage: 'Årsagskoderne kunne ikke hentes' },
  });
}

export function useOperators() {
  return useQuery({ ...fittersQuery(), meta: { errorMessage: 'Montørerne kunne ikke hentes' } });
}

/** Saves a downloaded file under its name. */
function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** POST /api/complaint/report with Accept text/csv, saved as 'Reklamation Rapport.csv'; errors come as the API's error body. */
export function useDownloadComplaintReport() {
  return useMutation({
    mutationFn: async (filter: TComplaintReportFilterInput) => {
      const path = '/api/complaint/report';
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'text/csv' },
        body: JSON.stringify(filter),
        credentials: 'same-origin',
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as {
          type?: string;
          message?: string;
          errors?: Record<string, string[]>;
        } | null;
        throw new ApiError({
          status: response.status,
          type:
            body?.type === 'VALIDATION_ERROR'
              ? 'VALIDATION_ERROR'
              : response.status === 401 || response.status === 403
                ? 'UNAUTHORIZED_ERROR'
                : 'GENERIC_ERROR',
          message: body?.message ?? `POST ${path} ${response.status}`,
          errors: body?.errors ?? null,
          url: path,
          serverMessage: body?.message ?? null,
        });
      }
      saveBlob(await response.blob(), COMPLAINT_REPORT_FILE);
    },
    meta: { errorMessage: 'Rapporten kunne ikke hentes' },
  });
}
