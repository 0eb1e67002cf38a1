export { OutboxScreen } from './screens/outbox-screen';
