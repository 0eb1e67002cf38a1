/**
 * The transfer calls (document 2 section 7, 'Transfers') with the spec's toasts (section 8). Every path is under
 * /api. A place without a department (a zero GUID) is never asked about: no transfer or bin look-ups.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TProductGroup } from '@/domain/catalogue/catalogue.schemas';
import type {
  TNewTransferLine,
  TStockCorrection,
  TStockCorrectionResult,
  TTransferLine,
  ZBin,
  ZStockLocation,
} from '@/domain/transfers/transfer.schemas';
import { api } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { binListId, isKnownPlace, placeParam, transfersQuery, type TransferFilter, type TransferPlace } from './transfer-view';

export type TStockLocation = z.infer<typeof ZStockLocation>;
export type TBin = z.infer<typeof ZBin>;

const q = encodeURIComponent;
const TRANSFERS_KEY = ['transfer', 'transfers'] as const;
/** The product search with each product's stock per location: 'Opret overflytning' and the Lageroversigt. */
const PRODUCTS_KEY = ['transfer', 'products'] as const;

/** The spec's toasts. */
export const TRANSFER_TOASTS = {
  listFailed: 'Api: "getTransfers" failed',
  binsFailed: 'Api: "updateBinList" failed',
  acceptFailed: 'Api: "acceptTransfer" failed',
  createFailed: 'Api: "createTransfer" failed',
  created: 'Api: "createTransfer" succeded',
} as const;

/** Danish names of the calls' fields, for the exception dialog of a refused call. */
export const TRANSFER_FIELD_LABELS: Record<string, string> = {
  transfer_from_Code: 'Fra lokation',
  transfer_To_Code: 'Til lokation',
  item_No: 'Varenummer',
  qty_in_Transit: 'Antal',
  description: 'Beskrivelse',
  measure_Unit: 'Enhed',
  quantity: 'Antal',
  bin: 'Placeringskode',
  location: 'Lokation',
  departmentGuid: 'Afdeling',
  _: 'Overflytningen',
};

export function toPlace(location: TStockLocation): TransferPlace {
  return { code: location.code, name: location.name, departmentId: location.departmentId };
}

/** The shops and warehouses goods move between (GET /api/transfer/locations). */
export function useTransferLocations() {
  return useQuery({
    queryKey: ['transfer', 'locations'],
    queryFn: ({ signal }) => api.get<TStockLocation[]>('/api/transfer/locations', signal),
    staleTime: 60 * 60_000,
    meta: { errorMessage: 'Lokationerne kunne ikke hentes' },
  });
}

/** The lines sent from or received at a place; nothing is asked without a place. */
export function useTransfers(place: TransferPlace | null, filter: Pick<TransferFilter, 'fromDate' | 'toDate' | 'orderNr'>) {
  const known = isKnownPlace(place);
  const query = known ? transfersQuery(place, filter) : '';
  return useQuery({
    queryKey: [...TRANSFERS_KEY, query],
    queryFn: ({ signal }) => api.get<TTransferLine[]>(`/api/transfer/transfers?${query}`, signal),
    enabled: known,
    placeholderData: keepPreviousData,
    meta: { errorMessage: TRANSFER_TOASTS.listFailed },
  });
}

const BIN_STOCK_KEY = ['transfer', 'bin-stock'] as const;

/** The place's bins with the amount of one item on each (a line is shipped or received, a count corrected, per bin). */
export function useBinStock(place: TransferPlace, itemNo: string) {
  const known = isKnownPlace(place);
  const id = known ? binListId(place) : '';
  return useQuery({
    queryKey: [...BIN_STOCK_KEY, id, itemNo],
    queryFn: ({ signal }) => api.get<TBin[]>(`/api/transfer/binlist/${q(id)}?item=${q(itemNo)}`, signal),
    enabled: known && itemNo !== '',
    meta: { errorMessage: TRANSFER_TOASTS.binsFailed },
  });
}

export interface ConfirmRequest {
  line: Pick<TTransferLine, 'order_No' | 'line_No'>;
  quantity: number;
  bin: string;
  place: TransferPlace;
}

/**
 * Ships (at the line's source) or receives (at its destination) a quantity from or into a bin. Whatever the answer,
 * the lists are read again: a refusal (409) means someone else handled the line meanwhile.
 */
export function useConfirmTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ line, quantity, bin, place }: ConfirmRequest) =>
      api.post<TTransferLine>(`/api/transfer/transfer/${q(line.order_No)}/${line.line_No}/${quantity}/${q(bin)}?${placeParam(place)}`),
    meta: { errorMessage: TRANSFER_TOASTS.acceptFailed, fieldLabels: TRANSFER_FIELD_LABELS },
    onSettled: () => queryClient.invalidateQueries({ queryKey: TRANSFERS_KEY }),
  });
}

/** One transfer order with its lines; the spec's success toast. */
export function useCreateTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lines: TNewTransferLine[]) => api.post<TTransferLine[]>('/api/transfer/transfer', lines),
    meta: { errorMessage: TRANSFER_TOASTS.createFailed, fieldLabels: TRANSFER_FIELD_LABELS },
    onSuccess: () => {
      notify.success(TRANSFER_TOASTS.created);
      return queryClient.invalidateQueries({ queryKey: TRANSFERS_KEY });
    },
  });
}

/**
 * The catalogue search of 'Opret overflytning': every word in the number, name, descriptions or group, with each
 * product's stock per location in `status` (GET /api/transfer/products: the order flow's search is not Stock's).
 * Failures show in the dialog.
 */
export function useTransferProductSearch(term: string) {
  const search = term.trim();
  return useQuery({
    queryKey: [...PRODUCTS_KEY, search],
    queryFn: ({ signal }) => api.get<TProductGroup[]>(`/api/transfer/products?search=${q(search)}`, signal),
    enabled: search.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The toast of a stock correction that went through. */
export const CORRECTED_TOAST = 'Lagerantallet er rettet';

/**
 * A count's difference booked in a bin (POST /api/transfer/correction). Whatever the answer, the stock is read again:
 * a refusal (409) means the bin holds less than the correction takes, perhaps because someone moved goods meanwhile.
 * A refusal is shown in the dialog, so there is no failure toast.
 */
export function useCorrectStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (correction: TStockCorrection) => api.post<TStockCorrectionResult>('/api/transfer/correction', correction),
    meta: { fieldLabels: TRANSFER_FIELD_LABELS },
    onSuccess: () => notify.success(CORRECTED_TOAST),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY }), queryClient.invalidateQueries({ queryKey: BIN_STOCK_KEY })]),
  });
}
