import type { TOrder } from '@/domain/orders';

export interface KeptOrder {
  /** What the answer was made of, as the database stamps it (orders.repo readOrder). */
  version: string;
  /** The order as sent (JSON, UTF-8). */
  body: Buffer;
}

export interface OrderAnswersOptions {
  /** Orders kept at most; the least recently asked for goes first. */
  maxEntries?: number;
  /** Checks an order before it is serialised (the response schema, outside production: see Response checks). */
  check?: (order: TOrder) => void;
}

/**
 * Orders as GET /order/order/{id} sends them, serialised once per version (issue 17: decoding the order's row and
 * writing it out again cost more than reading it). Nothing is answered on trust: every request still asks the
 * database for the order's version, in the statement that would read it, and an answer is used only while that
 * version is the one it was made from. So the kept answers need no announcements and hold across instances.
 */
export class OrderAnswers {
  private readonly kept = new Map<string, KeptOrder>();
  private readonly maxEntries: number;
  private readonly check: ((order: TOrder) => void) | undefined;

  constructor(options: OrderAnswersOptions = {}) {
    // An order is 4–6 KB as sent: 2,000 of them stay near 10 MB.
    this.maxEntries = options.maxEntries ?? 2_000;
    this.check = options.check;
  }

  /** The answer kept for the order, if any (its version still to be checked); it becomes the most recently asked for. */
  get(id: string): KeptOrder | undefined {
    const entry = this.kept.get(id);
    if (entry) {
      this.kept.delete(id);
      this.kept.set(id, entry);
    }
    return entry;
  }

  /** Serialises the order read at `version`, keeps it, and answers it as sent. */
  keep(id: string, version: string, order: TOrder): Buffer {
    this.check?.(order);
    const body = Buffer.from(JSON.stringify(order));
    this.kept.delete(id);
    this.kept.set(id, { version, body });
    if (this.kept.size > this.maxEntries) this.kept.delete(this.kept.keys().next().value!);
    return body;
  }

  get size(): number {
    return this.kept.size;
  }
}
