export { OrderListScreen } from './screens/order-list-screen';
