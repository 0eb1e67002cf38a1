import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZOrderList, ZOrderListRequest, ZReviewOrderListRequest } from '@/domain/order-lists';
import { ORDER_SEARCH_ACCESS } from '@/domain/orders';
import { ZOrderSearchQuery, ZOrderSearchResult } from '@/domain/orders';
import { screensAccess } from '@/server/auth/access';
import * as service from './order-lists.service';

const tags = ['Ordrer'];

export const orderListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/order/orders',
    {
      config: { access: screensAccess('ASSIGNMENTS', 'OFFERS', 'WEB_ORDERS', 'PENDING', 'DASHBOARD') },
      schema: {
        tags,
        summary: 'A page of orders (25) by type, department, status, booking date range and free text, or by phone or e-mail',
        description:
          'Free text: an exact order number, part of a plate, e-mail or phone number (from three characters), or an exact debitor number. ' +
          'An empty value or the all-zero GUID means all. A phoneOrMail search ignores the status and date filters and sorts newest first.',
        body: ZOrderListRequest,
        response: { 200: ZOrderList },
      },
    },
    async (request) => service.listOrders(app.db, request.body),
  );

  app.post(
    '/api/revieworder/orders',
    {
      config: { access: screensAccess('PENDING') },
      schema: {
        tags,
        summary: 'The Gennemsyn list: the order-list filter plus insurer (name) and reviewer (user id)',
        body: ZReviewOrderListRequest,
        response: { 200: ZOrderList },
      },
    },
    async (request) => service.listReviewOrders(app.db, request.body),
  );

  app.get(
    '/api/order/search',
    {
      config: { access: ORDER_SEARCH_ACCESS },
      schema: {
        tags,
        summary: "The header's order search: the first hits for an order number, plate, phone number, e-mail or customer name",
        description:
          "The order list's free-text search (every status, date and department, newest first), and for a text of three letters or more " +
          'without digits the newest 20,000 bookings whose customer name contains it. `more`: more hits than shown; `listed`: the order list finds hits.',
        querystring: ZOrderSearchQuery,
        response: { 200: ZOrderSearchResult },
      },
    },
    async (request) => service.searchOrders(app.db, request.query.q),
  );
};
