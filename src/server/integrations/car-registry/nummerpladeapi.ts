import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '@/server/db/client';
import { carMakes, carModels } from '@/server/db/schema';
import { fetchProviderJson, ProviderError } from '@/server/integrations/http/provider-fetch';
import type { CarRegistry, RegisteredCar } from './car-registry';

/**
 * nummerpladeapi.dk (api.nrpla.de), a commercial look-up in the Danish motor register (DMR), as documented at
 * https://nummerpladeapi.dk/docs: GET /{REGISTRATION} with the API token as a bearer token answers
 * `{ data: { registration, vin, brand, model, version, model_year, first_registration_date, ... } }`; 404 with
 * `{ message, status_code }` for a plate it does not know, 401 for a wrong token. Its make and model are matched to
 * the catalogue by name. The register has no insurer or leasing in this answer: those stay empty for the user.
 */
export function createNummerpladeApiRegistry(db: DbOrTx, options: { url: string; token: string; timeoutMs: number }): CarRegistry {
  const base = options.url.replace(/\/$/, '');
  return {
    name: 'nummerpladeapi',
    async findByRegistration(registrationNumber) {
      const { status, body } = await fetchProviderJson('nummerpladeapi', `${base}/${encodeURIComponent(registrationNumber)}`, {
        headers: { authorization: `Bearer ${options.token}`, accept: 'application/json' },
        timeoutMs: options.timeoutMs,
        accept: [404],
      });
      if (status === 404) return null;
      const answer = ZAnswer.safeParse(body);
      if (!answer.success) throw new ProviderError('nummerpladeapi', 'bad-answer', 'an answer without data.registration');
      const car = answer.data.data;
      // A car for another plate, or none (no make, model or VIN), is a wrong answer: the user enters the car by hand.
      const answered = car.registration.replace(/\s+/g, '').toUpperCase();
      if (answered && answered !== registrationNumber)
        throw new ProviderError('nummerpladeapi', 'bad-answer', `asked for ${registrationNumber}, answered ${answered}`);
      if (!car.brand && !car.model && !car.vin)
        throw new ProviderError('nummerpladeapi', 'bad-answer', 'an answer without make, model or VIN');
      return toRegisteredCar(db, car, registrationNumber);
    },
  };
}

const text = z
  .string()
  .nullish()
  .transform((v) => v?.trim() ?? '');

const ZAnswer = z.object({
  data: z.object({
    registration: text,
    vin: text,
    brand: text,
    model: text,
    version: text,
    model_year: z.number().int().nullish(),
    first_registration_date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}/)
      .nullish(),
    type: text,
  }),
});

async function toRegisteredCar(db: DbOrTx, car: z.infer<typeof ZAnswer>['data'], plate: string): Promise<RegisteredCar> {
  const [make] = car.brand
    ? await db
        .select()
        .from(carMakes)
        .where(sql`lower(${carMakes.name}) = lower(${car.brand})`)
        .limit(1)
    : [];
  const [model] =
    make && car.model
      ? await db
          .select({ modelId: carModels.modelId, name: carModels.name })
          .from(carModels)
          .where(and(eq(carModels.manuId, make.manuId), sql`lower(${carModels.name}) = lower(${car.model})`))
          .limit(1)
      : [];
  return {
    registrationNumber: car.registration.replace(/\s+/g, '').toUpperCase() || plate,
    vin: car.vin.toUpperCase(),
    make: make?.name ?? car.brand,
    manuId: make?.manuId ?? 0,
    model: model?.name ?? car.model,
    modId: model?.modelId ?? 0,
    modelYear: car.model_year ?? null,
    insurance: '',
    leasing: '',
    leaser: '',
    owner: '',
    ownerAddress: '',
    ownerZipCode: '',
    ownerCity: '',
    user: '',
    equipmentLine: car.version,
    segment: '',
    doorQuantity: null,
    colour: '',
    bodywork: '',
    firstRegistrationDate: car.first_registration_date?.slice(0, 10) ?? null,
  };
}
