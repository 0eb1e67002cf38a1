import type { SessionUser } from './sessions';

/** What a cache needs of the instance's LISTEN connection (the live hub). */
export interface SessionAnnouncements {
  /** Whether the connection that hears 'rudeplan_sessions' is up now. */
  readonly listening: boolean;
  /** Counts its connections: what was kept under one cannot know what was announced while none was up. */
  readonly epoch: number;
}

/** The state a session was read in; what was read is kept only if nothing was forgotten and nobody stopped listening. */
export interface SessionMark {
  generation: number;
  epoch: number;
}

/** A session is read from the database again at least this often (the net under an announcement never heard). */
export const SESSION_KEEP_MS = 10_000;
/** More signed-in sessions than this at once, and the oldest kept ones go first. */
const MAX_ENTRIES = 10_000;

interface Entry {
  user: SessionUser;
  epoch: number;
  until: number;
  /** Answers made from the session's user alone (`derived`), by name. */
  derived?: Map<string, unknown>;
}

/**
 * The sessions this instance has read lately (issue 17), so a request is answered without a database trip for its
 * session. It is trusted only while the instance hears the database's announcements (migration 0022): a session
 * ended, or a user's roles or details changed, on any instance or by hand, is forgotten here when its NOTIFY arrives,
 * and at once on the instance that made the change (`forgetAll` after the route that did it). While the connection
 * is down nothing is kept or answered from memory.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;

  constructor(
    private readonly announcements: SessionAnnouncements,
    private readonly keepMs = SESSION_KEEP_MS,
  ) {}

  get(tokenHash: string, now = Date.now()): SessionUser | null {
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    if (!this.announcements.listening || entry.epoch !== this.announcements.epoch || now >= entry.until) {
      this.entries.delete(tokenHash);
      return null;
    }
    return entry.user;
  }

  /** Taken before the session is read from the database. */
  mark(): SessionMark {
    return { generation: this.generation, epoch: this.announcements.epoch };
  }

  /** Keeps a session read since `mark`, until its own expiry at the latest. */
  keep(user: SessionUser, mark: SessionMark, expiresAt: number, now = Date.now()): void {
    const { listening, epoch } = this.announcements;
    if (!listening || mark.generation !== this.generation || mark.epoch !== epoch) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(user.tokenHash, {
      user: Object.freeze({ ...user, roles: Object.freeze([...user.roles]) as string[] }),
      epoch,
      until: Math.min(now + this.keepMs, expiresAt),
    });
  }

  /**
   * An answer made from the signed-in user's rows alone (GET /api/user/userinfo), kept with the session and forgotten
   * with it: by an announcement of the user (migrations 0022 and 0027 cover what it shows) or the session's
   * SESSION_KEEP_MS. Made afresh while the session is not kept, and not kept when something was forgotten meanwhile.
   */
  async derived<T>(tokenHash: string, name: string, make: () => Promise<T>, now = Date.now()): Promise<T> {
    const kept = this.get(tokenHash, now) ? this.entries.get(tokenHash)?.derived?.get(name) : undefined;
    if (kept !== undefined) return kept as T;
    const mark = this.mark();
    const value = await make();
    const entry = this.entries.get(tokenHash);
    if (
      entry &&
      this.announcements.listening &&
      mark.generation === this.generation &&
      mark.epoch === this.announcements.epoch &&
      entry.epoch === mark.epoch
    ) {
      (entry.derived ??= new Map()).set(name, value);
    }
    return value;
  }

  forgetUser(userId: string): void {
    this.generation++;
    for (const [tokenHash, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(tokenHash);
  }

  forgetAll(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
