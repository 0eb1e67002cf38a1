import nodemailer from 'nodemailer';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

/** SENT: handed to a mail server. KEPT: no server configured, the message stays readable in the outbox. */
export type DeliveryResult = 'SENT' | 'KEPT';

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
