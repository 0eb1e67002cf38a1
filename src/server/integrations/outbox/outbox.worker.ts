import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { OUTBOX_CHANNELS, OUTBOX_MAX_ATTEMPTS, outboxRetryDelayMs, revealSecret, type TOutboxChannel } from '@/domain/outbox';
import { withConnection, type Db } from '@/server/db/client';
import { isDatabaseUnavailable } from '@/server/db/unavailable';
import { PermanentDeliveryError, type DeliveryOutcome, type EmailTransport } from '../email/email-transport';
import type { ErpExporter } from '../erp/erp-export';
import type { SmsGateway } from '../sms/sms-gateway';
import {
  claimNextMessage,
  markAttemptFailed,
  markDelivered,
  OUTBOX_CHANNEL,
  recoverInterrupted,
  releaseMessage,
  type ClaimedMessage,
} from './outbox.repo';

export interface OutboxWorkerOptions {
  db: Db;
  databaseUrl: string;
  email: EmailTransport;
  sms: SmsGateway;
  erp: ErpExporter;
  pollMs: number;
  log: FastifyBaseLogger;
}

/** How long a worker waits before listening again after its NOTIFY connection was lost. */
const LISTEN_RETRY_MS = 1_000;
/** How often a worker looks for messages another worker left half sent (and at start, and after a failed round). */
const RECOVER_EVERY_MS = 10_000;

