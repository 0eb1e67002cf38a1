export { ReasonsScreen } from './screens/reasons-screen';
