import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSmsSendRequest } from '@/domain/notifications';
import { ZNotificationStatus } from '@/domain/orders';
import { screensAccess } from '@/server/auth/access';
import { requireUser } from '@/server/plugins/auth';
import * as service from './sms.service';

const tags = ['Notifikationer'];

export const smsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/sms/send',
    {
      // The worksheet and the order lists send SMS; the offer reminder also needs Complaint or Adminstrator.
      config: { access: screensAccess('WORKSHEET', 'ASSIGNMENTS', 'OFFERS', 'WEB_ORDERS') },
      schema: {
        tags,
        summary: "Send an SMS of a kind to the order's customer; answers the order's notification flags",
        description:
          "The text is written on the server. 422 'SMS ikke tilladt' (errors.kind gives the reason), 403 for the offer reminder without Complaint/Adminstrator, 409 when the same text went to the customer within 5 minutes, 429 past 20 sends by hand a minute.",
        body: ZSmsSendRequest,
        response: { 200: ZNotificationStatus },
      },
    },
    async (request) => service.sendSms(app.db, request.body.orderId, request.body.kind, requireUser(request.user)),
  );
};
