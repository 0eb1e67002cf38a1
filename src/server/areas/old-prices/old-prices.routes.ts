import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OLD_PRICE_IMPORT_MAX_BYTES,
  OLD_PRICE_IMPORT_MAX_ROWS,
  OLD_PRICE_MESSAGES,
  ZOldPriceImportReport,
  ZOldPricePageQuery,
  ZOldPriceSearch,
  ZOldProductPage,
  searchWords,
} from '@/domain/old-prices';
import { screensAccess } from '@/server/auth/access';
import { readMultipart } from '@/server/plugins/multipart';
import * as repo from './old-prices.repo';
import * as service from './old-prices.service';

const tags = ['Gl. Prisliste'];
const OLD_PRODUCTS = screensAccess('OLD_PRODUCTS');
const PAGING = 'Paged with ?page= (0-based) and ?pageSize= (10–100, default 25); `total` counts every match.';

/** The look-ups call the repo directly (there is no rule to apply); the import goes through the service. */
export const oldPricesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/oldpricelist/search/:term',
    {
      config: { access: OLD_PRODUCTS },
      schema: {
        tags,
        summary: 'Old products whose product number, brand, model, EuroCode, OEM, Autover, AGC or DB nr. hold every word of the term',
        description: `getOldProducts (document 3). At least 2 characters. OEM and other numbers also match without spaces, dashes, dots and slashes. An exact product number, EuroCode or OEM number comes first, then by brand, model, year and product number. ${PAGING}`,
        params: ZOldPriceSearch,
        querystring: ZOldPricePageQuery,
        response: { 200: ZOldProductPage },
      },
    },
    async (request) => repo.searchOldProducts(app.db, request.params.term, searchWords(request.params.term), request.query),
  );

  app.get(
    '/api/oldpricelist',
    {
      config: { access: OLD_PRODUCTS },
      schema: {
        tags,
        summary: 'The whole old price list by brand, model, year and product number (the screen before a search)',
        description: PAGING,
        querystring: ZOldPricePageQuery,
        response: { 200: ZOldProductPage },
      },
    },
    async (request) => repo.listOldProducts(app.db, request.query),
  );

  app.post(
    '/api/oldpricelist/import',
    {
      config: { access: ['Adminstrator'] },
      schema: {
        tags,
        summary: 'Import the old price list from a CSV or XLSX sheet (multipart: file, mode, dryRun)',
        description:
          `mode: 'upsert' adds rows and updates those with the same product number (only the columns the sheet has), 'replace' makes the list exactly the sheet's valid rows. ` +
          "dryRun 'true' checks the file and reports what would change without changing anything. " +
          `CSV in UTF-8 (with or without BOM), UTF-16 with BOM or Windows-1252, cells separated by ';', ',' or tab; XLSX: the first sheet with a product-number heading. ` +
          `Headings: the spec's field names or the Danish ones (Varenummer, Mærke, Model, Årgang, Pris klar, …), in any case, in the first 10 rows. ` +
          `At most ${OLD_PRICE_IMPORT_MAX_BYTES / 1024 / 1024} MB and ${OLD_PRICE_IMPORT_MAX_ROWS} rows. Rows that fail the checks are skipped and reported with their row number and the reasons; ` +
          'all accepted rows are written in one transaction. Adminstrator only.',
        consumes: ['multipart/form-data'],
        response: { 200: ZOldPriceImportReport },
      },
    },
    async (request) => {
      const body = await readMultipart(request, { tooLarge: OLD_PRICE_MESSAGES.fileTooLarge }, OLD_PRICE_IMPORT_MAX_BYTES);
      return service.importOldPrices(app.db, body);
    },
  );
};