/**
 * Delivers queued messages: woken by NOTIFY when a message is queued, and by a
 * poll as a fall-back and for retries whose back-off has run out.
 *
 * No crash makes a message go twice: a message is claimed, in one statement and with a lock that lasts as long as
 * the worker's connection, only right before it is handed to its adapter, and the outcome is recorded right after.
 * A message left claimed by a worker that is gone (killed, or its connection lost) may have been sent, so it is not
 * sent again but FAILED for a person to check in Udbakke, unless its adapter only keeps it locally (then it is simply
 * queued again). An outcome this worker could not record because the database went away is recorded first thing
 * once it is back. (An adapter's own error is still retried with back-off, as before.)
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private listener: pg.Client | undefined;
  private listenRetry: NodeJS.Timeout | undefined;
  /** Whether the loss of the NOTIFY connection was logged: once per loss, not once per try to listen again. */
  private listenLossLogged = false;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private recoverAt = 0;
  /** Outcomes that could not be recorded (the database went away), by message: recorded first thing next round. */
  private readonly unrecorded = new Map<string, (session: Db) => Promise<void>>();

  constructor(private readonly options: OutboxWorkerOptions) {}

  async start(): Promise<void> {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.options.pollMs);
    this.timer.unref();
    await this.listen();
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.listenRetry);
    this.listenRetry = undefined;
    await this.listener?.end().catch(() => undefined);
    this.listener = undefined;
    await this.running;
  }

  /** Listens for NOTIFY; a lost connection (the database restarted) is made again, polling meanwhile. */
  private async listen(): Promise<void> {
    if (this.stopped) return;
    const listener = new pg.Client({ connectionString: this.options.databaseUrl });
    let lost = false;
    const listenAgain = () => {
      if (lost) return;
      lost = true;
      if (this.listener === listener) this.listener = undefined;
      void listener.end().catch(() => undefined);
      if (this.stopped || this.listenRetry) return;
      this.listenRetry = setTimeout(() => {
        this.listenRetry = undefined;
        void this.listen();
      }, LISTEN_RETRY_MS);
      this.listenRetry.unref();
    };
    listener.on('error', (error) => {
      if (!this.listenLossLogged) this.options.log.warn({ err: error }, 'outbox listener lost; polling until it is back');
      this.listenLossLogged = true;
      listenAgain();
    });
    listener.on('notification', () => this.kick());
    try {
      await listener.connect();
      await listener.query(`listen ${OUTBOX_CHANNEL}`);
      if (this.stopped) {
        await listener.end().catch(() => undefined);
        return;
      }
      this.listener = listener;
      this.listenLossLogged = false;
      // Whatever was queued while nobody listened.
      this.kick();
    } catch (error) {
      if (!this.listenLossLogged) this.options.log.warn({ err: error }, 'outbox listener unavailable; polling until it is back');
      this.listenLossLogged = true;
      listenAgain();
    }
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
      .catch((error: unknown) => {
        if (isDatabaseUnavailable(error)) this.options.log.warn({ err: error }, 'outbox round stopped: the database is unavailable');
        else this.options.log.error({ err: error }, 'outbox round failed');
      })
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Delivers everything due, one message at a time on one connection; returns how many messages it handled. */
  async deliverDue(): Promise<number> {
    try {
      return await withConnection(this.options.db, async (session) => {
        await this.recordUnrecorded(session);
        if (Date.now() >= this.recoverAt) {
          await this.recover(session);
          this.recoverAt = Date.now() + RECOVER_EVERY_MS;
        }
        let handled = 0;
        while (!this.stopped) {
          const message = await claimNextMessage(session);
          if (!message) break;
          await this.deliver(session, message);
          await releaseMessage(session, message.id);
          handled++;
        }
        return handled;
      });
    } catch (error) {
      this.recoverAt = 0;
      throw error;
    }
  }

  private async recordUnrecorded(session: Db): Promise<void> {
    for (const [id, record] of this.unrecorded) {
      await record(session);
      this.unrecorded.delete(id);
    }
  }

  /** Records an outcome; if the database is gone, keeps it for the next round (the message stays SENDING meanwhile). */
  private async record(session: Db, id: string, record: (session: Db) => Promise<void>): Promise<void> {
    try {
      await record(session);
    } catch (error) {
      this.unrecorded.set(id, record);
      throw error;
    }
  }

  private async recover(session: Db): Promise<void> {
    const repeatable = OUTBOX_CHANNELS.filter((channel) => this.adapterOf(channel).repeatable === true);
    for (const { id, status } of await recoverInterrupted(session, repeatable)) {
      if (status === 'FAILED') this.options.log.warn({ id }, 'outbox message interrupted while being sent; not sent again (see Udbakke)');
      else this.options.log.info({ id }, 'outbox message interrupted while being kept; queued again');
    }
  }

  private adapterOf(channel: TOutboxChannel): { name: string; repeatable?: boolean } {
    return channel === 'SMS' ? this.options.sms : channel === 'ERP' ? this.options.erp : this.options.email;
  }

  private async deliver(session: Db, message: ClaimedMessage): Promise<void> {
    const { email, sms, erp, log } = this.options;
    const transport = this.adapterOf(message.channel as TOutboxChannel).name;
    // The adapter gets the real text: the secret goes in place of its placeholder.
    const reveal = (text: string) => (message.secret === null ? text : revealSecret(text, message.secret));
    let outcome: DeliveryOutcome;
    try {
      outcome =
        message.channel === 'SMS'
          ? await sms.send({ to: message.recipient, text: reveal(message.body), reference: message.id })
          : message.channel === 'ERP'
            ? await erp.send({ reference: message.recipient, json: message.body, kind: message.kind })
            : await email.send({
                to: message.recipient,
                subject: message.subject,
                text: reveal(message.body),
                html: message.html === null ? null : reveal(message.html),
              });
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      // The provider refused the message itself (PermanentDeliveryError): failed at once, for a person to mend and retry.
      const retry =
        error instanceof PermanentDeliveryError || message.attempts >= OUTBOX_MAX_ATTEMPTS ? null : outboxRetryDelayMs(message.attempts);
      log.warn({ id: message.id, attempts: message.attempts, err: text }, 'outbox delivery failed');
      await this.record(session, message.id, (db) => markAttemptFailed(db, message.id, text, retry, transport));
      return;
    }
    // Delivered: if the database went away meanwhile, the next round records it (and it is never sent again).
    const result = typeof outcome === 'string' ? outcome : outcome.status;
    const providerMessageId = typeof outcome === 'string' ? null : outcome.providerMessageId;
    await this.record(session, message.id, (db) => markDelivered(db, message.id, result, transport, providerMessageId));
  }
}
