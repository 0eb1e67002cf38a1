import { DEPARTMENT_SPECS, MOBILE_DEPARTMENTS, departmentId } from './departments';
import { createRandom, stableUuid } from './random';
import { VEHICLES } from './vehicles';

/** Free electric loan cars at the workshops that offer them, with damage markers on the drawing. */
export interface LoanCarRow {
  id: string;
  departmentId: string;
  regNumber: string;
  make: string;
  model: string;
  colour: string;
  fuelType: string;
}

export interface LoanCarDamageRow {
  id: string;
  loanCarId: string;
  x: number;
  y: number;
  description: string;
}

export interface ResourceRelationRow {
  id: string;
  departmentId: string;
  resourceId: string;
}

const FLEET: readonly { make: string; model: string }[] = [
  { make: 'Renault', model: 'Zoe' },
  { make: 'VW', model: 'ID.3' },
  { make: 'Peugeot', model: 'e-208' },
  { make: 'Hyundai', model: 'Kona Electric' },
  { make: 'Kia', model: 'e-Niro' },
  { make: 'Fiat', model: '500e' },
  { make: 'MG', model: 'MG4 Electric' },
  { make: 'VW', model: 'e-up!' },
];

const DAMAGES = [
  'Ridse i kofanger',
  'Bule i dør',
  'Stenslag i forrude',
  'Skramme på fælg',
  'Ridse på bagklap',
  'Lille bule i forskærm',
  'Revne i sidespejlsglas',
  'Plet på bagsæde',
];

const random = createRandom(20_260_306);

/** Cars per workshop: the big ones keep three. */
const CARS_PER_DEPARTMENT: Record<string, number> = { ARH: 3, VAL: 3, ODE: 2, AAL: 2, GLO: 2, VEJ: 2, KOL: 1, ROS: 1 };

/** Loan-car plates never clash with a plate in the car registry. */
const usedPlates = new Set<string>(VEHICLES.map((vehicle) => vehicle.registrationNumber));
function plate(): string {
  for (;;) {
    const candidate = `${random.pick(['EB', 'EC', 'EF', 'EH', 'DZ', 'DV'])}${random.int(10000, 99999)}`;
    if (!usedPlates.has(candidate)) {
      usedPlates.add(candidate);
      return candidate;
    }
  }
}

export const LOAN_CARS: readonly LoanCarRow[] = DEPARTMENT_SPECS.filter((spec) => spec.loanCar).flatMap((spec) =>
  Array.from({ length: CARS_PER_DEPARTMENT[spec.code] ?? 1 }, (_, i) => {
    const car = random.pick(FLEET);
    return {
      id: stableUuid(`loan-car:${spec.code}:${i}`),
      departmentId: departmentId(spec.code),
      regNumber: plate(),
      make: car.make,
      model: car.model,
      colour: random.pick(['Hvid', 'Grå', 'Blå', 'Sort', 'Rød', 'Sølv']),
      fuelType: 'El',
    };
  }),
);

export const LOAN_CAR_DAMAGES: readonly LoanCarDamageRow[] = LOAN_CARS.flatMap((car) =>
  random.chance(0.55)
    ? Array.from({ length: random.int(1, 3) }, (_, i) => ({
        id: stableUuid(`loan-car-damage:${car.regNumber}:${i}`),
        loanCarId: car.id,
        x: random.int(5, 95),
        y: random.int(5, 95),
        description: random.pick(DAMAGES),
      }))
    : [],
);

/** Each van can use its parent workshop as a resource (parts pick-up, calibration bay). */
export const RESOURCE_RELATIONS: readonly ResourceRelationRow[] = MOBILE_DEPARTMENTS.map((spec) => ({
  id: stableUuid(`resource-relation:${spec.code}`),
  departmentId: departmentId(spec.code),
  resourceId: departmentId(spec.parent as string),
}));
