/**
 * The worksheet's calls (document 2 section 7) with the spec's failure toasts (section 8).
 * Bodies and answers are the domain's schemas; every path is under /api.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TLoanCar } from '@/domain/loan-cars/loan-car.schemas';
import type { TImageType, TOrderImage } from '@/domain/media/media.schemas';
import { notificationPayload, receiptPayload } from '@/domain/orders/order-payloads';
import type { ZCopyOrder, ZCopyOrderResult, ZCreateComplaint, TComplaintReasons } from '@/domain/orders/order-lifecycle.schemas';
import type { TOrder, TOrderInput } from '@/domain/orders/order.schemas';
import { api, ApiError } from '../../lib/api-client';
import { ORDER_FIELD_LABELS } from '../orders';
import { loadDevice } from '../offline';
import { deviceBackedGet, orderImagesQuery, worksheetFittersQuery, worksheetOrderQuery } from './order-query';

const q = encodeURIComponent;

/** Danish names of the worksheet's field paths, for the exception dialog of a refused save. */
export const WORKSHEET_FIELD_LABELS: Record<string, string> = {
  ...ORDER_FIELD_LABELS,
  'additionalData.worker': 'Montør',
  'additionalData.helper': 'Hjælper',
  'additionalData.windowManufacturer': 'Rudefabrikat',
  'additionalData.workKM': 'Kilometer',
  'additionalData.timeSpent': 'Tidsforbrug',
  'additionalData.internalOrderComment': 'Intern kommentar',
  'additionalData.onHoldComment': 'Kommentar',
  'additionalData.onHoldReason': 'Årsag',
  'orderProperties.signCalibrationChallenges': 'Ansvarsfraskrivelse',
  'complaint.issues': 'Reklamation årsag',
  'complaint.workerFault': 'Montørfejl',
  images: 'Billeder',
};

export { orderQueryKey, worksheetOrderQuery } from './order-query';

export function useWorksheetOrder(orderId: string | undefined) {
  return useQuery({ ...worksheetOrderQuery(orderId ?? ''), enabled: Boolean(orderId) });
}

/*
 * A fitter's changes (issue 38) go through the device (loadDevice): sent at once when the network is there and no
 * earlier change of the job waits, otherwise kept on the device, shown as done, and sent when the network is back.
 * The mutations run also without a network (networkMode 'always') for that.
 */

/** PUT /api/order/order: a save, or a status change the server decides on (finish, hold, send on). */
export function useSaveWorksheet() {
  return useMutation({
    mutationFn: async (order: TOrderInput, { client }) => {
      const device = await loadDevice(client);
      return device ? device.saveOrder(order) : api.put<TOrder>('/api/order/order', order);
    },
    networkMode: 'always',
    meta: { errorMessage: 'Api: "saveOrder" failed', fieldLabels: WORKSHEET_FIELD_LABELS },
  });
}

export function useDeleteOrder() {
  return useMutation({
    mutationFn: (orderId: string) => api.delete<TOrder>('/api/order/order', { orderId }),
    meta: { errorMessage: 'Api: "deleteOrder" failed', fieldLabels: WORKSHEET_FIELD_LABELS },
  });
}

export function useCopyOrder() {
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: string; body: z.input<typeof ZCopyOrder> }) =>
      api.post<z.infer<typeof ZCopyOrderResult>>(`/api/order/copy/${q(orderId)}`, body),
    meta: { errorMessage: 'Api: "copyOrder" failed', fieldLabels: WORKSHEET_FIELD_LABELS },
  });
}

export function useCreateComplaint() {
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: string; body: z.input<typeof ZCreateComplaint> }) =>
      api.post<TOrder>(`/api/Complaint/create/${q(orderId)}`, body),
    meta: { errorMessage: 'Api: "createComplaint" failed', fieldLabels: WORKSHEET_FIELD_LABELS },
  });
}

export function createMoreSale(orderId: string): Promise<TOrder> {
  return api.get<TOrder>(`/api/MoreSaleOrder/create/${q(orderId)}`);
}

export function createLoanCarInsurance(orderId: string): Promise<TOrder> {
  return api.get<TOrder>(`/api/MoreSaleOrder/create/${q(orderId)}/LoanCarInsurance`);
}

// ---- People and lists ----------------------------------------------------------------------

/** The fitters (role Operation) for worker and helper. */
export function useFitters() {
  return useQuery({ ...worksheetFittersQuery(), meta: { errorMessage: 'Api: "getUsersInRole" failed' } });
}

/** The complaint issue lists (nine internal, twenty customer reasons). */
export function useComplaintReasons(enabled: boolean) {
  return useQuery({
    queryKey: ['complaint', 'reasons'],
    queryFn: ({ signal, client }) => deviceBackedGet<TComplaintReasons>(client, '/api/complaint/reasons', 'complaint-reasons', signal),
    networkMode: 'always',
    enabled,
    staleTime: 5 * 60_000,
    meta: { errorMessage: 'Api: "getComplaintReasons" failed' },
  });
}

