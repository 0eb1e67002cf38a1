export { DashboardScreen } from './screens/dashboard-screen';
