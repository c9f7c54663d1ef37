import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import { outboxDir, type Mailer } from './mailer.js';
import { OutboxMailer } from './outbox-mailer.js';
import { SmtpMailer } from './smtp-mailer.js';

// Apart from mailer.ts, which only declares the interface, so the implementations import it
// without a circle.
/** SMTP when `SMTP_URL` is set; otherwise the embedded default, `.eml` files in the outbox. */
export function createMailer(config: AppConfig, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) return new SmtpMailer(config.smtpUrl, config.mailFrom, log);
  return new OutboxMailer(outboxDir(config.dataDir), config.mailFrom, log);
}
