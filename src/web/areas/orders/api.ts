/**
 * The calls of the order-creation flow (document 1 section 7) with the spec's failure toasts
 * (section 8). Every path is under /api.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { TAddressSuggestions } from '@/domain/addresses/address.schemas';
import type { TDayAvailability, TNearestDepartment, TZipCodeAvailability } from '@/domain/booking/booking.schemas';
import type {
  TCarIdentity,
  TCarModel,
  TProduct,
  TProductGroup,
  TProductSearchKind,
} from '@/domain/catalogue/catalogue.schemas';
import type { TOrderList, TOrderListRequestInput } from '@/domain/orders/order-list.schemas';
import { receiptPayload } from '@/domain/orders/order-payloads';
import type { TCar, TOrder, TOrderInput } from '@/domain/orders/order.schemas';
import type { TDebitor, TDebitorItemPrice, TDebitorSearchField } from '@/domain/parties/party.schemas';
import { api, isApiError } from '../../lib/api-client';
import { olderThanPrefetch } from '../../lib/prefetched';
import { insurersQuery, leasersQuery, manufacturersQuery } from '../../lib/car-lists';

const q = encodeURIComponent;

/** Danish names of the order's field paths, for the exception dialog of a refused order. */
export const ORDER_FIELD_LABELS: Record<string, string> = {
  'customer.name': 'Kundens navn',
  'customer.address': 'Kundens adresse',
  'customer.city': 'Kundens by',
  'customer.zipCode': 'Kundens postnummer',
  'customer.phone': 'Kundens telefon',
  'customer.phonePrefix': 'Landekode',
  'customer.email': 'Kundens e-mail',
  'debitor.no': 'Debitornummer',
  'debitor.debitorName': 'Debitors navn',
  'debitor.address': 'Debitors adresse',
  'debitor.zipCode': 'Debitors postnummer',
  'debitor.city': 'Debitors by',
  'debitor.phone': 'Debitors telefon',
  'debitor.email': 'Debitors e-mail',
  'debitor.cvr': 'CVR',
  'car.make': 'Bilmærke',
  'car.model': 'Model',
  'car.modelYear': 'Årgang',
  'car.registrationNumber': 'Registreringsnummer',
  'timeAndPlace.department': 'Afdeling',
  'timeAndPlace.department.id': 'Afdeling',
  'timeAndPlace.date': 'Dato',
  'timeAndPlace.from': 'Fra',
  'timeAndPlace.to': 'Til',
  'timeAndPlace.timeSlotId': 'Tidsrum',
  'timeAndPlace.mobileServiceLocation.address': 'Adresse for mobilservice',
  'additionalData.orderStatus': 'Status',
  'additionalData.discountPercent': 'Rabat %',
  'additionalData.discountAmount': 'Rabat kr.',
  'additionalData.rekvNr': 'Rekv. nr',
  items: 'Varelinjer',
  _: 'Ordren',
};

// ---- Cars -------------------------------------------------------------------------------

export function useManufacturers() {
  return useQuery({ ...manufacturersQuery(), meta: { errorMessage: 'Api: "getCarManufactures" failed' } });
}

export function useCarModels(manuId: number) {
  return useQuery({
    queryKey: ['car', 'models', manuId],
    queryFn: ({ signal }) => api.get<TCarModel[]>(`/api/car/models?manuId=${manuId}`, signal),
    enabled: manuId > 0,
    staleTime: 60 * 60_000,
    meta: { errorMessage: 'Api: "getCarManufactureModels" failed' },
  });
}

/** The car behind a registration number; a failure toasts with the number. */
export function useCarSearch() {
  return useMutation({
    mutationFn: (registrationNumber: string) => api.get<TCar>(`/api/car/search/${q(registrationNumber)}`),
  });
}

/** The catalogue's car id of a model in a model year, which the product look-ups take. */
export function useCarId(manuId: number, modId: number, modelYear: number | null) {
  return useQuery({
    queryKey: ['car', 'carid', manuId, modId, modelYear],
    queryFn: ({ signal }) => api.get<TCarIdentity>(`/api/car/carid/${manuId}/${modId}/${modelYear ?? 0}`, signal),
    enabled: manuId > 0 && modId > 0 && modelYear !== null,
    staleTime: 60 * 60_000,
    meta: { errorMessage: 'Api: "getCarId" failed' },
  });
}

