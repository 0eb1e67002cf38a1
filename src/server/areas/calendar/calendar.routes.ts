import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCalendarEvent,
  ZCalendarQuery,
  ZMoveCalendarEvents,
  ZNewCalendarEvent,
  ZUpdateCalendarEvent,
  ZUpdateCalendarTime,
} from '@/domain/calendar';
import { API_MESSAGES, ZMessage } from '@/domain/lib/api-error';
import { screensAccess } from '@/server/auth/access';
import { announceChanges } from '@/server/integrations/live/live-changes';
import { requireUser } from '@/server/plugins/auth';
import * as service from './calendar.service';

const tags = ['Kalender'];
const CALENDAR = screensAccess('CALENDAR');
const ZId = z.object({ id: z.uuid() });
const done = { message: API_MESSAGES.saved };
/**
 * The live event streams one session may hold on an instance: a few tabs (HTTP/1.1 browsers open six connections
 * to a host at most). One more ends the session's oldest, a closed tab's the server has not noticed yet as a rule,
 * which is told `replaced` so its page does not reconnect (docs/decisions.md).
 */
const MAX_STREAMS_PER_SESSION = 6;

export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = app.live;
  /** The open event streams: a stream never ends by itself, so closing the app ends them (the browser reconnects). */
  const streams = new Set<() => Promise<void>>();
  /** Each session's open streams, oldest first. */
  const sessionStreams = new Map<string, Array<(replaced?: boolean) => Promise<void>>>();
  let closing = false;
  // Ended before the server closes, each answer finished, so the HTTP/1.1 connections under them are idle and closed.
  app.addHook('preClose', async () => {
    closing = true;
    await Promise.all([...streams].map((close) => close()));
  });

  app.get(
    '/api/calendar',
    {
      config: { access: CALENDAR },
      schema: {
        tags,
        summary: "A department's calendar (its vans included) for a range of days: bookings, appointments and slots, by filters",
        querystring: ZCalendarQuery,
        response: { 200: z.array(ZCalendarEvent) },
      },
    },
    async (request) => service.getCalendar(app.db, request.query),
  );

  app.put(
    '/api/calendar/createDepartmentEvent',
    {
      config: { access: CALENDAR },
      schema: {
        tags,
        summary: "'Ny Aftale': an appointment, repeated on weekdays for some weeks",
        body: ZNewCalendarEvent,
        response: { 200: z.array(ZCalendarEvent) },
      },
    },
    async (request) => {
      const created = await service.createAppointment(app.db, request.body, requireUser(request.user));
      announceChanges(
        app.db,
        created.map((e) => ({ departmentId: e.departmentId, date: e.start.slice(0, 10) })),
      );
      return created;
    },
  );

  app.post(
    '/api/calendar/updateEvent',
    {
      config: { access: CALENDAR },
      schema: { tags, summary: "An appointment's title and description", body: ZUpdateCalendarEvent, response: { 200: ZCalendarEvent } },
    },
    async (request) => {
      const event = await service.updateAppointment(app.db, request.body, requireUser(request.user));
      announceChanges(app.db, [{ departmentId: event.departmentId, date: event.start.slice(0, 10) }]);
      return event;
    },
  );

  app.delete(
    '/api/calendar/deleteDepartmentEvent/:id',
    { config: { access: CALENDAR }, schema: { tags, summary: 'Delete an appointment', params: ZId, response: { 200: ZMessage } } },
    async (request) => {
      const where = await service.deleteAppointment(app.db, request.params.id, requireUser(request.user));
      announceChanges(app.db, [where]);
      return { message: API_MESSAGES.deleted };
    },
  );

  app.post(
    '/api/calendar/updateTime/:id',
    {
      config: { access: CALENDAR },
      schema: {
        tags,
        summary:
          'Move an appointment or a booking to a new start the same day (a booking through its own save rules, with the log reason: 422 without one), or to the all-day row',
        params: ZId,
        body: ZUpdateCalendarTime,
        response: { 200: ZMessage },
      },
    },
    async (request) => {
      const changed = await service.updateTime(app.db, request.params.id, request.body, requireUser(request.user));
      if (changed) announceChanges(app.db, [changed]);
      return done;
    },
  );

  app.post(
    '/api/calendar/move/',
    {
      config: { access: CALENDAR },
      schema: {
        tags,
        summary: "Reorder a day's all-day bookings (one dropped on another)",
        body: ZMoveCalendarEvents,
        response: { 200: ZMessage },
      },
    },
    async (request) => {
      // Announced after the transaction: a NOTIFY inside it would tell of a row order not yet committed.
      const changed = await service.moveBookings(app.db, request.body, requireUser(request.user));
      if (changed) announceChanges(app.db, [changed]);
      return done;
    },
  );

  app.get(
    '/api/live',
    {
      config: { access: 'signedIn', eventStream: true },
      schema: {
        tags,
        summary: 'Server-sent events: the departments and days whose calendar changed ([] for anything), as they change',
        description: 'text/event-stream; a comment every 25 s keeps the connection open.',
      },
    },
    async (request, reply) => {
      const { tokenHash } = requireUser(request.user);
      reply.hijack();
      const out = reply.raw;
      out.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        // HTTP/1.x only: HTTP/2 forbids connection-specific headers (Node 20 drops this one with a warning on every
        // stream, and refuses the whole answer for the others, such as keep-alive or transfer-encoding).
        ...(request.raw.httpVersionMajor === 1 ? { connection: 'keep-alive' } : {}),
        'x-accel-buffering': 'no',
      });
      out.write('retry: 3000\n\n');
      let unsubscribe = () => {};
      const heartbeat = setInterval(() => out.write(': keep-alive\n\n'), 25_000).unref();
      const end = () => {
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(close);
        const held = sessionStreams.get(tokenHash) ?? [];
        if (held.includes(close)) held.splice(held.indexOf(close), 1);
        if (held.length === 0) sessionStreams.delete(tokenHash);
      };
      const close = (replaced = false) =>
        new Promise<void>((resolve) => {
          end();
          if (replaced) out.write('event: replaced\ndata: {}\n\n');
          out.once('close', resolve);
          out.end(resolve);
        });
      // Known before the hub has subscribed, so a close meanwhile ends it too.
      streams.add(close);
      const held = sessionStreams.get(tokenHash) ?? [];
      sessionStreams.set(tokenHash, held);
      held.push(close);
      while (held.length > MAX_STREAMS_PER_SESSION) void held[0]!(true);
      out.on('close', end);
      request.raw.on('close', end);
      if (closing) {
        void close();
        return;
      }
      const stop = await hub.subscribe((changes) => out.write(`event: change\ndata: ${JSON.stringify(changes)}\n\n`));
      unsubscribe = () => void stop();
      // Ended while the hub was subscribing (the client gone, or the app closing).
      if (!streams.has(close)) unsubscribe();
    },
  );
};
