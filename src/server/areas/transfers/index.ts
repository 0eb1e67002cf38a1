/** The transfers area's public face: the demo data makes transfers as users do; a finished order consumes stock. */
export { confirmTransfer, consumeOrderStock, createTransfer } from './transfers.service';
