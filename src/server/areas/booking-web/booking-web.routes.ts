import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZWebBook, ZWebBooking, ZWebCarFound, ZWebCarQuery, ZWebMove, ZWebOffers, ZWebOffersQuery, ZWebToken } from '@/domain/booking-web';
import { addressKey } from '@/server/auth/throttle';
import type { Env } from '@/server/env';
import { createCarRegistry, type CarRegistry } from '@/server/integrations/car-registry/car-registry';
import * as service from './booking-web.service';
import { cachedManageKey, type ManageKey } from './manage-token';

const tags = ['Webbooking'];
/** The largest body the page sends (a booking with its contact details) is under 2 KB; anyone may send these. */
const PUBLIC_BODY_LIMIT = 8 * 1024;
const config = { access: 'public' } as const;

export interface BookingWebRoutesOptions {
  /** DATA_DIR (an older installation's manage-link key file, taken over into the database), PUBLIC_URL (the confirmation's link; without it the request's own address) and the car registry's. */
  env: Env;
  registry?: CarRegistry;
  key?: ManageKey;
}

/**
 * The public booking page's API (issue 41): no session; each call is throttled per client address, a booking also
 * per phone number, and a manage link reaches only its own booking.
 */
export const bookingWebRoutes: FastifyPluginAsyncZod<BookingWebRoutesOptions> = async (app, options) => {
  const registry = options.registry ?? createCarRegistry(app.db, options.env);
  const given = options.key;
  // The manage links' key from the database, made when the app is ready (one row, once per database) and kept; a
  // database that is not there yet costs the start nothing: the first call that needs the key reads it then.
  const manageKey = given ? () => Promise.resolve(given) : cachedManageKey(app.db, options.env.DATA_DIR);
  app.addHook('onReady', async () => {
    await manageKey().catch(() => undefined);
  });
  const withKey = async (): Promise<service.WebBookingDeps> => ({ db: app.db, registry, key: await manageKey() });

  app.post(
    '/api/web-booking/car',
    {
      config,
      bodyLimit: PUBLIC_BODY_LIMIT,
      schema: {
        tags,
        summary: "A plate's make, model and year, and the insurers' names to choose from",
        body: ZWebCarQuery,
        response: { 200: ZWebCarFound },
      },
    },
    async (request) => {
      await service.throttleAddress(app.db, 'plate', request.ip);
      return service.lookUpCar(await withKey(), request.body);
    },
  );

  app.post(
    '/api/web-booking/offers',
    {
      config,
      bodyLimit: PUBLIC_BODY_LIMIT,
      schema: { tags, summary: 'Places and free times for a car, job and zip code', body: ZWebOffersQuery, response: { 200: ZWebOffers } },
    },
    async (request) => {
      await service.throttleAddress(app.db, 'offers', request.ip);
      return service.findOffers(await withKey(), request.body);
    },
  );

  app.post(
    '/api/web-booking/book',
    {
      config,
      bodyLimit: PUBLIC_BODY_LIMIT,
      schema: { tags, summary: 'Book a time (a web order, WEB_REVIEW)', body: ZWebBook, response: { 201: ZWebBooking } },
    },
    async (request, reply) => {
      await service.throttle(app.db, [
        { key: addressKey('web-book', request.ip), limit: service.WEB_LIMITS.book },
        { key: `web-book:phone:${request.body.phone}`, limit: service.WEB_LIMITS.bookPerPhone },
      ]);
      const base = options.env.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
      const booking = await service.book(await withKey(), request.body, base.replace(/\/$/, ''));
      return reply.code(201).send(booking);
    },
  );

  app.post(
    '/api/web-booking/manage',
    {
      config,
      bodyLimit: PUBLIC_BODY_LIMIT,
      schema: { tags, summary: 'The booking a manage link names', body: ZWebToken, response: { 200: ZWebBooking } },
    },
    async (request) => {
      await service.throttleAddress(app.db, 'manage', request.ip);
      return service.getBooking(await withKey(), request.body.token);
    },
  );

  app.post(
    '/api/web-booking/manage/offers',
    {
      config,
      bodyLimit: PUBLIC_BODY_LIMIT,
      schema: { tags, summary: 'Where the booking may move', body: ZWebToken, response: { 200: ZWebOffers } },
    },
    async (request) => {
      await service.throttleAddress(app.db, 'manage', request.ip);
      return service.findMoveOffers(await withKey(), request.body.token);
    },
  );

  app.post(
    '/api/web-booking/manage/move',
    {
      config,
      bodyLimit: PUBLIC_BODY_LIMIT,
      schema: { tags, summary: 'Move the booking to another free time', body: ZWebMove, response: { 200: ZWebBooking } },
    },
    async (request) => {
      await service.throttleAddress(app.db, 'manage', request.ip);
      return service.moveBooking(await withKey(), request.body.token, request.body.place);
    },
  );

  app.post(
    '/api/web-booking/manage/cancel',
    {
      config,
      bodyLimit: PUBLIC_BODY_LIMIT,
      schema: { tags, summary: 'Cancel the booking', body: ZWebToken, response: { 200: ZWebBooking } },
    },
    async (request) => {
      await service.throttleAddress(app.db, 'manage', request.ip);
      return service.cancelBooking(await withKey(), request.body.token);
    },
  );
};
