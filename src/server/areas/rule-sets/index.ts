/** The rule sets area's public face: the searches ask whether departments take a car. */
export { carAcceptanceOf } from './rule-sets.service';
