import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MEDIA_MESSAGES, ZOrderImage } from '@/domain/media';
import { screensAccess } from '@/server/auth/access';
import type { FileStorage } from '@/server/integrations/storage/file-storage';
import { fileHeaders } from '@/server/integrations/storage/file-headers';
import { requireUser } from '@/server/plugins/auth';
import { readMultipart } from '@/server/plugins/multipart';
import { ZOrderVersionHeaders, ifMatchOf, sendOrderVersion } from '../offline';
import * as service from './media.service';

const tags = ['Billeder'];
const WORKSHEET = screensAccess('WORKSHEET');

export const mediaRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (app, options) => {
  const deps = { db: app.db, storage: options.storage };

  app.put(
    '/api/media',
    {
      config: { access: WORKSHEET },
      schema: {
        tags,
        summary: 'Upload a photo of an order (multipart: file, orderId, imageType, fileName)',
        description:
          'JPEG, PNG or WebP of at most 15 MB and 64 megapixels, decoded and stored anew: upright by its EXIF orientation, ' +
          'at most 1920 px and 1 MB (a larger PNG becomes a JPEG), without EXIF, GPS or other metadata. ' +
          "Type CUSTOM (also spelled 'Custom'; any letter case) keeps several images; any other type keeps one, so a new upload replaces it. " +
          'Closed orders (FINISHED, CANCELLED) refuse with 409; so does an order with 60 images or 60 MB; ' +
          'a user who stored 300 MB within the last 24 hours gets 429.',
        consumes: ['multipart/form-data'],
        headers: ZOrderVersionHeaders,
        response: { 200: ZOrderImage },
      },
    },
    async (request, reply) => {
      const ifMatch = ifMatchOf(request);
      const body = await readMultipart(request, { tooLarge: MEDIA_MESSAGES.tooLarge });
      const uploaded = await service.uploadImage(deps, body, requireUser(request.user), ifMatch);
      sendOrderVersion(reply, uploaded.version);
      return uploaded.image;
    },
  );

  app.get(
    '/api/media/:orderId/:debitorNo',
    {
      config: { access: WORKSHEET },
      schema: {
        tags,
        summary: "An order's photos, by type (Før, Efter, Skade, Kilometertæller, Stelnummer, Andet) and upload time",
        description: "debitorNo is the order's debitor number as the worksheet sends it; the photos are the order's whatever it is.",
        params: z.object({ orderId: z.uuid(), debitorNo: z.string().max(50) }),
        response: { 200: z.array(ZOrderImage) },
      },
    },
    async (request) => service.listImages(app.db, request.params.orderId),
  );

  app.get(
    '/api/media/file/:imageId',
    {
      config: { access: WORKSHEET },
      schema: { tags, summary: "A photo's bytes with its content type", params: z.object({ imageId: z.uuid() }) },
    },
    async (request, reply) => {
      const file = await service.readImageFile(deps, request.params.imageId);
      return reply.headers(fileHeaders(file.contentType, file.fileName)).send(file.bytes);
    },
  );

  app.delete(
    '/api/media/:imageId',
    {
      config: { access: WORKSHEET },
      schema: {
        tags,
        summary: 'Remove a photo (not on a closed order)',
        params: z.object({ imageId: z.uuid() }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.deleteImage(deps, request.params.imageId, requireUser(request.user));
      return reply.code(204).send(null);
    },
  );
};