// ---- Products ---------------------------------------------------------------------------

/** The products that fit the car (no search text), grouped. */
export function useCarProducts(carId: string | undefined) {
  return useQuery({
    queryKey: ['product', 'car', carId],
    queryFn: ({ signal }) => api.get<TProductGroup[]>(`/api/product/searchitems?search=&carId=${q(carId ?? '')}`, signal),
    enabled: Boolean(carId),
    meta: { errorMessage: 'Api: "getProducts" failed' },
  });
}

/** The stone-chip repair products (GET /product/carrep), for REPAIR orders. */
export function useRepairProducts(enabled: boolean) {
  return useQuery({
    queryKey: ['product', 'carrep'],
    queryFn: ({ signal }) => api.get<TProduct[]>('/api/product/carrep', signal),
    enabled,
    staleTime: 5 * 60_000,
    meta: { errorMessage: 'Api: "updateRepList" failed' },
  });
}

export interface ProductSearch {
  kind: TProductSearchKind;
  term: string;
}

/** A number-kind search (the search bar); the failure toast names the term. */
export function useProductSearch(search: ProductSearch | null) {
  return useQuery({
    queryKey: ['product', 'search', search?.kind, search?.term],
    queryFn: ({ signal }) => api.get<TProductGroup[]>(`/api/product/search/${q(search!.kind)}?term=${q(search!.term)}`, signal),
    enabled: search !== null && search.term.trim() !== '',
    meta: { errorMessage: `Api: "updateSearchList" failed with input ${search?.term ?? ''}` },
  });
}

