import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCapacityOptions, ZForecast, ZForecastInput, ZTrainingDataInput, ZTrainingDataSaved, ZTryFindInput } from '@/domain/capacity';
import { screensAccess } from '@/server/auth/access';
import { requireUser } from '@/server/plugins/auth';
import * as service from './capacity.service';

const tags = ['Capacity optimisation'];
/** Kapacitetsoptimering: Adminstrator and Operation, as the screen. */
const CAPACITY = screensAccess('CAPACITY_OPTIMIZATION');

export const capacityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/CapacityOptimization/tryFind',
    {
      config: { access: CAPACITY },
      schema: {
        tags,
        summary:
          'Suggestions (MOVE_WORKER, START_IN_SHOP, WINDOW_TO_STONE_CHIP) for departments whose delivery time is at least minDeliveryTime, best first',
        body: ZTryFindInput,
        response: { 200: ZCapacityOptions },
      },
    },
    async (request) => service.tryFind(app.db, request.body.minDeliveryTime, app.clock()),
  );

  app.post(
    '/api/CapacityOptimization/AddTrainingData',
    {
      config: { access: CAPACITY },
      schema: {
        tags,
        summary: 'Saves a suggestion as training data; createdBy is the signed-in user (a createdBy in the body is ignored)',
        body: ZTrainingDataInput,
        response: { 200: ZTrainingDataSaved },
      },
    },
    async (request) => service.addTrainingData(app.db, request.body, requireUser(request.user)),
  );

  app.get(
    '/api/CapacityOptimization/trainingData.csv',
    {
      config: { access: ['Adminstrator'] },
      schema: {
        tags,
        summary: 'Every saved suggestion as CSV (UTF-8 with BOM, ";"), oldest first; administrators only',
        produces: ['text/csv'],
      },
    },
    async (_request, reply) => service.sendTrainingDataCsv(app.db, reply),
  );

  app.post(
    '/api/CapacityOptimization/DeliveryForcast',
    {
      config: { access: CAPACITY },
      schema: {
        tags,
        summary: "A department's free places for 14 days with replace/repair places added per open day, and the delivery that follows",
        body: ZForecastInput,
        response: { 200: ZForecast },
      },
    },
    async (request) => service.getForecast(app.db, request.body, app.clock()),
  );
};
