import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type TDayAvailability,
  ZAvailabilityRequest,
  ZDayAvailability,
  ZNearestDepartment,
  ZNearestRequest,
  ZZipCity,
  ZZipCodeAvailability,
  ZZipCodeAvailabilityUpdate,
} from '@/domain/booking/booking.schemas';
import { screensAccess } from '@/server/auth/access';
import type { Env } from '@/server/env';
import { AppError } from '@/server/errors';
import { createGeocoder } from '@/server/integrations/geocoding/geocoder';
import { onAnnounced } from '@/server/integrations/live/live-changes';
import * as service from './booking.service';
import { MonthCache } from './month-cache';

const tags = ['Booking'];
/** Availability and zip look-ups serve the booking step, the worksheet's time and place, and the calendar. */
const BOOKING = screensAccess('BOOKING', 'WORKSHEET', 'CALENDAR');

export const bookingRoutes: FastifyPluginAsyncZod<{ env: Pick<Env, 'GEOCODING_URL' | 'NODE_ENV'> }> = async (app, options) => {
  const geocoder = createGeocoder(
    options.env,
    async (city) => (await service.searchZipCodes(app.db, city, 1))[0]?.zipCode ?? null,
    (message) => app.log.warn(message),
  );
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
        params: z.object({ departmentId: z.uuid(), year: z.coerce.number().int().min(2000).max(2100), month: z.coerce.number().int().min(1).max(12) }),
        body: ZAvailabilityRequest.optional(),
        response: { 200: ZMonth },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const car = body ? { carMake: body.carMake, carModel: body.carModel, orderType: body.OrderType } : null;
      const { departmentId, year, month } = request.params;
      const answer = await service.getMonthAvailabilityAnswer(app.db, months, { departmentId, year, month, now: new Date(), zipCode: body?.zipCode ?? '', car });
      // Already JSON (the cache keeps answers as sent): a buffer passes the serializer, the schema still describes it.
      return reply.type('application/json; charset=utf-8').send(answer as unknown as TDayAvailability[]);
    },
  );

  app.post(
    '/api/timeslot/nearest',
    {
      config: { access: BOOKING },
      schema: { tags, summary: 'Departments that can take the job near a zip code, nearest first', body: ZNearestRequest, response: { 200: z.array(ZNearestDepartment) } },
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
      schema: { tags, summary: 'The city of a zip code (city empty when unknown)', params: z.object({ zip: z.string().max(10) }), response: { 200: ZZipCity } },
    },
    async (request) => ({ zipCode: request.params.zip, city: (await service.findCity(app.db, request.params.zip)) ?? '' }),
  );

  app.get(
    '/api/zipcode/:zip',
    {
      config: { access: screensAccess('BOOKING', 'WORKSHEET', 'ZIPCODE_AVALABILITY') },
      schema: { tags, summary: 'Mobile-service departments serving a zip code, per weekday', params: z.object({ zip: z.string().max(10) }), response: { 200: z.array(ZZipCodeAvailability) } },
    },
    async (request) => service.zipAvailability(app.db, request.params.zip),
  );

  const ZIPCODES = screensAccess('ZIPCODE_AVALABILITY');

  app.get(
    '/api/zipcode/department/:id',
    {
      config: { access: ZIPCODES },
      schema: { tags, summary: 'The zip codes a mobile-service department serves, per weekday', params: z.object({ id: z.uuid() }), response: { 200: z.array(ZZipCodeAvailability) } },
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
      schema: { tags, summary: "Save one row of Postnummer styring (a zip code's van and weekdays)", body: ZZipCodeAvailabilityUpdate, response: { 200: ZZipCodeAvailability } },
    },
    async (request) => service.saveZipCodeAvailability(app.db, request.body),
  );

  app.get(
    '/api/departments/address',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Address suggestions for typed text (the local geocoder knows zip codes and cities)',
        querystring: z.object({ input: z.string().max(200).default(''), onlyZip: z.enum(['true', 'false']).optional() }),
        response: { 200: z.array(z.string()) },
      },
    },
    async (request) => (await service.searchZipCodes(app.db, request.query.input)).map((z) => `${z.zipCode} ${z.city}`),
  );

  app.get(
    '/api/departments/coordinates',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Coordinates of an address, zip code or city (exact with GEOCODING_URL, else the zip code area\'s centre)',
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
