/** The departments area's public face for other areas. */
export { findDepartmentById, listActiveDepartmentsForDays, listDepartmentKeys, listDepartments, openingHoursOf } from './departments.repo';
export { assertEditable as assertDepartmentEditable, assertReadable as assertDepartmentReadable } from './departments.service';
