import type { Random } from './random';

/** Common Danish first and last names, for car owners and users in the local car registry. */
export const FIRST_NAMES = [
  'Anne', 'Mette', 'Kirsten', 'Hanne', 'Susanne', 'Lene', 'Camilla', 'Louise', 'Maria', 'Julie', 'Sofie', 'Ida',
  'Karen', 'Pia', 'Tina', 'Charlotte', 'Emma', 'Freja', 'Line', 'Marianne',
  'Peter', 'Jens', 'Lars', 'Michael', 'Henrik', 'Søren', 'Thomas', 'Jesper', 'Niels', 'Rasmus', 'Martin', 'Mads',
  'Anders', 'Christian', 'Morten', 'Frederik', 'Mikkel', 'Kasper', 'Jacob', 'Ole',
] as const;

export const LAST_NAMES = [
  'Nielsen', 'Jensen', 'Hansen', 'Pedersen', 'Andersen', 'Christensen', 'Larsen', 'Sørensen', 'Rasmussen',
  'Jørgensen', 'Petersen', 'Madsen', 'Kristensen', 'Olsen', 'Thomsen', 'Christiansen', 'Poulsen', 'Johansen',
  'Møller', 'Mortensen', 'Knudsen', 'Jakobsen', 'Mikkelsen', 'Frederiksen', 'Lund', 'Holm', 'Schmidt', 'Eriksen',
  'Kristiansen', 'Simonsen', 'Clausen', 'Svendsen', 'Andreasen', 'Iversen', 'Østergaard', 'Jeppesen', 'Vestergaard',
] as const;

/** A full name; about one in four has a middle name, as many Danes do. */
export function personName(random: Random): string {
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  return random.chance(0.25) ? `${first} ${random.pick(LAST_NAMES)} ${last}` : `${first} ${last}`;
}

/** Common Danish street names, for the addresses of car owners and customers. */
export const STREETS = ['Vestergade', 'Østergade', 'Nørregade', 'Søndergade', 'Skolevej', 'Kirkevej', 'Møllevej', 'Parkvej', 'Birkevej', 'Ahornvej', 'Engvej', 'Skovvej', 'Stationsvej', 'Åboulevarden', 'Strandvejen', 'Bakkevej'] as const;
