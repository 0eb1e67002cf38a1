import { lazyDialog } from '../../lib/lazy-dialog';

export { FeedbackButton, FEEDBACK_LABEL_WITHOUT_WORKER, FEEDBACK_NEEDS_WORKER, hasWorker } from './feedback-button';

/**
 * The feedback dialog, loaded when the user starts working on the page (lazyDialog): its form, image compression and
 * calls are not part of the worksheet and the order lists that offer it, only the button is.
 */
export const FeedbackDialog = lazyDialog(() => import('./feedback-dialog').then((m) => m.FeedbackDialog));
