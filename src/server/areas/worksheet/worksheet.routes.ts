import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCopyOrder, ZCopyOrderResult, ZCreateComplaint, ZSelectListContainer, ZStatusChange, selectLists } from '@/domain/orders';
import { STATUS_CHANGERS } from '@/domain/orders';
import { ZOrder } from '@/domain/orders';
import { screensAccess } from '@/server/auth/access';
import { requireUser } from '@/server/plugins/auth';
import { ZOrderVersionHeaders, ifMatchOf, sendOrderVersion } from '../offline';
import * as service from './worksheet.service';

const tags = ['Ordreforløb'];
const WORKSHEET = screensAccess('WORKSHEET');
/** The order is saved from the confirm step of the order flow and from the worksheet. */
const ORDER_SCREENS = screensAccess('CONFIRM', 'WORKSHEET');
const ZId = z.object({ id: z.uuid() });

export const worksheetRoutes: FastifyPluginAsyncZod<service.ReviewRules> = async (app, rules) => {
  app.put(
    '/api/order/order',
    {
      config: { access: ORDER_SCREENS },
      schema: {
        tags,
        summary:
          'Save an existing order with the status the user asks for: the same status saves, FINISHED finishes (the server decides ' +
          'FINISHED, PENDING_REVIEW or SERVICE_CALL), ON_HOLD holds, PROCESSING sends a web order to the orders or ends a hold',
        body: ZOrder,
        headers: ZOrderVersionHeaders,
        response: { 200: ZOrder },
      },
    },
    async (request, reply) => {
      const saved = await service.saveOrderAtVersion(app.db, request.body, requireUser(request.user), rules, ifMatchOf(request));
      sendOrderVersion(reply, saved.version);
      return saved.order;
    },
  );

  app.delete(
    '/api/order/order',
    {
      config: { access: WORKSHEET },
      schema: {
        tags,
        summary: 'Cancel an order (status CANCELLED; orders are never removed)',
        body: z.object({ orderId: z.uuid() }).loose(),
        response: { 200: ZOrder },
      },
    },
    async (request) => service.cancelOrder(app.db, request.body.orderId, requireUser(request.user)),
  );

  app.post(
    '/api/order/status/:orderId',
    {
      config: { access: STATUS_CHANGERS },
      schema: {
        tags,
        summary: "Set an order's status as chosen ('Vælg ny order status')",
        params: z.object({ orderId: z.uuid() }),
        body: ZStatusChange,
        response: { 200: ZOrder },
      },
    },
    async (request) => service.changeStatus(app.db, request.params.orderId, request.body.status, requireUser(request.user), rules),
  );

  app.post(
    '/api/order/copy/:id',
    {
      config: { access: WORKSHEET },
      schema: {
        tags,
        summary: 'Copy an order into a new booking at the chosen time and place',
        params: ZId,
        body: ZCopyOrder,
        response: { 200: ZCopyOrderResult },
      },
    },
    async (request) => service.copyOrder(app.db, request.params.id, request.body, requireUser(request.user)),
  );

  app.post(
    '/api/Complaint/create/:id',
    {
      config: { access: screensAccess('WORKSHEET', 'COMPLAINTS') },
      schema: {
        tags,
        summary: 'Create a complaint (or internal complaint) on a done order',
        params: ZId,
        body: ZCreateComplaint,
        response: { 200: ZOrder },
      },
    },
    async (request) => service.createComplaint(app.db, request.params.id, request.body, requireUser(request.user)),
  );

  app.get(
    '/api/MoreSaleOrder/create/:id',
    {
      config: { access: WORKSHEET, stateChangingGet: true },
      schema: { tags, summary: 'Create an extra sale (SALE) for the customer and car of an order', params: ZId, response: { 200: ZOrder } },
    },
    async (request) => service.createMoreSale(app.db, request.params.id, requireUser(request.user)),
  );

  app.get(
    '/api/MoreSaleOrder/create/:id/LoanCarInsurance',
    {
      config: { access: WORKSHEET, stateChangingGet: true },
      schema: {
        tags,
        summary: "Create the loan car's excess-waiver sale after the loan agreement is signed",
        params: ZId,
        response: { 200: ZOrder },
      },
    },
    async (request) => service.createMoreSale(app.db, request.params.id, requireUser(request.user), { loanCarInsurance: true }),
  );

  app.get(
    '/api/SelectListContainer',
    {
      config: { access: screensAccess('WORKSHEET', 'ASSIGNMENTS', 'PENDING', 'COMPLAINTS') },
      schema: { tags, summary: "The worksheet's select lists as value/label pairs", response: { 200: ZSelectListContainer } },
    },
    async () => selectLists(),
  );
};
