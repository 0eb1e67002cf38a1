import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { vehicles } from '@/server/db/schema';
import { findLocalVehicle, type RegisteredCar } from '@/server/integrations/car-registry/car-registry';

/** Decodes a VIN (already validated and upper case) into the car it belongs to. */
export interface VinDecoder {
  readonly name: string;
  decode(vin: string): Promise<RegisteredCar | null>;
}

/** The default, offline decoder: the VINs of the local `vehicles` table. */
export function createLocalVinDecoder(db: DbOrTx): VinDecoder {
  return {
    name: 'local',
    decode: (vin) => findLocalVehicle(db, eq(vehicles.vin, vin)),
  };
}

/** The decoder the app uses; a VIN service adapter would be chosen here by an environment variable. */
export function createVinDecoder(db: DbOrTx): VinDecoder {
  return createLocalVinDecoder(db);
}
