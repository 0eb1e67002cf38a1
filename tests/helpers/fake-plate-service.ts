import { startFakeServer, type FakeServer } from './fake-http';

/**
 * nummerpladeapi.dk (api.nrpla.de) as documented at https://nummerpladeapi.dk/docs: GET /{REGISTRATION} with
 * `Authorization: Bearer <token>` (or ?api_token=) answers { data: { registration, vin, brand, model, version,
 * model_year, first_registration_date, ... } }; an unknown plate is 404 { message, status_code }; a wrong token 401.
 */
export const PLATE_TOKEN = 'test-plate-token';

export const PLATE_CARS = {
  /** In the demo catalogue (make and model match by name). */
  CD98765: {
    registration: 'CD98765',
    vin: 'WVWZZZAUZKW123456',
    brand: 'VOLKSWAGEN',
    model: 'Golf VII',
    version: '1,5 TSI',
    model_year: 2019,
    first_registration_date: '2019-03-14',
    type: 'Personbil',
  },
} as const;

/** Plates the fake answers wrongly: a 200 with another plate's car, and a 200 with no car in it. */
export const WRONG_ANSWERS = {
  WR11111: { registration: 'CD98765', vin: 'WVWZZZAUZKW123456', brand: 'VOLKSWAGEN', model: 'Golf VII' },
  WR22222: { registration: 'WR22222', vin: null, brand: null, model: null },
} as const;

export async function startFakePlateService(): Promise<FakeServer> {
  return startFakeServer(
    (request) => {
      const token = request.headers.authorization === `Bearer ${PLATE_TOKEN}` || request.query.get('api_token') === PLATE_TOKEN;
      if (!token) return { status: 401, body: { message: 'Unauthenticated.', status_code: 401 } };
      const plate = decodeURIComponent(request.path.slice(1)).toUpperCase();
      const wrong = WRONG_ANSWERS[plate as keyof typeof WRONG_ANSWERS];
      if (wrong) return { status: 200, body: { data: wrong } };
      const car = PLATE_CARS[plate as keyof typeof PLATE_CARS];
      if (!car) return { status: 404, body: { message: 'Vehicle not found', status_code: 404 } };
      return { status: 200, body: { data: { ...car, fuel_type: 'Benzin', registration_status: 'Registreret', total_weight: 1750 } } };
    },
    { rateLimited: () => ({ status: 429, body: { message: 'Too Many Attempts.', status_code: 429 } }) },
  );
}
