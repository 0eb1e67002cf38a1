export { ComplaintReportScreen } from './screens/complaint-report-screen';
