import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAvailableSlotsAll, ZAvailableSlotsByRegion, ZAvailableSlotsQuery, ZDeliveryTimes } from '@/domain/planning';
import { screensAccess } from '@/server/auth/access';
import * as service from './planning.service';

const tags = ['Planning'];
/** The calls of Ledige slots and its two regional views (the same roles). */
const AVAILABLE_SLOTS = screensAccess('AVAILABLE_SLOTS', 'AVAILABLE_SLOTS_JUTLAND', 'AVAILABLE_SLOTS_FYN_SJAELLAND');
/** Leveringstid has no role restriction: any signed-in user. */
const DELIVERY_TIME = screensAccess('DELIVERY_TIME');

export const planningRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/availableslots/getAll',
    {
      config: { access: AVAILABLE_SLOTS },
      schema: {
        tags,
        summary: 'Free window-replace and stone-chip places of every active department, today and the next 6 days, by region',
        response: { 200: ZAvailableSlotsAll },
      },
    },
    async () => service.getAllAvailableSlots(app.db, app.clock()),
  );

  app.get(
    '/api/availableslots/getByRegion',
    {
      config: { access: AVAILABLE_SLOTS },
      schema: {
        tags,
        summary: "One region's free places from a day, 7 days (or days=1)",
        querystring: ZAvailableSlotsQuery,
        response: { 200: ZAvailableSlotsByRegion },
      },
    },
    async (request) => ({
      data: await service.getAvailableSlotsByRegion(
        app.db,
        request.query.region,
        request.query.startDateTime,
        request.query.days,
        app.clock(),
      ),
    }),
  );

  app.get(
    '/api/deliverytime',
    {
      config: { access: DELIVERY_TIME },
      schema: {
        tags,
        summary: 'Working days to the first free window-replace and stone-chip place per department (-1: none within 8 weeks), by region',
        response: { 200: ZDeliveryTimes },
      },
    },
    async () => service.getDeliveryTimes(app.db, app.clock()),
  );
};
