import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOutboxMessage, ZOutboxPage, ZOutboxQuery } from '@/domain/outbox/outbox';
import { AppError } from '@/server/errors';
import { listMessages, retryMessage } from '@/server/integrations/outbox/outbox.repo';

const tags = ['Udbakke'];

export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/outbox',
    {
      config: { access: ['Adminstrator'] },
      schema: { tags, summary: 'Queued and delivered SMS and e-mails, newest first', querystring: ZOutboxQuery, response: { 200: ZOutboxPage } },
    },
    async (request) => listMessages(app.db, request.query),
  );

  app.post(
    '/api/outbox/:id/retry',
    {
      config: { access: ['Adminstrator'] },
      // The retry's NOTIFY wakes the worker.
      schema: { tags, summary: 'Queue a failed message again', params: z.object({ id: z.uuid() }), response: { 200: ZOutboxMessage } },
    },
    async (request) => {
      const message = await retryMessage(app.db, request.params.id);
      if (!message) throw AppError.notFound('Beskeden findes ikke eller er ikke fejlet');
      return message;
    },
  );
};
