/**
 * The transfers area's public face: the demo data makes transfers as users do; a finished order consumes stock; a
 * new workshop gets its shop's stock location and bins (and loses them again when deleted unused).
 */
export { createDepartmentStockLocation, deleteDepartmentStockLocation } from './stock-locations.service';
export { confirmTransfer, consumeOrderStock, createTransfer } from './transfers.service';
