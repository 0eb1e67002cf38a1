import type pg from 'pg';
import { sql } from 'drizzle-orm';
import type { LiveChange } from '@/domain/calendar';
import type { DbOrTx } from '@/server/db/client';

/**
 * Live changes for open calendars and maps (issue 14): a booking made, moved or cancelled, or an appointment
 * changed, is announced through PostgreSQL NOTIFY, so every server instance on the database hears it and tells
 * its browsers (server-sent events). Announcing happens after the change's own statement or transaction, never
 * inside it (a NOTIFY in a booking's transaction would make bookings commit one at a time), and changes made
 * meanwhile share one NOTIFY. Were one lost, the calendars' 5-minute refresh still finds the change.
 */

export const LIVE_CHANNEL = 'rudeplan_live';
/** Where the database announces a user whose kept sessions must be forgotten (migration 0022: triggers). */
export const SESSIONS_CHANNEL = 'rudeplan_sessions';

/** What is announced: a department's day, or its whole plan (date null); the browsers read it with the same type. */
export type { LiveChange } from '@/domain/calendar';

/** NOTIFY payloads are limited to 8000 bytes; more changes than this at once say 'everything'. */
const MAX_BATCH = 60;

let pending: LiveChange[] = [];
let sending = false;

/** This process's own listeners per database handle: told at once, before the NOTIFY goes out (see onAnnounced). */
const localListeners = new WeakMap<object, Set<LiveListener>>();

/**
 * Hears the changes this process announces on `db`, synchronously, as they are announced (after their commit): a
 * cache of this instance is then never behind its own answers, which the NOTIFY round trip would allow for a moment.
 */
export function onAnnounced(db: DbOrTx, listener: LiveListener): () => void {
  let set = localListeners.get(db);
  if (!set) localListeners.set(db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

export function announceChanges(db: DbOrTx, changes: readonly LiveChange[]): void {
  if (changes.length === 0) return;
  for (const listener of localListeners.get(db) ?? []) listener([...changes]);
  for (const change of changes) {
    if (!pending.some((p) => p.departmentId === change.departmentId && p.date === change.date)) pending.push(change);
  }
  flush(db);
}

function flush(db: DbOrTx): void {
  if (sending || pending.length === 0) return;
  sending = true;
  const batch = pending.length > MAX_BATCH ? [] : pending;
  pending = [];
  db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(batch)})`)
    .catch(() => undefined)
    .finally(() => {
      sending = false;
      flush(db);
    });
}

/** An empty list means 'anything may have changed' (a batch too big to name). */
export type LiveListener = (changes: LiveChange[]) => void;
/** Told the id of a user whose sessions, roles or details changed. */
export type SessionListener = (userId: string) => void;

/**
 * One LISTEN connection per server instance, fanning notifications out to the open event streams. Started on the
 * first subscriber, ended when the app closes.
 */
/** How long the hub waits before listening again after its connection was lost (the database restarting). */
const LISTEN_RETRY_MS = 1_000;

export class LiveHub {
  private readonly listeners = new Set<LiveListener>();
  private readonly sessionListeners = new Set<SessionListener>();
  private client: pg.PoolClient | null = null;
  /** Gives the LISTEN connection back once, whichever comes first: its error or the app closing. */
  private release: (() => void) | null = null;
  private starting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;
  private connections = 0;

  constructor(private readonly pool: pg.Pool) {}

  /** Whether a LISTEN connection is up now: while it is not, announcements from other instances may be missed. */
  get listening(): boolean {
    return this.client !== null;
  }

  /**
   * Counts the LISTEN connections made: a cache filled under one connection cannot know what was announced while
   * none was up, so it keeps its entries only while this is unchanged (and `listening`).
   */
  get epoch(): number {
    return this.connections;
  }

  async subscribe(listener: LiveListener): Promise<() => void> {
    this.listeners.add(listener);
    try {
      await this.start();
    } catch (error) {
      // Not subscribed: the caller gets no way to unsubscribe, so the listener must not stay.
      this.listeners.delete(listener);
      throw error;
    }
    return () => this.listeners.delete(listener);
  }

  /**
   * Hears the users whose sessions must be forgotten, for as long as the app runs: listening starts now and, while it
   * is down, is tried again every second (`listening` and `epoch` tell a cache whether it may trust what it kept).
   */
  watchSessions(listener: SessionListener): void {
    if (this.closed) return;
    this.sessionListeners.add(listener);
    this.start().catch(() => this.listenAgain());
  }

  private start(): Promise<void> {
    if (this.client || this.closed) return Promise.resolve();
    this.starting ??= (async () => {
      const client = await this.pool.connect();
      client.on('notification', (message) => {
        if (message.channel === SESSIONS_CHANNEL) {
          for (const listener of this.sessionListeners) listener(message.payload ?? '');
          return;
        }
        if (message.channel !== LIVE_CHANNEL) return;
        let changes: LiveChange[] = [];
        try {
          changes = JSON.parse(message.payload ?? '[]') as LiveChange[];
        } catch {
          changes = [];
        }
        for (const listener of this.listeners) listener(changes);
      });
      // A client goes back to the pool exactly once and is then closed, not reused: it carries this hub's handlers, and
      // its error may come after the app closed (the database dropped or restarted), when it was already given back.
      let released = false;
      const release = (error?: Error) => {
        if (released) return;
        released = true;
        client.release(error ?? true);
      };
      client.on('error', (error) => {
        // A lost connection (the database restarted): listen again for the open streams until it is back.
        if (this.client === client) {
          this.client = null;
          this.release = null;
        }
        this.starting = null;
        release(error);
        this.listenAgain();
      });
      try {
        await client.query(`listen ${SESSIONS_CHANNEL}`);
        await client.query(`listen ${LIVE_CHANNEL}`);
      } catch (error) {
        release(error as Error);
        throw error;
      }
      this.release = release;
      this.client = client;
      this.connections++;
    })().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  /**
   * While anyone listens (open streams, the session cache), tries again every second; once it does, tells the streams
   * 'anything may have changed' ([]), so the calendars and maps reload what was announced while nobody listened.
   */
  private listenAgain(): void {
    if (this.closed || this.retry || (this.listeners.size === 0 && this.sessionListeners.size === 0)) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.start().then(
        () => {
          for (const listener of this.listeners) listener([]);
        },
        () => this.listenAgain(),
      );
    }, LISTEN_RETRY_MS);
    this.retry.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.listeners.clear();
    this.sessionListeners.clear();
    // A start under way (a stream opened just before the app closed) keeps its connection only once it is done: waited
    // for, so that connection is released below, not left holding the pool open.
    await this.starting?.catch(() => undefined);
    const release = this.release;
    this.client = null;
    this.release = null;
    release?.();
  }
}
