import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEBITOR_SEARCH_FIELDS, ZDebitor, ZDebitorItemPrice, ZDebitorPricesRequest, ZInsurer, ZLeaser } from '@/domain/parties';
import { screensAccess } from '@/server/auth/access';
import * as service from './parties.service';

/** Insurers and leasers: the order flow and worksheet, and the order lists and Gennemsyn filter by them. */
const PAYER_LISTS = screensAccess('CUSTOMER', 'WORKSHEET', 'ASSIGNMENTS', 'OFFERS', 'WEB_ORDERS', 'PENDING');
/** The customer search and 'Kundepris': the order flow (dashboard order block, products, customer) and the worksheet. */
const DEBITORS = screensAccess('PRODUCTS', 'CUSTOMER', 'CONFIRM', 'WORKSHEET');

const tags = ['Betalere'];

export const partiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/insurers',
    { config: { access: PAYER_LISTS }, schema: { tags, summary: 'Insurers, by name', response: { 200: z.array(ZInsurer) } } },
    async () => service.listInsurers(app.db),
  );

  app.get(
    '/api/insurers/Review',
    {
      config: { access: PAYER_LISTS },
      schema: { tags, summary: 'The insurers offered in the Gennemsyn filter', response: { 200: z.array(ZInsurer) } },
    },
    async () => service.listInsurers(app.db, { reviewOnly: true }),
  );

  app.get(
    '/api/leasers',
    { config: { access: PAYER_LISTS }, schema: { tags, summary: 'Leasing companies, by name', response: { 200: z.array(ZLeaser) } } },
    async () => service.listLeasers(app.db),
  );

  app.get(
    '/api/debitor/search/:field',
    {
      config: { access: DEBITORS },
      schema: {
        tags,
        summary: 'Customer search by name, phone, customer number (NAV) or CVR',
        description: 'At most 20 answers; fewer than 4 characters answer an empty list.',
        params: z.object({ field: z.enum(DEBITOR_SEARCH_FIELDS) }),
        querystring: z.object({ query: z.string().max(100).default('') }),
        response: { 200: z.array(ZDebitor) },
      },
    },
    async (request) => service.searchDebitors(app.db, request.params.field, request.query.query),
  );

  app.post(
    '/api/debitor/prices',
    {
      config: { access: DEBITORS },
      schema: {
        tags,
        summary: "A debitor's prices ('Kundepris') for product numbers",
        description: 'Unit prices excl. VAT in kroner; numbers not in the catalogue are left out.',
        body: ZDebitorPricesRequest,
        response: { 200: z.array(ZDebitorItemPrice) },
      },
    },
    async (request) => service.getDebitorPrices(app.db, request.body.DebitorNo, request.body.Items),
  );
};
