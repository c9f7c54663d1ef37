import path from 'node:path';

/** One e-mail: plain text always, HTML optionally (clients show whichever they prefer). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (`List-Unsubscribe` of the notices one may leave in a click). */
  headers?: Record<string, string>;
}

/** Sends e-mail. Rejects when the message could not be handed over (SMTP error, full disk). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** `<DATA_DIR>/outbox`, where the embedded mailer leaves its `.eml` files. */
export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}
