import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FEEDBACK_MESSAGES, ZFeedback } from '@/domain/feedback';
import { ZReportRange } from '@/domain/reports';
import { screensAccess } from '@/server/auth/access';
import type { FileStorage } from '@/server/integrations/storage/file-storage';
import { requireUser } from '@/server/plugins/auth';
import { readMultipart } from '@/server/plugins/multipart';
import * as service from './feedback.service';

const tags = ['Feedback'];

export const feedbackRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (app, options) => {
  const deps = { db: app.db, storage: options.storage };

  app.put(
    '/api/feedback/CreateFeedback',
    {
      // The worksheet and the order lists give feedback on a job's fitter.
      config: { access: screensAccess('WORKSHEET', 'ASSIGNMENTS', 'OFFERS', 'WEB_ORDERS', 'PENDING') },
      schema: {
        tags,
        summary:
          'Give feedback on the fitter of an order (multipart: type, subType, description, userId, userName, orderId, optional file and fileName)',
        description:
          "userId must be the order's worker (or helper), whose name the server stores (the client's userName is ignored); the image is JPEG, PNG or WebP. Answers the stored feedback; the client shows 'Feedback tilføjet'.",
        consumes: ['multipart/form-data'],
        response: { 200: ZFeedback },
      },
    },
    async (request) => {
      const body = await readMultipart(request, { tooLarge: FEEDBACK_MESSAGES.imageTooLarge });
      return service.createFeedback(deps, body, requireUser(request.user));
    },
  );

  app.get(
    '/api/feedback',
    {
      config: { access: screensAccess('ASSIGNMENTS', 'OFFERS', 'WEB_ORDERS', 'PENDING') },
      schema: {
        tags,
        summary: 'The feedback given on the days from–to, as CSV (UTF-8 with BOM, ";")',
        querystring: ZReportRange,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => service.sendFeedbackReport(app.db, reply, request.query),
  );
};
