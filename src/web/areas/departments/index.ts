export { departmentOptionLabel, DEPARTMENTS_QUERY_KEY, useDepartmentNames, useDepartments } from './api';
