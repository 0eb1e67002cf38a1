import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PRODUCT_SEARCH_KINDS,
  ZAutoValidTicket,
  ZAutoValidUpdate,
  ZCarIdentity,
  ZCarModel,
  ZInstruction,
  ZManufacturer,
  ZProduct,
  ZProductGroup,
  ZVin,
  parseCarId,
} from '@/domain/catalogue';
import { ZCar } from '@/domain/orders';
import type { TRole } from '@/domain/users';
import { screensAccess } from '@/server/auth/access';
import { createCarRegistry } from '@/server/integrations/car-registry/car-registry';
import { createLocalAutoValid } from '@/server/integrations/vin/auto-valid';
import { createVinDecoder } from '@/server/integrations/vin/vin-decoder';
import * as service from './catalogue.service';

/**
 * Car, product and price calls serve the order flow (products, customer; the dashboard's
 * price enquiry has the same roles) and the worksheet, which adds ReviewManager.
 */
const CATALOGUE = screensAccess('PRODUCTS', 'CUSTOMER', 'WORKSHEET');
/** 'VIN opslag' (document 1 section 6). */
const VIN_SEARCH: readonly TRole[] = ['VINSearch'];
/** 'Auto Valid VIN opslag'. */
const AUTO_VALID: readonly TRole[] = ['AutovalidVINSearch'];

const carTags = ['Biler'];
const productTags = ['Produkter'];

const ZPurchaseQuery = {
  /** Marks items this plate's orders bought before. */
  registrationNumber: z.string().max(20).optional(),
  /** Marks items this debitor's orders bought before. */
  debitorNo: z.string().max(50).optional(),
};

const ZCarIdQuery = z
  .string()
  .max(30)
  .optional()
  .refine((value) => !value || parseCarId(value) !== null, { error: 'Ugyldigt bil-id' });

const zId = () => z.coerce.number().int().min(0).max(2_147_483_647);

type TCatalogueOptions = Partial<service.CatalogueIntegrations> & { env?: Parameters<typeof createCarRegistry>[1] };

