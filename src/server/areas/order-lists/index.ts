/** The order lists' public face (Ordrer, Review ordrer, the header's search): the insurer filter the reports share. */
export { insuredBy } from './order-lists.repo';
