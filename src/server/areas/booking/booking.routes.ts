import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type TDayAvailability,
  ZAvailabilityRequest,
  ZDayAvailability,
  ZNearestDepartment,
  ZNearestRequest,
  ZZipCity,
} from '@/domain/booking';
import { ZZipCodeAvailability, ZZipCodeAvailabilityUpdate } from '@/domain/departments';
import { ADDRESS_MESSAGES, type TAddressSuggestions, ZAddressSuggestions } from '@/domain/addresses';
import { screensAccess } from '@/server/auth/access';
import type { Env } from '@/server/env';
import { AppError } from '@/server/errors';
import { createGeocoder } from '@/server/integrations/geocoding/geocoder';
import { onAnnounced } from '@/server/integrations/live/live-changes';
import * as service from './booking.service';
import { MonthCache } from './month-cache';

const tags = ['Booking'];
const ZAddressQuery = z.object({ input: z.string().max(200).default(''), onlyZip: z.enum(['true', 'false']).optional() });
/** Availability and zip look-ups serve the booking step, the worksheet's time and place, and the calendar. */
const BOOKING = screensAccess('BOOKING', 'WORKSHEET', 'CALENDAR');

type TBookingEnv = Pick<
  Env,
  'NODE_ENV' | 'ADDRESS_PROVIDER' | 'DATAFORDELER_URL' | 'DATAFORDELER_API_KEY' | 'DAWA_URL' | 'GEOCODING_URL' | 'ADDRESS_TIMEOUT_MS'
>;

