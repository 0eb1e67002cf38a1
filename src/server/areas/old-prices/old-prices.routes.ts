import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZOldPriceResult, ZOldPriceSearch, searchWords } from '@/domain/old-prices/old-price.schemas';
import { screensAccess } from '@/server/auth/access';
import * as repo from './old-prices.repo';

const tags = ['Gl. Prisliste'];
const OLD_PRODUCTS = screensAccess('OLD_PRODUCTS');

/** Read-only look-ups: the routes call the repo directly (there is no rule to apply). */
export const oldPricesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/oldpricelist/search/:term',
    {
      config: { access: OLD_PRODUCTS },
      schema: {
        tags,
        summary: 'Old list prices whose product number, name or EuroCode hold every word of the term (at most 200)',
        params: ZOldPriceSearch,
        response: { 200: ZOldPriceResult },
      },
    },
    async (request) => repo.searchOldPrices(app.db, searchWords(request.params.term)),
  );

  app.get(
    '/api/oldpricelist/latest',
    {
      config: { access: OLD_PRODUCTS },
      schema: { tags, summary: 'The 100 most recently expired prices (the screen before a search)', response: { 200: ZOldPriceResult } },
    },
    async () => repo.latestOldPrices(app.db, 100),
  );
};
