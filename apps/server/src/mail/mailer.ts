import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import { OutboxMailer } from './outbox-mailer.js';
import { SmtpMailer } from './smtp-mailer.js';

/** One e-mail: plain text always, HTML optionally (clients show whichever they prefer). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends e-mail. Rejects when the message could not be handed over (SMTP error, full disk). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP when `SMTP_URL` is set; otherwise the embedded default, `.eml` files in the outbox. */
export function createMailer(config: AppConfig, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) return new SmtpMailer(config.smtpUrl, config.mailFrom, log);
  return new OutboxMailer(outboxDir(config.dataDir), config.mailFrom, log);
}

/** `<DATA_DIR>/outbox`, where the embedded mailer leaves its `.eml` files. */
export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}
