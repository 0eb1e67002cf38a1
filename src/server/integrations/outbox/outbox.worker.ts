import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { OUTBOX_MAX_ATTEMPTS, outboxRetryDelayMs, revealSecret } from '@/domain/outbox/outbox';
import type { Db } from '@/server/db/client';
import type { EmailTransport } from '../email/email-transport';
import type { ErpExporter } from '../erp/erp-export';
import type { SmsGateway } from '../sms/sms-gateway';
import { claimDueMessages, markAttemptFailed, markDelivered, OUTBOX_CHANNEL, type ClaimedMessage } from './outbox.repo';

export interface OutboxWorkerOptions {
  db: Db;
  databaseUrl: string;
  email: EmailTransport;
  sms: SmsGateway;
  erp: ErpExporter;
  pollMs: number;
  log: FastifyBaseLogger;
}

/**
 * Delivers queued messages: woken by NOTIFY when a message is queued, and by a
 * poll as a fall-back and for retries whose back-off has run out.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private listener: pg.Client | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(private readonly options: OutboxWorkerOptions) {}

  async start(): Promise<void> {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.options.pollMs);
    this.timer.unref();
    try {
      const listener = new pg.Client({ connectionString: this.options.databaseUrl });
      listener.on('error', (error) => this.options.log.warn({ err: error }, 'outbox listener lost; polling only'));
      listener.on('notification', () => this.kick());
      await listener.connect();
      await listener.query(`listen ${OUTBOX_CHANNEL}`);
      this.listener = listener;
    } catch (error) {
      this.options.log.warn({ err: error }, 'outbox listener unavailable; polling only');
    }
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.listener?.end().catch(() => undefined);
    this.listener = undefined;
    await this.running;
  }

  /** Runs a delivery round now, or right after the one under way. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.deliverDue()
      .then(() => undefined)
      .catch((error: unknown) => this.options.log.error({ err: error }, 'outbox round failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Delivers everything due; returns how many messages it handled. */
  async deliverDue(): Promise<number> {
    let handled = 0;
    for (;;) {
      const batch = await claimDueMessages(this.options.db, 20);
      if (batch.length === 0) return handled;
      for (const message of batch) await this.deliver(message);
      handled += batch.length;
    }
  }

  private async deliver(message: ClaimedMessage): Promise<void> {
    const { db, email, sms, erp, log } = this.options;
    const transport = message.channel === 'SMS' ? sms.name : message.channel === 'ERP' ? erp.name : email.name;
    // The adapter gets the real text: the secret goes in place of its placeholder.
    const reveal = (text: string) => (message.secret === null ? text : revealSecret(text, message.secret));
    try {
      const result =
        message.channel === 'SMS'
          ? await sms.send({ to: message.recipient, text: reveal(message.body) })
          : message.channel === 'ERP'
            ? await erp.send({ reference: message.recipient, json: message.body })
            : await email.send({ to: message.recipient, subject: message.subject, text: reveal(message.body), html: message.html === null ? null : reveal(message.html) });
      await markDelivered(db, message.id, result, transport);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      const retry = message.attempts >= OUTBOX_MAX_ATTEMPTS ? null : outboxRetryDelayMs(message.attempts);
      log.warn({ id: message.id, attempts: message.attempts, err: text }, 'outbox delivery failed');
      await markAttemptFailed(db, message.id, text, retry, transport);
    }
  }
}
