/**
 * The worksheet's calls (document 2 section 7) with the spec's failure toasts (section 8).
 * Bodies and answers are the domain's schemas; every path is under /api.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TImageType } from '@/domain/media/media.schemas';
import { notificationPayload, receiptPayload } from '@/domain/orders/order-payloads';
import type { ZCopyOrder, ZCopyOrderResult, ZCreateComplaint, TComplaintReasons } from '@/domain/orders/order-lifecycle.schemas';
import type { TOrder, TOrderInput } from '@/domain/orders/order.schemas';
import { api } from '../../lib/api-client';
import { signDisclaimer, signLoanCar } from '../documents';
import { fetchLoanCars, loanCarsDeviceKey, loanCarsQueryKey } from '../loan-cars';
import { DEFAULT_PHOTO_NAME, uploadImage } from '../media';
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
    queryFn: ({ signal, client }) =>
      deviceBackedGet(client, () => api.get<TComplaintReasons>('/api/complaint/reasons', signal), 'complaint-reasons'),
    networkMode: 'always',
    enabled,
    staleTime: 5 * 60_000,
    meta: { errorMessage: 'Api: "getComplaintReasons" failed' },
  });
}

// ---- Photos, signing and loan cars ----------------------------------------------------------
// The media, documents and loan-cars areas' calls; a fitter's photo or signature goes through his device instead.

export function useOrderImages(orderId: string, debitorNo: string) {
  return useQuery({ ...orderImagesQuery(orderId, debitorNo), meta: { errorMessage: 'Api: "getImages" failed' } });
}

export function useUploadImage() {
  return useMutation({
    mutationFn: async (
      { orderId, imageType, file }: { orderId: string; imageType: TImageType; file: Blob & { name?: string } },
      { client },
    ) => {
      const device = await loadDevice(client);
      const fileName = file.name ?? DEFAULT_PHOTO_NAME;
      return device ? device.uploadPhoto(orderId, imageType, file, fileName) : uploadImage(orderId, imageType, file, fileName);
    },
    networkMode: 'always',
    meta: { errorMessage: 'Api: "uploadImage" failed' },
  });
}

export function useSignDisclaimer() {
  return useMutation({
    mutationFn: async ({ orderId, png }: { orderId: string; png: Blob }, { client }) => {
      const device = await loadDevice(client);
      return device ? device.signDocument(orderId, png) : signDisclaimer(orderId, png);
    },
    networkMode: 'always',
    meta: { errorMessage: 'Api: "signCalibrationChallenges" failed' },
  });
}

export function useSignLoanCar() {
  return useMutation({
    mutationFn: async ({ orderId, carId, png }: { orderId: string; carId: string; png: Blob }, { client }) => {
      const device = await loadDevice(client);
      return device ? device.signDocument(orderId, png, carId) : signLoanCar(orderId, carId, png);
    },
    networkMode: 'always',
    meta: { errorMessage: 'Api: "signLoanCar" failed' },
  });
}

/** The department's loan cars under the departments screen's key; for a fitter without a network, his device's copy. */
export function useLoanCars(departmentId: string, enabled: boolean) {
  return useQuery({
    queryKey: loanCarsQueryKey(departmentId),
    queryFn: ({ signal, client }) => deviceBackedGet(client, () => fetchLoanCars(departmentId, signal), loanCarsDeviceKey(departmentId)),
    networkMode: 'always',
    enabled,
    meta: { errorMessage: 'Api: "getLoanCars" failed' },
  });
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
