export { WorksheetScreen } from './screens/worksheet-screen';
export { LogReasonDialog, LOG_DIALOG_TITLES } from './components/log-reason-dialog';
