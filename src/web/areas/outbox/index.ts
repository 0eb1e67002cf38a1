export { OutboxScreen } from './screens/outbox-screen';
export { FailedSmsNotice } from './components/failed-sms-notice';
