import { useMutation, useQuery } from '@tanstack/react-query';
import { FEEDBACK_MESSAGES, type TFeedback, type TFeedbackType } from '@/domain/feedback/feedback';
import { api } from '../../lib/api-client';
import { fittersQuery } from '../../lib/fitters-query';

export interface FeedbackInput {
  type: TFeedbackType;
  subType: string;
  description: string;
  userId: string;
  userName: string;
  orderId: string;
  file: File | null;
}

/** PUT multipart /api/feedback/CreateFeedback. */
export function useCreateFeedback() {
  return useMutation({
    mutationFn: (input: FeedbackInput) => {
      const form = new FormData();
      form.append('type', input.type);
      form.append('subType', input.subType);
      form.append('description', input.description);
      form.append('userId', input.userId);
      form.append('userName', input.userName);
      form.append('orderId', input.orderId);
      if (input.file) {
        form.append('fileName', input.file.name);
        form.append('file', input.file, input.file.name);
      }
      return api.put<TFeedback>('/api/feedback/CreateFeedback', form);
    },
    meta: {
      errorMessage: FEEDBACK_MESSAGES.failed,
      fieldLabels: { type: 'Type', subType: 'Underkategori', description: 'Kommentar', userId: 'Montør', file: 'Billede' },
    },
  });
}

/** The fitters (role Operation), to name the order's worker. */
export function useFitters(enabled: boolean) {
  return useQuery({ ...fittersQuery(), enabled });
}
