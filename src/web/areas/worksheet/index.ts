export { WorksheetScreen } from './screens/worksheet-screen';