/** Suggestions for the search box (shown 500 ms after typing); failures stay quiet. */
export function useProductSuggestions(kind: TProductSearchKind, term: string) {
  return useQuery({
    queryKey: ['product', 'autocomplete', kind, term],
    queryFn: ({ signal }) => api.get<string[]>(`/api/product/autoComplete/${q(kind)}?term=${q(term)}`, signal),
    enabled: term.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

export function useVinSearch(vin: string | null) {
  return useQuery({
    queryKey: ['product', 'vin', vin],
    queryFn: ({ signal }) => api.get<TProductGroup[]>(`/api/product/vinsearch/${q(vin ?? '')}`, signal),
    enabled: Boolean(vin),
    meta: { errorMessage: `Api: "updateVINSearchList" failed with input ${vin ?? ''}` },
  });
}

export interface AutoValidTicket {
  ticketId: string;
  productGroups: TProductGroup[];
}

export type AutoValidUpdate = string | { vin: string; products: TProduct[] };

export function createAutoValidTicket(regOrVin: string, orderType: string): Promise<AutoValidTicket> {
  return api.get<AutoValidTicket>(`/api/vin/CreateTicketAutoValid/${q(regOrVin)}/${q(orderType)}`);
}

export function getAutoValidUpdate(ticketId: string, orderType: string, signal?: AbortSignal): Promise<AutoValidUpdate> {
  return api.get<AutoValidUpdate>(`/api/vin/GetTicketUpdate/${q(ticketId)}/${q(orderType)}`, signal);
}

// ---- Parties ----------------------------------------------------------------------------

export function useInsurers() {
  return useQuery({ ...insurersQuery(), meta: { errorMessage: 'Api: "getInsurers" failed' } });
}

export function useLeasers() {
  return useQuery({ ...leasersQuery(), meta: { errorMessage: 'Api: "getLeasers" failed' } });
}

export function searchDebitors(field: TDebitorSearchField, query: string, signal?: AbortSignal): Promise<TDebitor[]> {
  return api.get<TDebitor[]>(`/api/debitor/search/${field}?query=${q(query)}`, signal);
}

/** The customer/company search of the dashboard (from four characters); failures toast with the term. */
export function useDebitorSearch(field: TDebitorSearchField, term: string, enabled: boolean) {
  return useQuery({
    queryKey: ['debitor', 'search', field, term],
    queryFn: ({ signal }) => searchDebitors(field, term, signal),
    enabled,
    placeholderData: keepPreviousData,
    meta: { errorMessage: `Api: "getCustomer" failed with input ${term}` },
  });
}

/** The registered debitor with this customer number (a debtor rule names its debitor by number); null when none. */
export function useDebitorByNo(no: string | null) {
  return useQuery({
    queryKey: ['debitor', 'no', no],
    queryFn: async ({ signal }) => (await searchDebitors('NAV', no ?? '', signal)).find((d) => d.no.trim() === no?.trim()) ?? null,
    enabled: Boolean(no?.trim()),
    staleTime: 5 * 60_000,
  });
}

/** A debitor's prices (kroner excl. VAT) for item numbers; never called without items. */
export function fetchDebitorPrices(debitorNo: string, itemNos: string[]): Promise<TDebitorItemPrice[]> {
  if (!debitorNo || itemNos.length === 0) return Promise.resolve([]);
  return api.post<TDebitorItemPrice[]>('/api/debitor/prices', { DebitorNo: debitorNo, Items: itemNos });
}

// ---- Booking ----------------------------------------------------------------------------

export interface AvailabilityRequest {
  departmentId: string;
  year: number;
  month: number;
  inStockLocation: string;
  carMake: string;
  carModel: string;
  orderType: string;
  /** The zip code the booking is for: at a mobile-service van the days it does not drive there are closed. */
  zipCode: string;
}

export function useMonthAvailability(request: AvailabilityRequest | null) {
  return useQuery({
    queryKey: ['timeslot', request],
    queryFn: ({ signal }) =>
      api.post<TDayAvailability[]>(
        `/api/timeslot/${q(request!.departmentId)}/${request!.year}/${request!.month}`,
        {
          inStockLocation: request!.inStockLocation,
          carMake: request!.carMake,
          carModel: request!.carModel,
          OrderType: request!.orderType,
          zipCode: request!.zipCode,
        },
        signal,
      ),
    enabled: request !== null,
    staleTime: 0,
    // No placeholder: the month before's answer was drawn on the new month's days by day number until its own came
    // (1 January showed December's free places, then closed), and another department's on the chosen one's.
    meta: { errorMessage: 'Api: "get timeslots" failed' },
  });
}

export interface NearestRequest {
  carMake: string;
  carModel: string;
  orderType: string;
  items: string[];
  zipCode: string;
}

async function fetchNearest(request: NearestRequest, onlyMobile: boolean, signal: AbortSignal): Promise<TNearestDepartment[] | { message: string }> {
  try {
    return await api.post<TNearestDepartment[]>(
      '/api/timeslot/nearest',
      {
        carMake: request.carMake,
        carModel: request.carModel,
        orderType: request.orderType,
        items: request.items,
        searchCriteria: { zipCode: request.zipCode, city: '' },
        onlyMobile,
      },
      signal,
    );
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { message: error.message };
    throw error;
  }
}

/** Mobile-service departments near a zip code. A 404 answers with the message to show (no toast). */
export function useNearestMobile(request: NearestRequest | null) {
  return useQuery({
    queryKey: ['timeslot', 'nearest', request],
    queryFn: ({ signal }) => fetchNearest(request!, true, signal),
    enabled: request !== null,
    meta: { errorMessage: 'Api: "zipCodeSearch" failed' },
  });
}

/**
 * The workshops nearest to the customer's zip code that take the car, nearest first (up to ten), for the
 * booking step's suggestion. Quiet: without an answer the user picks the workshop as before.
 */
export function useNearestWorkshops(request: NearestRequest | null) {
  return useQuery({
    queryKey: ['timeslot', 'nearest', 'workshops', request],
    queryFn: ({ signal }) => fetchNearest(request!, false, signal),
    enabled: request !== null,
    staleTime: 5 * 60_000,
  });
}

/**
 * The mobile-service vans that drive to a zip code, with their weekdays (GET /api/zipcode/{zip}), so the booking step
 * can say before a day is picked that the chosen van does not go there. Quiet: without an answer nothing is said.
 */
export function useZipCodeVans(zipCode: string | null) {
  return useQuery({
    queryKey: ['zipcode', 'vans', zipCode],
    queryFn: ({ signal }) => api.get<TZipCodeAvailability[]>(`/api/zipcode/${q(zipCode ?? '')}`, signal),
    enabled: zipCode !== null && /^\d{4}$/.test(zipCode),
    staleTime: 60_000,
  });
}

/** The city of a zip code; '' when unknown (then ignored). Failures stay quiet. */
export function fetchZipCity(zip: string): Promise<string> {
  return api
    .get<{ zipCode: string; city: string }>(`/api/zipcode/city/${q(zip)}`)
    .then((answer) => answer.city)
    .catch(() => '');
}

/** Address suggestions for typed text; `message` says when the address service gave no answer (issue 42). */
export function useAddressSuggestions(input: string) {
  return useQuery({
    queryKey: ['address', input],
    queryFn: ({ signal }) => api.get<TAddressSuggestions>(`/api/departments/address/search?input=${q(input)}`, signal),
    enabled: input.trim().length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

// ---- Orders -----------------------------------------------------------------------------

export function usePostOrder() {
  return useMutation({
    mutationFn: (order: TOrderInput) => api.post<TOrder>('/api/order/order', order),
    meta: { errorMessage: 'Api: "postOrder" failed', fieldLabels: ORDER_FIELD_LABELS },
  });
}

export function useSaveOrder() {
  return useMutation({
    mutationFn: (order: TOrderInput) => api.put<TOrder>('/api/order/order', order),
    meta: { errorMessage: 'Api: "saveOrder" failed', fieldLabels: ORDER_FIELD_LABELS },
  });
}

export function fetchOrder(orderId: string): Promise<TOrder> {
  return api.get<TOrder>(`/api/order/order/${q(orderId)}`);
}

export interface TReceipt {
  orderId: string;
  orderNr: string;
  orderStatus: string;
  /** The ERP export's outbox state; null when the order is not handed to the ERP. */
  erp: string | null;
  calendar: boolean;
  sms: boolean;
  email: boolean;
}

export function useReceipt(orderId: string | null) {
  return useQuery({
    queryKey: ['order', 'receipt', orderId],
    queryFn: ({ signal }) => api.get<TReceipt>(`/api/order/receipt/${q(orderId ?? '')}`, signal),
    enabled: Boolean(orderId),
    meta: { errorMessage: 'Loading order failed' },
  });
}

export function useSendReceiptEmail() {
  return useMutation({
    mutationFn: (order: TOrder) => api.post<unknown>('/api/email/sendreceipt', receiptPayload(order)),
    meta: { errorMessage: 'Failed to send email' },
  });
}

/**
 * The order list (POST /api/order/orders); aborted requests never toast. A screen's first list may have been asked
 * for by the router while the screen loaded (the dashboard's 'Dagens opgaver'): that answer is not asked for again.
 */
export function orderListQuery(filter: TOrderListRequestInput) {
  return queryOptions({
    queryKey: ['order', 'list', filter],
    queryFn: ({ signal }) => api.post<TOrderList>('/api/order/orders', filter, signal),
    refetchOnMount: olderThanPrefetch,
    meta: { errorMessage: 'Api: "getOrders" failed' },
  });
}

export function useOrderList(filter: TOrderListRequestInput) {
  return useQuery(orderListQuery(filter));
}

/** One catalogue product by its number (the fixed lines UD, BIL001, REP6 the rules add). */
export function fetchCatalogueItem(no: string, signal?: AbortSignal): Promise<TProduct> {
  return api.get<TProduct>(`/api/product/searchitem?search=${q(no)}`, signal);
}

export function useCatalogueItem(no: string) {
  return useQuery({
    queryKey: ['product', 'item', no],
    queryFn: ({ signal }) => fetchCatalogueItem(no, signal),
    staleTime: 60 * 60_000,
    retry: false,
  });
}
