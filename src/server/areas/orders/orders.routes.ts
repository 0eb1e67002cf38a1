import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOrder, type TOrder } from '@/domain/orders';
import { screensAccess } from '@/server/auth/access';
import { AppError } from '@/server/errors';
import type { Env } from '@/server/env';
import { requireUser } from '@/server/plugins/auth';
import { sendOrderVersion } from '../offline';
import { OrderAnswers } from './order-answers';
import * as service from './orders.service';

const tags = ['Ordrer'];
const FLOW = screensAccess('PRODUCTS', 'CUSTOMER', 'BOOKING', 'CONFIRM', 'RECEIPT');
const ORDER_SCREENS = screensAccess('CONFIRM', 'WORKSHEET');

const ZReceipt = z.object({
  orderId: z.string(),
  orderNr: z.string(),
  orderStatus: z.string(),
  erp: z.string().nullable().describe("The ERP export's outbox state; null when the order is not exported (offers)"),
  calendar: z.boolean().describe('The booking holds a place in the booking calendar'),
  sms: z.boolean(),
  email: z.boolean(),
});

export const ordersRoutes: FastifyPluginAsyncZod<{ env: Pick<Env, 'NODE_ENV'> }> = async (app, options) => {
  // The order is sent as OrderAnswers keeps it, past the serializer: outside production it is checked there instead.
  const answers = new OrderAnswers(options.env.NODE_ENV === 'production' ? {} : { check: (order) => void ZOrder.parse(order) });

  app.post(
    '/api/order/order',
    {
      config: { access: FLOW },
      schema: {
        tags,
        summary: 'Create an order: status PROCESSING books it (Booking), OFFER sends the offer (Email Tilbud)',
        body: ZOrder,
        response: { 200: ZOrder },
      },
    },
    async (request) => {
      const status = request.body.additionalData.orderStatus;
      if (status !== 'PROCESSING' && status !== 'OFFER') {
        throw AppError.field('additionalData.orderStatus', 'En ny ordre bookes (Afventer) eller sendes som tilbud (Tilbud)');
      }
      return service.createOrder(app.db, request.body, status === 'PROCESSING' ? 'BOOKING' : 'OFFER', requireUser(request.user));
    },
  );

  app.get(
    '/api/order/order/:id',
    {
      config: { access: ORDER_SCREENS },
      schema: {
        tags,
        summary: 'One order',
        description: "Answers ETag: the order's version (its row and lines), which a change of it names in If-Match.",
        params: z.object({ id: z.uuid() }),
        response: { 200: ZOrder },
      },
    },
    async (request, reply) => {
      const answer = await service.getOrderAnswer(app.db, answers, request.params.id);
      sendOrderVersion(reply, answer.editVersion);
      // Already JSON: a buffer passes the serializer, the schema still describes it.
      return reply.type('application/json; charset=utf-8').send(answer.body as unknown as TOrder);
    },
  );

  // PUT and DELETE /api/order/order (save from the worksheet, cancel) are in the worksheet area (worksheet.routes.ts).

  app.get(
    '/api/order/receipt/:id',
    {
      config: { access: FLOW },
      schema: { tags, summary: "The receipt's delivery ticks", params: z.object({ id: z.uuid() }), response: { 200: ZReceipt } },
    },
    async (request) => service.getReceipt(app.db, request.params.id),
  );
};
