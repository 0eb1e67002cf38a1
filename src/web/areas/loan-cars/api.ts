/**
 * The loan-cars area's calls (src/server/areas/loan-cars, /api/DepartmentLoanCar…): a department's loan cars, their
 * damage markers, and a car's adding and deleting. The departments screen and the worksheet's loan-car dialog share
 * the one list under loanCarsQueryKey; a fitter's device keeps it too (src/web/areas/offline).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TMessage } from '@/domain/lib/api-error';
import type { TLoanCar, TLoanCarDamageInput, TLoanCarInput, ZLoanCarDamageInput } from '@/domain/loan-cars/loan-car.schemas';
import { api } from '../../lib/api-client';

const q = encodeURIComponent;

export const loanCarsQueryKey = (departmentId: string) => ['loancars', departmentId] as const;

/** The key a fitter's device keeps a department's loan cars under, for the worksheet without a network. */
export const loanCarsDeviceKey = (departmentId: string) => `loancars:${departmentId}`;

/** GET /api/DepartmentLoanCar/{departmentId}: the department's cars (a van without cars of its own: its workshop's). */
export const loanCarsPath = (departmentId: string) => `/api/DepartmentLoanCar/${q(departmentId)}`;

export function fetchLoanCars(departmentId: string, signal?: AbortSignal): Promise<TLoanCar[]> {
  return api.get<TLoanCar[]>(loanCarsPath(departmentId), signal);
}

/**
 * Marks a damage on a car; answers the car with its markers. With `orderId` (the worksheet) the server lets the
 * worksheet mark only the loan car of its order.
 */
export function addLoanCarDamage(carId: string, damage: z.input<typeof ZLoanCarDamageInput>, orderId?: string): Promise<TLoanCar> {
  return api.post<TLoanCar>(`/api/DepartmentLoanCar/damage/add/${q(carId)}/${orderQuery(orderId)}`, damage);
}

export function removeLoanCarDamage(carId: string, damageId: string, orderId?: string): Promise<TLoanCar> {
  return api.delete<TLoanCar>(`/api/DepartmentLoanCar/damage/remove/${q(carId)}/${q(damageId)}${orderQuery(orderId)}`);
}

const orderQuery = (orderId: string | undefined) => (orderId === undefined ? '' : `?orderId=${q(orderId)}`);

// ---- The departments screen's loan cars ----------------------------------------------------------------------

export function useDepartmentLoanCars(departmentId: string) {
  return useQuery({
    queryKey: loanCarsQueryKey(departmentId),
    queryFn: ({ signal }) => fetchLoanCars(departmentId, signal),
    meta: { errorMessage: 'Lånebilerne kunne ikke hentes' },
  });
}

export function useAddLoanCar(departmentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ regNumber, ...car }: TLoanCarInput & { regNumber: string }) =>
      api.post<TLoanCar>(`/api/DepartmentLoanCar/${q(departmentId)}/${q(regNumber)}`, car),
    meta: { fieldLabels: { regNumber: 'Reg.nr.', make: 'Mærke', model: 'Model', colour: 'Farve', fuelType: 'Drivmiddel' } },
    onSuccess: () => client.invalidateQueries({ queryKey: loanCarsQueryKey(departmentId) }),
  });
}

export function useDeleteLoanCar(departmentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (carId: string) => api.delete<TMessage>(`/api/DepartmentLoanCar/${q(carId)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: loanCarsQueryKey(departmentId) }),
  });
}

/** Marks or removes a damage on a car; the answer is the car with its markers, put straight into the list. */
export function useLoanCarDamage(departmentId: string) {
  const client = useQueryClient();
  const put = (car: TLoanCar) =>
    client.setQueryData<TLoanCar[]>(loanCarsQueryKey(departmentId), (cars) => cars?.map((c) => (c.id === car.id ? car : c)));
  const add = useMutation({
    mutationFn: ({ carId, ...damage }: TLoanCarDamageInput & { carId: string }) => addLoanCarDamage(carId, damage),
    meta: { errorMessage: 'Skaden kunne ikke markeres' },
    onSuccess: put,
  });
  const remove = useMutation({
    mutationFn: ({ carId, damageId }: { carId: string; damageId: string }) => removeLoanCarDamage(carId, damageId),
    meta: { errorMessage: 'Skaden kunne ikke fjernes' },
    onSuccess: put,
  });
  return { add, remove };
}
