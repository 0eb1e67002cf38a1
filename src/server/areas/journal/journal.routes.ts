import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZJournalEntry } from '@/domain/journal';
import { LOG_TYPES, ZComplaintReasons, ZComplaintReasonsInput, ZLogEntry, ZReason, ZReasonListInput } from '@/domain/orders';
import { screensAccess } from '@/server/auth/access';
import { requireUser } from '@/server/plugins/auth';
import * as service from './journal.service';

const tags = ['Historik og log'];
const ADMIN = ['Adminstrator'] as const;
/** The worksheet and the order lists (cancel and move from a list) write log entries and read the history. */
const ORDER_WORK = screensAccess('WORKSHEET', 'ASSIGNMENTS', 'PENDING');
const ZLogTypeParams = z.object({ logType: z.enum(LOG_TYPES) });

export const journalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/taskjournal/:id',
    {
      config: { access: screensAccess('WORKSHEET', 'ASSIGNMENTS', 'PENDING', 'COMPLAINTS') },
      schema: {
        tags,
        summary: "An order's history, newest first: who, when, what, and the changed fields with their Danish labels",
        params: z.object({ id: z.uuid() }),
        response: { 200: z.array(ZJournalEntry) },
      },
    },
    async (request) => service.getTaskJournal(app.db, request.params.id),
  );

  app.post(
    '/api/log/log',
    {
      config: { access: ORDER_WORK },
      schema: {
        tags,
        summary: "Log why a booking is moved, cancelled, its main item changed or a sale made ('Andet' needs a comment)",
        body: ZLogEntry,
        response: { 200: ZLogEntry },
      },
    },
    async (request) => service.addLogEntry(app.db, request.body, requireUser(request.user)),
  );

  app.get(
    '/api/log/reasons/:logType',
    {
      // The calendar's move asks for a reason too (issue 39).
      config: { access: screensAccess('WORKSHEET', 'ASSIGNMENTS', 'PENDING', 'REASONS', 'CALENDAR') },
      schema: { tags, summary: "The log dialog's reasons for a log type", params: ZLogTypeParams, response: { 200: z.array(ZReason) } },
    },
    async (request) => service.getLogReasons(app.db, request.params.logType),
  );

  app.put(
    '/api/log/reasons/:logType',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: "Replace a log type's reason list (unchanged texts keep their ids; the list ends with 'Andet')",
        params: ZLogTypeParams,
        body: ZReasonListInput,
        response: { 200: z.array(ZReason) },
      },
    },
    async (request) => service.replaceLogReasons(app.db, request.params.logType, request.body),
  );

  app.get(
    '/api/complaint/reasons',
    {
      config: { access: screensAccess('WORKSHEET', 'COMPLAINTS', 'REASONS') },
      schema: { tags, summary: 'The complaint issue lists: internal (9) and customer (20) reasons', response: { 200: ZComplaintReasons } },
    },
    async () => service.getComplaintReasons(app.db),
  );

  app.put(
    '/api/complaint/reasons',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: "Replace the complaint issue lists (unchanged texts keep their ids; each list ends with 'Andet')",
        body: ZComplaintReasonsInput,
        response: { 200: ZComplaintReasons },
      },
    },
    async (request) => service.replaceComplaintReasons(app.db, request.body),
  );
};
