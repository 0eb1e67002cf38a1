import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZMobileServiceOrder, ZMobileServiceOrdersQuery } from '@/domain/map';
import { screensAccess } from '@/server/auth/access';
import type { Env } from '@/server/env';
import * as service from './map.service';

const tags = ['Kort'];

const ZMapConfig = z.object({
  /** A Leaflet tile URL template, or null when the map runs without tiles. */
  mapTileUrl: z.string().nullable(),
  mapAttribution: z.string(),
});

/** The mobile-service map's calls: the vans' jobs and the tile source (the calendar's booking dialog opens the map too). */
export const mapRoutes: FastifyPluginAsyncZod<{ env: Pick<Env, 'MAP_TILE_URL' | 'MAP_ATTRIBUTION'> }> = async (app, options) => {
  app.post(
    '/api/order/mobileserviceorders',
    {
      config: { access: screensAccess('MOBILE_SERVICE_MAP', 'CALENDAR') },
      schema: {
        tags,
        summary: 'The mobile-service jobs of up to 4 vans on up to 7 days (the map)',
        body: ZMobileServiceOrdersQuery,
        response: { 200: z.array(ZMobileServiceOrder) },
      },
    },
    async (request) => service.mobileServiceOrders(app.db, request.body.departmentIds, request.body.days),
  );

  app.get(
    '/api/map/config',
    {
      config: { access: screensAccess('MOBILE_SERVICE_MAP', 'CALENDAR') },
      schema: { tags, summary: "The map's tile source (MAP_TILE_URL; null when off) and its attribution", response: { 200: ZMapConfig } },
    },
    async () => ({
      mapTileUrl: options.env.MAP_TILE_URL === 'off' ? null : options.env.MAP_TILE_URL,
      mapAttribution: options.env.MAP_ATTRIBUTION,
    }),
  );
};
