export { FeedbackButton, FeedbackDialog, FEEDBACK_NEEDS_WORKER, hasWorker } from './feedback-dialog';
