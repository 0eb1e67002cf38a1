/** The parties area's public face for other areas and tools. */
export { getDebitorPrices, listInsurerNames } from './parties.service';
