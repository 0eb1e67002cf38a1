export { FeedbackButton, FeedbackDialog, FEEDBACK_LABEL_WITHOUT_WORKER, FEEDBACK_NEEDS_WORKER, hasWorker } from './feedback-dialog';
