import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOutboxMessage, ZOutboxPage, ZOutboxQuery } from '@/domain/outbox';
import { screensAccess } from '@/server/auth/access';
import { AppError } from '@/server/errors';
import { listMessages, listOrderSms, recordDeliveryReport, retryMessage } from '@/server/integrations/outbox/outbox.repo';
import { deliveryDetailOf, deliveryStatusOf, verifyGatewayApiJwt, ZGatewayApiReport } from '@/server/integrations/sms/gatewayapi';
import { GATEWAYAPI_REPORT_PATH } from '@/server/integrations/sms/sms-gateway';

const tags = ['Udbakke'];

/** A delivery report is a few hundred bytes; the signed token rides in a header. */
const REPORT_BODY_LIMIT = 16 * 1024;

export const outboxRoutes: FastifyPluginAsyncZod<{ gatewayApiWebhookSecret?: string | undefined }> = async (app, options) => {
  app.get(
    '/api/outbox',
    {
      config: { access: ['Adminstrator'] },
      schema: {
        tags,
        summary: 'Queued and delivered SMS and e-mails, newest first',
        querystring: ZOutboxQuery,
        response: { 200: ZOutboxPage },
      },
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

  app.get(
    '/api/outbox/order/:id/sms',
    {
      config: { access: screensAccess('WORKSHEET') },
      schema: {
        tags,
        summary: "An order's SMS with their delivery reports, newest first",
        params: z.object({ id: z.uuid() }),
        response: { 200: z.array(ZOutboxMessage) },
      },
    },
    async (request) => listOrderSms(app.db, request.params.id),
  );

  app.post(
    GATEWAYAPI_REPORT_PATH,
    {
      config: { access: 'public' },
      bodyLimit: REPORT_BODY_LIMIT,
      schema: {
        tags,
        summary: "GatewayAPI's delivery report (status webhook) for an SMS",
        description:
          "Authenticated as GatewayAPI documents it: the report is a JWT (HS256) in X-Gwapi-Signature, signed with the webhook's " +
          'authentication token (GATEWAYAPI_WEBHOOK_SECRET); its claims are the report, the body is not trusted. 401 without a valid ' +
          'signature (or with no secret configured). A transient state or an unknown message is answered 200 and changes nothing.',
        response: { 200: z.object({ recorded: z.boolean() }) },
      },
    },
    async (request) => {
      const header = request.headers['x-gwapi-signature'];
      const claims = verifyGatewayApiJwt(typeof header === 'string' ? header : undefined, options.gatewayApiWebhookSecret);
      if (claims === null) throw AppError.unauthorized('Ugyldig eller manglende signatur');
      const report = ZGatewayApiReport.safeParse(claims);
      if (!report.success) throw AppError.field('status', 'Leveringsrapporten mangler id eller status');
      const status = deliveryStatusOf(report.data);
      if (status === null) return { recorded: false };
      const recorded = await recordDeliveryReport(app.db, {
        providerMessageId: report.data.id,
        reference: report.data.userref ?? null,
        status,
        detail: deliveryDetailOf(report.data),
        reportedAt: report.data.time ? new Date(report.data.time * 1000) : new Date(),
      });
      return { recorded };
    },
  );
};
