import nodemailer from 'nodemailer';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

/** SENT: handed to a mail server. KEPT: no server configured, the message stays readable in the outbox. */
export type DeliveryResult = 'SENT' | 'KEPT';
/** What an adapter answers: the result, with the provider's id of the message when it gave one (GatewayAPI, Business Central). */
export type DeliveryOutcome = DeliveryResult | { status: 'SENT'; providerMessageId: string };

/** An adapter's failure that a retry cannot mend (the provider refused the message itself): failed at once, for a person. */
export class PermanentDeliveryError extends Error {}

/** Reads an answer's body as JSON; null when it is none (a proxy's HTML page, an empty body). */
export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The message of a fetch that failed before an answer: a time-out named as one, in Danish. */
export function describeFetchFailure(provider: string, error: unknown, timeoutMs: number): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') return `${provider} svarede ikke inden for ${Math.round(timeoutMs / 1000)} s`;
  const cause =
    error instanceof Error && error.cause instanceof Error
      ? `: ${error.cause.message}`
      : error instanceof Error
        ? `: ${error.message}`
        : '';
  return `${provider} kunne ikke nås${cause}`;
}

export interface EmailTransport {
  readonly name: string;
  /** Delivering twice does no harm (nothing leaves the machine): a send cut off by a crash is simply done again. */
  readonly repeatable?: boolean;
  send(message: EmailMessage): Promise<DeliveryResult>;
  close?(): void;
}

export function createSmtpTransport(url: string, from: string): EmailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send(message) {
      await transporter.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html ?? undefined });
      return 'SENT';
    },
    close: () => transporter.close(),
  };
}

/** The default without SMTP_URL: nothing leaves the machine; staff read the message in Udbakke. */
export const localEmailTransport: EmailTransport = {
  name: 'local',
  repeatable: true,
  async send() {
    return 'KEPT';
  },
};

export function createEmailTransport(config: { SMTP_URL?: string | undefined; MAIL_FROM: string }): EmailTransport {
  return config.SMTP_URL ? createSmtpTransport(config.SMTP_URL, config.MAIL_FROM) : localEmailTransport;
}
