import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZFitterJobs } from '@/domain/orders';
import { screensAccess } from '@/server/auth/access';
import { requireUser } from '@/server/plugins/auth';
import * as service from './fitter-jobs.service';

export const fitterJobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/order/myjobs',
    {
      // The dashboard's start area, for every role that opens it; each user reads only its own jobs.
      config: { access: screensAccess('DASHBOARD') },
      schema: {
        tags: ['Ordrer'],
        summary: "The signed-in user's jobs as fitter or helper, today and tomorrow (Copenhagen), in time order",
        description:
          'Booked jobs only (Afventer, Hold, Servicekald, Gennemsyn, Udført; no offers, drafts or cancelled orders). Each job is the order as ' +
          "GET /api/order/order/{id} gives it, with `onMyWaySmsRefusal`: why the 'på vej' SMS may not be sent (null: it may).",
        response: { 200: ZFitterJobs },
      },
    },
    async (request) => service.getFitterJobs(app.db, requireUser(request.user)),
  );
};
