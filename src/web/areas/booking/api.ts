/**
 * The booking's calls (src/server/areas/booking): a month's free places, the nearest vans and workshops, the vans
 * that drive to a zip code, a zip code's city and address suggestions, with the spec's failure toasts (document 1
 * section 8).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TAddressSuggestions } from '@/domain/addresses/address.schemas';
import type { TDayAvailability, TNearestDepartment } from '@/domain/booking/booking.schemas';
import type { TZipCodeAvailability } from '@/domain/departments';
import { api, isApiError } from '../../lib/api-client';

const q = encodeURIComponent;

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

async function fetchNearest(
  request: NearestRequest,
  onlyMobile: boolean,
  signal: AbortSignal,
): Promise<TNearestDepartment[] | { message: string }> {
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
