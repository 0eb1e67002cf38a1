import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZComplaintReportFilter, ZReportRange, ZReviewLogQuery } from '@/domain/reports';
import { screensAccess } from '@/server/auth/access';
import * as service from './reports.service';

const tags = ['Rapporter'];
/** The list screens carry the logs and order-report downloads (document 2, order lists). */
const LIST_REPORTS = screensAccess('ASSIGNMENTS', 'OFFERS', 'WEB_ORDERS', 'PENDING');
const CSV = 'A CSV file for Danish Excel: UTF-8 with BOM, ";" between cells, dd-MM-yyyy dates, decimal commas; streamed in batches.';

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/report/logs',
    {
      config: { access: LIST_REPORTS },
      schema: {
        tags,
        summary: 'The log entries (moved, cancelled, …) of the days from–to, as CSV',
        description: CSV,
        querystring: ZReportRange,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => service.sendLogReport(app.db, reply, request.query),
  );

  app.get(
    '/api/report',
    {
      config: { access: LIST_REPORTS },
      schema: {
        tags,
        summary: 'The orders booked on the days from–to, as CSV',
        description: CSV,
        querystring: ZReportRange,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => service.sendOrderReport(app.db, reply, request.query),
  );

  app.get(
    '/api/report/ReviewLog',
    {
      config: { access: screensAccess('PENDING') },
      schema: {
        tags,
        summary: 'Orders sent to and out of Gennemsyn on the days, by insurer (name) and reviewer (user id), as CSV',
        description: CSV,
        querystring: ZReviewLogQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => service.sendReviewLog(app.db, reply, request.query),
  );

  app.post(
    '/api/complaint/report',
    {
      config: { access: screensAccess('COMPLAINTS') },
      schema: {
        tags,
        summary: "Reklamation Rapport: the complaints matching the filter, as 'Reklamation Rapport.csv'",
        description: CSV,
        body: ZComplaintReportFilter,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => service.sendComplaintReport(app.db, reply, request.body),
  );
};
