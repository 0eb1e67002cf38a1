export { DashboardScreen } from './screens/dashboard-screen';
/** The fitter's jobs today and tomorrow (GET /api/order/myjobs), for the device's offline copy (issue 38). */
export { FITTER_JOBS_PATH, fetchFitterJobs, fitterJobsQuery, fitterJobsQueryKey } from './fitter-jobs-query';
