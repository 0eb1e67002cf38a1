import { eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { carMakes, carModels, vehicles } from '@/server/db/schema';
import type { Env } from '@/server/env';
import { createNummerpladeApiRegistry } from './nummerpladeapi';

/** A car as a registry knows it: registration, VIN, make and model (names and catalogue ids), payer facts. */
export interface RegisteredCar {
  registrationNumber: string;
  vin: string;
  make: string;
  /** The catalogue's make id; 0 when the registry's make is not in the catalogue. */
  manuId: number;
  model: string;
  /** The catalogue's model id; 0 when unknown. */
  modId: number;
  modelYear: number | null;
  /** The insurer as the national car statistics write it (an insurer's bilStatistikName). */
  insurance: string;
  /** PrivatLeaset, IkkeLeaset or empty. */
  leasing: string;
  leaser: string;
  owner: string;
  /** The owner's home when the owner is a person; empty otherwise. */
  ownerAddress: string;
  ownerZipCode: string;
  ownerCity: string;
  user: string;
  equipmentLine: string;
  segment: string;
  doorQuantity: number | null;
  colour: string;
  bodywork: string;
  /** 'YYYY-MM-DD' or null. */
  firstRegistrationDate: string | null;
}

/** Looks a car up by its registration number (already normalised: no spaces, upper case). */
export interface CarRegistry {
  readonly name: string;
  findByRegistration(registrationNumber: string): Promise<RegisteredCar | null>;
}

/** Cars of the local `vehicles` table with their catalogue make and model. */
export async function findLocalVehicle(db: DbOrTx, where: SQL): Promise<RegisteredCar | null> {
  const [row] = await db
    .select({
      registrationNumber: vehicles.registrationNumber,
      vin: vehicles.vin,
      manuId: vehicles.manuId,
      make: carMakes.name,
      modId: vehicles.modelId,
      model: carModels.name,
      modelYear: vehicles.modelYear,
      insurance: vehicles.insurance,
      leasing: vehicles.leasing,
      leaser: vehicles.leaser,
      owner: vehicles.owner,
      ownerAddress: vehicles.ownerAddress,
      ownerZipCode: vehicles.ownerZipCode,
      ownerCity: vehicles.ownerCity,
      user: vehicles.user,
      equipmentLine: vehicles.equipmentLine,
      segment: vehicles.segment,
      doorQuantity: vehicles.doorQuantity,
      colour: vehicles.colour,
      bodywork: vehicles.bodywork,
      firstRegistrationDate: vehicles.firstRegistrationDate,
    })
    .from(vehicles)
    .leftJoin(carMakes, eq(carMakes.manuId, vehicles.manuId))
    .leftJoin(carModels, eq(carModels.modelId, vehicles.modelId))
    .where(where)
    .limit(1);
  if (!row) return null;
  return { ...row, manuId: row.manuId ?? 0, make: row.make ?? '', modId: row.modId ?? 0, model: row.model ?? '' };
}

/** The default, offline registry: the `vehicles` table (demo data, or a copy of the national register). */
export function createLocalCarRegistry(db: DbOrTx): CarRegistry {
  return {
    name: 'local',
    findByRegistration: (registrationNumber) => findLocalVehicle(db, eq(vehicles.registrationNumber, registrationNumber)),
  };
}

/**
 * The registry the app uses: the local one, or with CAR_REGISTRY=nummerpladeapi the motor register through
 * nummerpladeapi.dk (issue 42). An outside registry throws a ProviderError when it gives no usable answer.
 */
export function createCarRegistry(
  db: DbOrTx,
  env: Pick<Env, 'CAR_REGISTRY' | 'NUMMERPLADEAPI_URL' | 'NUMMERPLADEAPI_TOKEN' | 'CAR_REGISTRY_TIMEOUT_MS'> | undefined,
): CarRegistry {
  if (env?.CAR_REGISTRY === 'nummerpladeapi' && env.NUMMERPLADEAPI_TOKEN) {
    return createNummerpladeApiRegistry(db, {
      url: env.NUMMERPLADEAPI_URL,
      token: env.NUMMERPLADEAPI_TOKEN,
      timeoutMs: env.CAR_REGISTRY_TIMEOUT_MS,
    });
  }
  return createLocalCarRegistry(db);
}
