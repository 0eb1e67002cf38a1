/** The departments area's public face for other areas. */
export { findDepartmentById, listActiveDepartmentsForDays, listDepartments, openingHoursOf } from './departments.repo';
export { assertEditable as assertDepartmentEditable } from './departments.service';
