/** The catalogue area's public face for other areas. */
export { searchItems } from './catalogue.service';
