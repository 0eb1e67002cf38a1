import type { TDayAvailability } from '@/domain/booking';
import type { TDepartment } from '@/domain/departments';
import type { LiveChange, LiveHub } from '@/server/integrations/live/live-changes';

/** The parts of the hub the cache needs (a test gives its own). */
export type MonthCacheHub = Pick<LiveHub, 'listening' | 'epoch' | 'subscribe'>;

export interface MonthCacheOptions {
  /** Answers kept at most; past it they are all dropped (a month's answers are remade in a few milliseconds). */
  maxEntries?: number;
  /** The longest an answer is kept even when nothing is announced: the net under a missed announcement. */
  ttlMs?: number;
  /** Checks an answer before it is serialised (the response schema, outside production: see Response checks). */
  check?: (days: TDayAvailability[]) => void;
}

interface Kept<T> {
  value: T;
  /** Kept until then (ms): the clock closes a slot (monthAvailabilityUntil), or the TTL. */
  until: number;
  epoch: number;
}

/**
 * Months of availability as sent (serialised once, so also compressed once), and the department plans they are made
 * from (issue 17: a month was 8 % of the floor, most of it two round trips for the plan, the count, the arithmetic
 * and the compression, every time). An answer is dropped when something it was made from is announced changed: a
 * booking of its department and month (every booking, move, copy and status change announces, after its commit),
 * or its department's plan. This instance's announcements arrive at once (onAnnounced), other instances' through
 * NOTIFY; while the hub is not listening nothing is kept or used, and answers from before a lost connection are not
 * trusted again. Capacity never rests on this: booking holds its place in one locked statement whatever was shown.
 */
export class MonthCache {
  /** Per department, per 'YYYY-MM|variant', the answer as sent. */
  private readonly answers = new Map<string, Map<string, Kept<Buffer>>>();
  private answerCount = 0;
  private readonly plans = new Map<string, Kept<TDepartment>>();
  /** Per department, bumped by each change announced: a fill that began before one is not kept. */
  private readonly versions = new Map<string, number>();
  /** Bumped by 'anything may have changed'. */
  private everything = 0;
  private subscribing: Promise<void> | null = null;
  private subscribed = false;
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly check: ((days: TDayAvailability[]) => void) | undefined;

  constructor(
    private readonly hub: MonthCacheHub,
    options: MonthCacheOptions = {},
  ) {
    // A busy month is 45 KB, and its brotli and gzip copies live as long as it: 500 of them stay under 30 MB.
    this.maxEntries = options.maxEntries ?? 500;
    this.ttlMs = options.ttlMs ?? 60_000;
    this.check = options.check;
  }

  /** Told of changes: this instance's at once, the others' through the hub. An empty list: anything may have changed. */
  readonly changed = (changes: readonly LiveChange[]): void => {
    if (changes.length === 0) {
      this.everything++;
      this.clear();
      return;
    }
    for (const change of changes) {
      this.versions.set(change.departmentId, (this.versions.get(change.departmentId) ?? 0) + 1);
      this.plans.delete(change.departmentId);
      const months = this.answers.get(change.departmentId);
      if (!months) continue;
      const month = change.date ? change.date.slice(0, 7) : null;
      for (const key of months.keys()) {
        if (month === null || key.startsWith(`${month}|`)) {
          months.delete(key);
          this.answerCount--;
        }
      }
    }
  };

  private clear(): void {
    this.answers.clear();
    this.answerCount = 0;
    this.plans.clear();
  }

  /**
   * Whether entries may be kept and used now: this cache hears the hub (the hub may already listen for others, an
   * open calendar) and the hub listens. The first request subscribes, and goes without.
   */
  private usable(): boolean {
    if (this.subscribed && this.hub.listening) return true;
    this.subscribing ??= this.hub.subscribe(this.changed).then(
      () => {
        this.subscribed = true;
      },
      () => {
        // The database is away: the next request tries again.
        this.subscribing = null;
      },
    );
    return false;
  }

  /** A stamp of what an entry made now would rest on; compared again before it is kept. */
  private stamp(departmentId: string): string {
    return `${this.hub.epoch}:${this.everything}:${this.versions.get(departmentId) ?? 0}`;
  }

  private fresh<T>(entry: Kept<T> | undefined, now: number): entry is Kept<T> {
    return entry !== undefined && entry.epoch === this.hub.epoch && now <= entry.until;
  }

  /** The department's plan at `now` (ms), kept like the answers (dropped by any change announced for it). */
  async plan(departmentId: string, now: number, load: () => Promise<TDepartment | null>): Promise<TDepartment | null> {
    if (!this.usable()) return load();
    const kept = this.plans.get(departmentId);
    if (this.fresh(kept, now)) return kept.value;
    const stamp = this.stamp(departmentId);
    const epoch = this.hub.epoch;
    const department = await load();
    if (department && this.hub.listening && this.stamp(departmentId) === stamp) {
      if (this.plans.size >= this.maxEntries) this.plans.clear();
      this.plans.set(departmentId, { value: department, until: now + this.ttlMs, epoch });
    }
    return department;
  }

  /**
   * A month's answer as sent at `now` (ms): kept, or made by `make` (the days and the last instant they hold for) and
   * kept until then. `variant` names what else the answer depends on (a van's zip weekdays, a car's minimum work length).
   */
  async answer(
    departmentId: string,
    month: { year: number; month: number },
    variant: string,
    now: number,
    make: () => Promise<{ days: TDayAvailability[]; validUntil: number }>,
  ): Promise<Buffer> {
    const serialise = (days: TDayAvailability[]) => {
      this.check?.(days);
      return Buffer.from(JSON.stringify(days));
    };
    if (!this.usable()) return serialise((await make()).days);
    const key = `${month.year}-${String(month.month).padStart(2, '0')}|${variant}`;
    const kept = this.answers.get(departmentId)?.get(key);
    if (this.fresh(kept, now)) return kept.value;
    const stamp = this.stamp(departmentId);
    const epoch = this.hub.epoch;
    const made = await make();
    const body = serialise(made.days);
    if (this.hub.listening && this.stamp(departmentId) === stamp) {
      if (this.answerCount >= this.maxEntries) this.clear();
      let months = this.answers.get(departmentId);
      if (!months) this.answers.set(departmentId, (months = new Map()));
      if (!months.has(key)) this.answerCount++;
      months.set(key, { value: body, until: Math.min(made.validUntil, now + this.ttlMs), epoch });
    }
    return body;
  }
}
