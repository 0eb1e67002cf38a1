import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZMessage } from '@/domain/lib/api-error';
import { screensAccess } from '@/server/auth/access';
import { requireUser } from '@/server/plugins/auth';
import * as service from './notifications.service';

const tags = ['Notifikationer'];
/** E-mails are sent from the order flow, the worksheet and the order lists. */
const SENDERS = screensAccess('CUSTOMER', 'CONFIRM', 'RECEIPT', 'WORKSHEET', 'ASSIGNMENTS', 'OFFERS');

/** The receipt and order payloads carry Order_Id / Order_No; the simple notification carries orderNumber. */
const ZOrderRef = z
  .object({
    Order_Id: z.string().max(36).optional(),
    Order_No: z.string().max(20).optional(),
    orderNumber: z.string().max(20).optional(),
    comment: z.string().max(4000).optional(),
  })
  .loose();

function refOf(body: z.infer<typeof ZOrderRef>) {
  return { id: body.Order_Id, orderNr: body.Order_No ?? body.orderNumber };
}

export const notificationsRoutes: FastifyPluginAsyncZod<service.ReviewConfig> = async (app, config) => {
  const routes: Array<[string, service.EmailKind, string]> = [
    ['/api/email/sendconfirmation', 'CONFIRMATION', 'Send the booking confirmation e-mail'],
    ['/api/email/sendoffer', 'OFFER', 'Send the offer e-mail'],
    ['/api/email/sendreceipt', 'RECEIPT', 'Send the receipt e-mail (only to a customer who allows e-mail)'],
    ['/api/email/sendnotification', 'NOTIFICATION', 'Send a notification e-mail with the given comment'],
  ];
  for (const [url, kind, summary] of routes) {
    app.post(
      url,
      { config: { access: SENDERS }, schema: { tags, summary, body: ZOrderRef, response: { 200: ZMessage } } },
      async (request) => ({
        message: await service.sendOrderEmail(app.db, refOf(request.body), kind, requireUser(request.user), request.body.comment ?? ''),
      }),
    );
  }

  app.post(
    '/api/email/sendtrustpilotinvitation',
    {
      config: { access: SENDERS },
      schema: {
        tags,
        summary: 'Invite the customer of a finished order to review it',
        querystring: z.object({
          name: z.string().max(200).default(''),
          email: z.string().max(254).default(''),
          ordernr: z.string().max(20),
        }),
        response: { 200: ZMessage },
      },
    },
    async (request) => ({ message: await service.sendReviewInvitation(app.db, request.query, config, requireUser(request.user)) }),
  );
};
