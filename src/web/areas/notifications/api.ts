import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SMS_MESSAGES, type TSmsSendRequest } from '@/domain/notifications/sms';
import type { TOrder } from '@/domain/orders/order.schemas';
import { api } from '../../lib/api-client';

/** POST /api/sms/send; the lists and the order are read again so the flags show. */
export function useSendSms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSmsSendRequest) => api.post<TOrder['notificationStatus']>('/api/sms/send', body),
    meta: { errorMessage: SMS_MESSAGES.failed },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['order'] }),
  });
}
