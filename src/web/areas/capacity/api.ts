import { useMutation } from '@tanstack/react-query';
import {
  CAPACITY_MESSAGES,
  type TCapacityOption,
  type TForecast,
  type TForecastInput,
  type TTrainingDataSaved,
} from '@/domain/capacity/capacity.schemas';
import { api } from '../../lib/api-client';
import { notify } from '../../lib/notify';

/** Where an administrator downloads the saved suggestions as CSV. */
export const TRAINING_DATA_CSV_URL = '/api/CapacityOptimization/trainingData.csv';

/** POST /api/CapacityOptimization/tryFind: a search the user starts, so a mutation (not refetched by itself). */
export function useTryFind() {
  return useMutation({
    mutationFn: (minDeliveryTime: number) => api.post<TCapacityOption[]>('/api/CapacityOptimization/tryFind', { minDeliveryTime }),
    meta: { errorMessage: CAPACITY_MESSAGES.tryFindFailed, fieldLabels: { minDeliveryTime: 'Min leverings tid' } },
  });
}

/** POST /api/CapacityOptimization/AddTrainingData: the server sets createdBy from the session. */
export function useAddTrainingData() {
  return useMutation({
    mutationFn: (option: TCapacityOption) => api.post<TTrainingDataSaved>('/api/CapacityOptimization/AddTrainingData', option),
    meta: { errorMessage: CAPACITY_MESSAGES.trainingDataFailed },
    onSuccess: () => notify.success(CAPACITY_MESSAGES.trainingDataSaved),
  });
}

/** POST /api/CapacityOptimization/DeliveryForcast */
export function useDeliveryForecast() {
  return useMutation({
    mutationFn: (input: TForecastInput) => api.post<TForecast>('/api/CapacityOptimization/DeliveryForcast', input),
    meta: { errorMessage: CAPACITY_MESSAGES.forecastFailed },
  });
}
