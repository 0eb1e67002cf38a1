/**
 * The catalogue's calls (src/server/areas/catalogue): car makes, models and registration look-ups, the products that
 * fit a car, the number searches and the VIN look-ups (document 1 section 7), with the spec's failure toasts (section 8).
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { TCarIdentity, TCarModel, TProduct, TProductGroup, TProductSearchKind } from '@/domain/catalogue/catalogue.schemas';
import type { TCar } from '@/domain/orders/order.schemas';
import { api } from '../../lib/api-client';
import { manufacturersQuery } from '../../lib/car-lists';

const q = encodeURIComponent;

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

/** One catalogue product by its number (the fixed lines UD, BIL001, REP6 the rules add). */
export function fetchCatalogueItem(no: string, signal?: AbortSignal): Promise<TProduct> {
  return api.get<TProduct>(`/api/product/searchitem?search=${q(no)}`, signal);
}
