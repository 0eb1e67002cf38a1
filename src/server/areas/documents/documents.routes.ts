import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCUMENT_MESSAGES } from '@/domain/documents';
import { screensAccess } from '@/server/auth/access';
import { fileHeaders } from '@/server/integrations/storage/file-headers';
import type { FileStorage } from '@/server/integrations/storage/file-storage';
import { requireUser } from '@/server/plugins/auth';
import { readMultipart } from '@/server/plugins/multipart';
import { ZOrderVersionHeaders, ifMatchOf, sendOrderVersion } from '../offline';
import * as service from './documents.service';

const tags = ['Underskrevne dokumenter'];
const WORKSHEET = screensAccess('WORKSHEET');
const ZLink = z.string().describe('The link to the signed PDF (GET it for application/pdf)');

export const documentsRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (app, options) => {
  const deps = { db: app.db, storage: options.storage };
  const signature = (request: Parameters<typeof readMultipart>[0]) =>
    readMultipart(request, { tooLarge: DOCUMENT_MESSAGES.signatureTooLarge }, service.MAX_SIGNATURE_BYTES);

  app.put(
    '/api/SignedPDF/SignCalibrationChallenges/:id',
    {
      config: { access: WORKSHEET },
      schema: {
        tags,
        summary: 'Sign the ADAS calibration disclaimer (multipart: file = PNG of the signature)',
        description:
          'Builds the PDF with the order, customer, car and the signature, stores it and sets orderProperties.signCalibrationChallenges.',
        consumes: ['multipart/form-data'],
        headers: ZOrderVersionHeaders,
        params: z.object({ id: z.uuid() }),
        response: { 200: ZLink },
      },
    },
    async (request, reply) => {
      const ifMatch = ifMatchOf(request);
      const signed = await service.signCalibrationChallenges(
        deps,
        request.params.id,
        await signature(request),
        requireUser(request.user),
        ifMatch,
      );
      sendOrderVersion(reply, signed.version);
      return reply.type('application/json').send(JSON.stringify(signed.link));
    },
  );

  app.put(
    '/api/SignedPDF/SignLoanCar/:orderId/:carId',
    {
      config: { access: WORKSHEET },
      schema: {
        tags,
        summary: 'Sign the loan-car agreement (multipart: file = PNG of the signature)',
        description:
          "Prints the spec's terms, the car and its damage markers (older than 15 minutes before pickup: before handover), " +
          'stores the PDF and sets orderProperties.signedLoanCar and loanCarId.',
        consumes: ['multipart/form-data'],
        headers: ZOrderVersionHeaders,
        params: z.object({ orderId: z.uuid(), carId: z.uuid() }),
        response: { 200: ZLink },
      },
    },
    async (request, reply) => {
      const ifMatch = ifMatchOf(request);
      const signed = await service.signLoanCar(
        deps,
        request.params.orderId,
        request.params.carId,
        await signature(request),
        requireUser(request.user),
        ifMatch,
      );
      sendOrderVersion(reply, signed.version);
      return reply.type('application/json').send(JSON.stringify(signed.link));
    },
  );

  app.get(
    '/api/SignedPDF/template/:kind',
    {
      config: { access: WORKSHEET },
      schema: { tags, summary: 'The unsigned template (adas or loancar)', params: z.object({ kind: z.enum(['adas', 'loancar']) }) },
    },
    async (request, reply) => {
      const pdf = await service.template(request.params.kind);
      const name = request.params.kind === 'adas' ? 'ansvarsfraskrivelse-skabelon.pdf' : 'laaneaftale-skabelon.pdf';
      return reply.headers({ ...fileHeaders('application/pdf', name), 'cache-control': 'private, max-age=3600' }).send(Buffer.from(pdf));
    },
  );

  app.get(
    '/api/SignedPDF/:documentId',
    {
      config: { access: WORKSHEET },
      schema: { tags, summary: 'A signed PDF (the link the sign calls answer)', params: z.object({ documentId: z.uuid() }) },
    },
    async (request, reply) => {
      const document = await service.readDocument(deps, request.params.documentId);
      return reply.headers(fileHeaders('application/pdf', document.fileName)).send(Buffer.from(document.bytes));
    },
  );
};
