export { departmentOptionLabel, DEPARTMENTS_QUERY_KEY, useDepartments } from './api';
