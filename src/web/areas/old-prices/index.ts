export { OldPricesScreen } from './screens/old-prices-screen';
