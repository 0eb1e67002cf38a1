/** The transfers area's public face: the demo data makes transfers as users do. */
export { confirmTransfer, createTransfer } from './transfers.service';