// ---- Photos --------------------------------------------------------------------------------

export function useOrderImages(orderId: string, debitorNo: string) {
  return useQuery({ ...orderImagesQuery(orderId, debitorNo), meta: { errorMessage: 'Api: "getImages" failed' } });
}

/**
 * A multipart PUT (uploads and signatures): fetch with the same-origin cookie; the api client
 * sends only JSON. Errors come back as the API's error body.
 */
async function putMultipart<T>(path: string, form: FormData): Promise<T> {
  const response = await fetch(path, { method: 'PUT', body: form, credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (response.status === 401) window.location.assign('/login');
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const error = (body ?? {}) as { type?: string; message?: string; errors?: Record<string, string[]> };
    throw new ApiError({
      status: response.status,
      type: error.type === 'VALIDATION_ERROR' ? 'VALIDATION_ERROR' : 'GENERIC_ERROR',
      message: error.message ?? `PUT ${path} ${response.status}`,
      errors: error.errors ?? null,
      url: path,
      serverMessage: error.message ?? null,
    });
  }
  return body as T;
}

export function useUploadImage() {
  return useMutation({
    mutationFn: async (
      { orderId, imageType, file }: { orderId: string; imageType: TImageType; file: Blob & { name?: string } },
      { client },
    ) => {
      const device = await loadDevice(client);
      if (device) return device.uploadPhoto(orderId, imageType, file, file.name ?? 'billede.jpg');
      const form = new FormData();
      form.append('orderId', orderId);
      form.append('imageType', imageType);
      form.append('fileName', file.name ?? 'billede.jpg');
      form.append('file', file, file.name ?? 'billede.jpg');
      return putMultipart<TOrderImage>('/api/media', form);
    },
    networkMode: 'always',
    meta: { errorMessage: 'Api: "uploadImage" failed' },
  });
}

// ---- Signing and loan cars -----------------------------------------------------------------

function signatureForm(png: Blob): FormData {
  const form = new FormData();
  form.append('file', png, 'signatur.png');
  return form;
}

export function useSignDisclaimer() {
  return useMutation({
    mutationFn: async ({ orderId, png }: { orderId: string; png: Blob }, { client }) => {
      const device = await loadDevice(client);
      if (device) return device.signDocument(orderId, png);
      return putMultipart<string>(`/api/SignedPDF/SignCalibrationChallenges/${q(orderId)}`, signatureForm(png));
    },
    networkMode: 'always',
    meta: { errorMessage: 'Api: "signCalibrationChallenges" failed' },
  });
}

export function useSignLoanCar() {
  return useMutation({
    mutationFn: async ({ orderId, carId, png }: { orderId: string; carId: string; png: Blob }, { client }) => {
      const device = await loadDevice(client);
      if (device) return device.signDocument(orderId, png, carId);
      return putMultipart<string>(`/api/SignedPDF/SignLoanCar/${q(orderId)}/${q(carId)}`, signatureForm(png));
    },
    networkMode: 'always',
    meta: { errorMessage: 'Api: "signLoanCar" failed' },
  });
}

export function useLoanCars(departmentId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['loancars', departmentId],
    queryFn: ({ signal, client }) =>
      deviceBackedGet<TLoanCar[]>(client, `/api/DepartmentLoanCar/${q(departmentId)}`, `loancars:${departmentId}`, signal),
    networkMode: 'always',
    enabled,
    meta: { errorMessage: 'Api: "getLoanCars" failed' },
  });
}

/** Marks a damage on the order's loan car: the server lets the worksheet mark only the loan car of its order. */
export function addLoanCarDamage(orderId: string, carId: string, position: { x: number; y: number }) {
  return api.post<unknown>(`/api/DepartmentLoanCar/damage/add/${q(carId)}/?orderId=${q(orderId)}`, position);
}

export function removeLoanCarDamage(orderId: string, carId: string, damageId: string) {
  return api.delete<unknown>(`/api/DepartmentLoanCar/damage/remove/${q(carId)}/${q(damageId)}?orderId=${q(orderId)}`);
}

// ---- E-mail --------------------------------------------------------------------------------

export function useSendWorksheetEmail() {
  return useMutation({
    mutationFn: ({
      order,
      kind,
      comment,
      workerName,
    }: {
      order: TOrder;
      kind: 'RECEIPT' | 'NOTIFICATION';
      comment: string;
      workerName: string;
    }) =>
      kind === 'RECEIPT'
        ? api.post<unknown>('/api/email/sendreceipt', { ...receiptPayload(order), comment })
        : api.post<unknown>('/api/email/sendnotification', notificationPayload(order, { workerName, comment, type: 'NOTIFICATION' })),
    meta: { errorMessage: 'Failed to send email' },
  });
}
