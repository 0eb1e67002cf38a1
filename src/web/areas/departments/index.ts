export { departmentOptionLabel, DEPARTMENTS_QUERY_KEY, useDepartmentNames, useDepartments, useDepartmentSummaries } from './api';
export { departmentSummariesQuery } from './department-lists';
