import { createRequire } from 'node:module';
import type nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * nodemailer over SMTP to `url` (smtp://user:pass@host:port, smtps:// for implicit TLS), over up
 * to `connections` connections at once (MAIL_CONCURRENCY). The
 * timeouts stay well under the outbox lease, so a hung server cannot outlive a claim.
 */
export function smtpTransport(url: string, connections = 1): MailTransport {
  // Loaded only when SMTP is configured: a shop that queues its mail never pays for it.
  const mailer = createRequire(import.meta.url)('nodemailer') as typeof nodemailer;
  const transporter = mailer.createTransport({
    url,
    // Kept open and reused: a new connection per email (TCP, greeting, EHLO, maybe TLS) costs
    // more than the email. The sender keeps at most this many emails on their way.
    pool: true,
    maxConnections: connections,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(mail) {
      await transporter.sendMail(mail);
    },
    close() {
      transporter.close();
    },
  };
}
