import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZBin,
  ZNewTransfer,
  ZStockCorrection,
  ZStockCorrectionResult,
  ZStockLocation,
  ZTransferConfirmParams,
  ZTransferLine,
  ZTransferQuery,
} from '@/domain/transfers';
import { STOCK_CORRECTION_ROLES } from '@/domain/transfers';
import { ZProductGroup } from '@/domain/catalogue';
import { screensAccess } from '@/server/auth/access';
import { requireUser } from '@/server/plugins/auth';
import * as service from './transfers.service';

const tags = ['Vareflyt'];
/** Transfer orders: Adminstrator, Operation, Stock (document 2 section 6). */
const TRANSFERS = screensAccess('ORDERS');

export const transfersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/transfer/locations',
    {
      config: { access: TRANSFERS },
      schema: { tags, summary: 'The places goods move between: shops and warehouses', response: { 200: z.array(ZStockLocation) } },
    },
    async () => service.listLocations(app.db),
  );

  app.get(
    '/api/transfer/products',
    {
      config: { access: TRANSFERS },
      schema: {
        tags,
        summary: "The product search of 'Opret overflytning', with each product's stock per location",
        description:
          'The catalogue search (every word in the number, name, descriptions or group name) for the roles of Vareflyt: ' +
          "a Stock user has no order flow, so the order flow's /api/product/searchitems is not theirs.",
        querystring: z.object({ search: z.string().max(200).default('') }),
        response: { 200: z.array(ZProductGroup) },
      },
    },
    async (request) => service.searchProducts(app.db, request.query.search),
  );

  app.get(
    '/api/transfer/binlist/:id',
    {
      config: { access: TRANSFERS },
      schema: {
        tags,
        summary: "The bins of a department's shop (department id) or a warehouse (its code); with ?item, each bin's amount of that item",
        params: z.object({ id: z.string().trim().min(1).max(36) }),
        querystring: z.object({ item: z.string().trim().max(50).default('') }),
        response: { 200: z.array(ZBin) },
      },
    },
    async (request) => service.listBins(app.db, request.params.id, request.query.item),
  );

  app.get(
    '/api/transfer/transfers',
    {
      config: { access: TRANSFERS },
      schema: {
        tags,
        summary: 'Transfer lines sent from or received at a location (departmentGuid, or location for a warehouse); dates month-day-year',
        querystring: ZTransferQuery,
        response: { 200: z.array(ZTransferLine) },
      },
    },
    async (request) => service.listTransfers(app.db, request.query),
  );

  app.post(
    '/api/transfer/transfer',
    {
      config: { access: TRANSFERS },
      schema: {
        tags,
        summary: 'Create one transfer order with these lines',
        body: ZNewTransfer,
        response: { 200: z.array(ZTransferLine) },
      },
    },
    async (request) => service.createTransfer(app.db, request.body, requireUser(request.user)),
  );

  app.post(
    '/api/transfer/transfer/:orderNo/:lineNo/:quantity/:bin',
    {
      config: { access: TRANSFERS },
      schema: {
        tags,
        summary: "Confirm a shipment (at the line's source) or a receipt (at its destination) of a quantity, from or into a bin",
        params: ZTransferConfirmParams,
        querystring: z.object({ departmentGuid: z.string().max(36).default(''), location: z.string().trim().max(20).default('') }),
        response: { 200: ZTransferLine },
      },
    },
    async (request) => service.confirmTransfer(app.db, request.params, request.query, requireUser(request.user)),
  );

  app.post(
    '/api/transfer/correction',
    {
      // Stock corrections (a count's difference): the stock keepers, the same rule Vareflyt's 'Ret antal' follows.
      config: { access: STOCK_CORRECTION_ROLES },
      schema: {
        tags,
        summary: "A stock count's difference in a bin of a shop or a warehouse (+ more counted, − less): a CORRECTION movement",
        description: 'Exported to the ERP through the outbox like a confirmation. Taking more than the bin holds is a 409 naming the bin.',
        body: ZStockCorrection,
        response: { 200: ZStockCorrectionResult },
      },
    },
    async (request) => service.correctStock(app.db, request.body, requireUser(request.user)),
  );
};