export const bookingRoutes: FastifyPluginAsyncZod<{ env: TBookingEnv }> = async (app, options) => {
  const zipSuggestions = async (input: string) => (await service.searchZipCodes(app.db, input)).map((z) => `${z.zipCode} ${z.city}`);
  const geocoder = createGeocoder(
    options.env,
    app.db,
    {
      zipOfCity: async (city) => (await service.searchZipCodes(app.db, city, 1))[0]?.zipCode ?? null,
      suggestZipCodes: zipSuggestions,
    },
    (message) => app.log.warn(message),
  );
  const suggestAddresses = async ({ input, onlyZip }: z.infer<typeof ZAddressQuery>): Promise<TAddressSuggestions> => {
    const zipOnly = onlyZip === 'true';
    const found = zipOnly ? { suggestions: await zipSuggestions(input), lookedUp: true } : await geocoder.suggest(input);
    return { ...found, message: found.lookedUp ? null : ADDRESS_MESSAGES.lookupFailed };
  };

  // The answer is sent as the cache keeps it, past the serializer: outside production it is checked here instead.
  const ZMonth = z.array(ZDayAvailability);
  const months = new MonthCache(app.live, options.env.NODE_ENV === 'production' ? {} : { check: (days) => void ZMonth.parse(days) });
  const stopHearing = onAnnounced(app.db, months.changed);
  app.addHook('onClose', async () => stopHearing());

  app.post(
    '/api/timeslot/:departmentId/:year/:month',
    {
      config: { access: BOOKING },
      schema: {
        tags,
        summary: 'A month of availability for one department: one entry per day with its slots',
        params: z.object({
          departmentId: z.uuid(),
          year: z.coerce.number().int().min(2000).max(2100),
          month: z.coerce.number().int().min(1).max(12),
        }),
        body: ZAvailabilityRequest.optional(),
        response: { 200: ZMonth },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const car = body ? { carMake: body.carMake, carModel: body.carModel, orderType: body.OrderType } : null;
      const { departmentId, year, month } = request.params;
      const answer = await service.getMonthAvailabilityAnswer(app.db, months, {
        departmentId,
        year,
        month,
        now: new Date(),
        zipCode: body?.zipCode ?? '',
        car,
      });
      // Already JSON (the cache keeps answers as sent): a buffer passes the serializer, the schema still describes it.
      return reply.type('application/json; charset=utf-8').send(answer as unknown as TDayAvailability[]);
    },
  );

  app.post(
    '/api/timeslot/nearest',
    {
      config: { access: BOOKING },
      schema: {
        tags,
        summary: 'Departments that can take the job near a zip code, nearest first',
        body: ZNearestRequest,
        response: { 200: z.array(ZNearestDepartment) },
      },
    },
    async (request) => {
      const { searchCriteria, ...rest } = request.body;
      return service.findNearest(app.db, { ...rest, zipCode: searchCriteria.zipCode, city: searchCriteria.city });
    },
  );

  app.get(
    '/api/zipcode/city/:zip',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'The city of a zip code (city empty when unknown)',
        params: z.object({ zip: z.string().max(10) }),
        response: { 200: ZZipCity },
      },
    },
    async (request) => ({ zipCode: request.params.zip, city: (await service.findCity(app.db, request.params.zip)) ?? '' }),
  );

  app.get(
    '/api/zipcode/:zip',
    {
      config: { access: screensAccess('BOOKING', 'WORKSHEET', 'ZIPCODE_AVALABILITY') },
      schema: {
        tags,
        summary: 'Mobile-service departments serving a zip code, per weekday',
        params: z.object({ zip: z.string().max(10) }),
        response: { 200: z.array(ZZipCodeAvailability) },
      },
    },
    async (request) => service.zipAvailability(app.db, request.params.zip),
  );

  const ZIPCODES = screensAccess('ZIPCODE_AVALABILITY');

  app.get(
    '/api/zipcode/department/:id',
    {
      config: { access: ZIPCODES },
      schema: {
        tags,
        summary: 'The zip codes a mobile-service department serves, per weekday',
        params: z.object({ id: z.uuid() }),
        response: { 200: z.array(ZZipCodeAvailability) },
      },
    },
    async (request) => service.zipAvailabilityOfDepartment(app.db, request.params.id),
  );

  app.get(
    '/api/zipcode/navResponsibilityCenter/:code',
    {
      config: { access: ZIPCODES },
      schema: {
        tags,
        summary: 'The zip codes served by the departments of a responsibility centre',
        params: z.object({ code: z.string().trim().min(1).max(20) }),
        response: { 200: z.array(ZZipCodeAvailability) },
      },
    },
    async (request) => service.zipAvailabilityOfResponsibilityCenter(app.db, request.params.code),
  );

  app.post(
    '/api/zipcode/',
    {
      config: { access: ZIPCODES },
      schema: {
        tags,
        summary: "Save one row of Postnummer styring (a zip code's van and weekdays)",
        body: ZZipCodeAvailabilityUpdate,
        response: { 200: ZZipCodeAvailability },
      },
    },
    async (request) => service.saveZipCodeAvailability(app.db, request.body),
  );

  app.get(
    '/api/departments/address',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "Address suggestions for typed text (the address service's, or zip codes and cities without one or with onlyZip)",
        querystring: ZAddressQuery,
        response: { 200: z.array(z.string()) },
      },
    },
    async (request) => (await suggestAddresses(request.query)).suggestions,
  );

  app.get(
    '/api/departments/address/search',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Address suggestions for typed text, saying whether the address service answered (issue 42)',
        querystring: ZAddressQuery,
        response: { 200: ZAddressSuggestions },
      },
    },
    async (request) => suggestAddresses(request.query),
  );

  app.get(
    '/api/departments/coordinates',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "Coordinates of an address, zip code or city (exact through ADDRESS_PROVIDER, else the zip code area's centre)",
        querystring: z.object({ input: z.string().trim().min(1).max(200) }),
        response: { 200: z.object({ lat: z.number(), lng: z.number(), exact: z.boolean() }) },
      },
    },
    async (request) => {
      const found = await geocoder.locate(request.query.input);
      if (!found) throw AppError.notFound('Adressen kunne ikke findes');
      return found;
    },
  );
};