export const catalogueRoutes: FastifyPluginAsyncZod<TCatalogueOptions> = async (app, options) => {
  const carRegistry = options.carRegistry ?? createCarRegistry(app.db, options.env);
  const vinDecoder = options.vinDecoder ?? createVinDecoder(app.db);
  const integrations: service.CatalogueIntegrations = {
    carRegistry,
    vinDecoder,
    autoValid: options.autoValid ?? createLocalAutoValid({ registry: carRegistry, vinDecoder }),
  };

  // -------------------------------------------------------------------------
  // Cars

  app.get(
    '/api/car/manufacturers',
    {
      config: { access: CATALOGUE },
      schema: { tags: carTags, summary: 'Car makes, by name', response: { 200: z.array(ZManufacturer) } },
    },
    async () => service.listManufacturers(app.db),
  );

  app.get(
    '/api/car/models',
    {
      config: { access: CATALOGUE },
      schema: {
        tags: carTags,
        summary: "A make's models, by name",
        description: 'Years are encoded year*100+month; a yearOfConstrTo of 0 means still made.',
        querystring: z.object({ manuId: zId() }),
        response: { 200: z.array(ZCarModel) },
      },
    },
    async (request) => service.listModels(app.db, request.query.manuId),
  );

  app.get(
    '/api/car/search/:reg',
    {
      config: { access: CATALOGUE },
      schema: {
        tags: carTags,
        summary: 'The car with a registration number, with its open orders',
        params: z.object({ reg: z.string().max(20) }),
        response: { 200: ZCar },
      },
    },
    async (request) => service.findCarByRegistration(app.db, integrations, request.params.reg),
  );

  app.get(
    '/api/car/carid/:manuId/:modId/:modelYear',
    {
      config: { access: CATALOGUE },
      schema: {
        tags: carTags,
        summary: 'The car identity (carId) the product look-ups take for a model in a model year',
        params: z.object({ manuId: zId(), modId: zId(), modelYear: z.coerce.number().int().min(1900).max(2100) }),
        response: { 200: ZCarIdentity },
      },
    },
    async (request) => service.getCarIdentity(app.db, request.params.manuId, request.params.modId, request.params.modelYear),
  );

  // -------------------------------------------------------------------------
  // Products

  app.get(
    '/api/product/searchitems',
    {
      config: { access: CATALOGUE },
      schema: {
        tags: productTags,
        summary: "Product search by text, or the car's products",
        description:
          'Every word must occur in the product number, name, descriptions or group name. With carId only products ' +
          "fitting the car (and items fitting any car); with carId and no text the car's products. At most 200 products.",
        querystring: z.object({ search: z.string().max(200).default(''), carId: ZCarIdQuery, ...ZPurchaseQuery }),
        response: { 200: z.array(ZProductGroup) },
      },
    },
    async (request) => service.searchItems(app.db, request.query),
  );

  app.get(
    '/api/product/search/:kind',
    {
      config: { access: CATALOGUE },
      schema: {
        tags: productTags,
        summary: 'Product search by one number kind (No, EuroCode, Nags, …)',
        params: z.object({ kind: z.enum(PRODUCT_SEARCH_KINDS) }),
        querystring: z.object({ term: z.string().max(100).default(''), ...ZPurchaseQuery }),
        response: { 200: z.array(ZProductGroup) },
      },
    },
    async (request) => service.searchByKind(app.db, request.params.kind, request.query.term, request.query),
  );

  app.get(
    '/api/product/autoComplete/:kind',
    {
      config: { access: CATALOGUE },
      schema: {
        tags: productTags,
        summary: 'Up to ten suggestions for a number kind, those starting with the term first',
        params: z.object({ kind: z.enum(PRODUCT_SEARCH_KINDS) }),
        querystring: z.object({ term: z.string().max(100).default('') }),
        response: { 200: z.array(z.string()) },
      },
    },
    async (request) => service.autoComplete(app.db, request.params.kind, request.query.term),
  );

  app.get(
    '/api/product/searchitem',
    {
      config: { access: CATALOGUE },
      schema: {
        tags: productTags,
        summary: 'One product by its exact number',
        querystring: z.object({ search: z.string().trim().min(1).max(50), ...ZPurchaseQuery }),
        response: { 200: ZProduct },
      },
    },
    async (request) => service.getProduct(app.db, request.query.search, request.query),
  );

  app.get(
    '/api/product/carrep',
    {
      config: { access: CATALOGUE },
      schema: { tags: productTags, summary: 'The stone-chip repair items (REP1…REP8)', response: { 200: z.array(ZProduct) } },
    },
    async () => service.listRepairProducts(app.db),
  );

  app.get(
    '/api/Instruction/:id',
    {
      config: { access: CATALOGUE },
      schema: {
        tags: productTags,
        summary: 'The mounting instruction of a EuroCode',
        params: z.object({ id: z.string().trim().min(1).max(50) }),
        response: { 200: ZInstruction },
      },
    },
    async (request) => service.getInstruction(app.db, request.params.id),
  );

  app.get(
    '/api/product/image/:no',
    {
      config: { access: CATALOGUE },
      schema: {
        tags: productTags,
        summary: "A product's picture: an SVG drawing of its kind (windscreen, side window, repair, calibration, …)",
        params: z.object({ no: z.string().trim().min(1).max(50) }),
      },
    },
    async (request, reply) => {
      const image = await service.getProductImage(app.db, request.params.no);
      reply.headers({
        etag: image.etag,
        // The URL carries the drawings' version, so a day in the browser's cache is safe.
        'cache-control': 'private, max-age=86400',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      });
      if (request.headers['if-none-match'] === image.etag) return reply.code(304).send();
      return reply.type('image/svg+xml; charset=utf-8').send(image.svg);
    },
  );

  // -------------------------------------------------------------------------
  // VIN look-up and Auto Valid

  app.get(
    '/api/product/vinsearch/:vin',
    {
      config: { access: VIN_SEARCH },
      schema: {
        tags: productTags,
        summary: 'Products fitting the car a VIN belongs to, VIN items first',
        description: 'An unknown VIN answers an empty list.',
        params: z.object({ vin: ZVin }),
        querystring: z.object(ZPurchaseQuery),
        response: { 200: z.array(ZProductGroup) },
      },
    },
    async (request) => service.vinSearch(app.db, integrations, request.params.vin, request.query),
  );

  app.get(
    '/api/product/cardata/:x',
    {
      config: { access: [...VIN_SEARCH, ...AUTO_VALID] },
      schema: {
        tags: carTags,
        summary: 'The car a VIN belongs to',
        description: 'The VIN is taken from ?vin=, or from the path when the query has none.',
        params: z.object({ x: z.string().max(50) }),
        querystring: z.object({ vin: z.string().max(50).optional() }),
        response: { 200: ZCar },
      },
    },
    async (request) => service.findCarByVin(app.db, integrations, request.query.vin || request.params.x),
  );

  app.get(
    '/api/vin/CreateTicketAutoValid/:a/:b',
    {
      config: { access: AUTO_VALID },
      schema: {
        tags: carTags,
        summary: 'Start an Auto Valid look-up for a registration number or VIN (a) and order type (b)',
        description: 'Only REPLACE_FRONT, REPLACE_REAR and REPLACE_ROOF. Poll GetTicketUpdate with the ticket id.',
        params: z.object({ a: z.string().max(50), b: z.string().max(50) }),
        response: { 200: ZAutoValidTicket },
      },
    },
    async (request) => service.createAutoValidTicket(integrations, request.params.a, request.params.b),
  );

  app.get(
    '/api/vin/GetTicketUpdate/:a/:b',
    {
      config: { access: AUTO_VALID },
      schema: {
        tags: carTags,
        summary: "An Auto Valid ticket's answer: 'NOTREADY', or the VIN and the car's glass",
        description: 'a is the ticket id; b is accepted and not used.',
        params: z.object({ a: z.string().max(100), b: z.string().max(100) }),
        response: { 200: ZAutoValidUpdate },
      },
    },
    async (request, reply) => {
      const update = await service.getAutoValidUpdate(app.db, integrations, request.params.a);
      // A bare string would go out as text/plain; the client reads every 200 answer as JSON.
      if (typeof update === 'string') return reply.type('application/json; charset=utf-8').send(JSON.stringify(update));
      return update;
    },
  );
};
