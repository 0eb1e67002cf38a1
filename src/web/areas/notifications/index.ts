export { SmsDialog } from './sms-dialog';
export { useSendSms } from './api';
