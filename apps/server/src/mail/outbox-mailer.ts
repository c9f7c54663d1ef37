import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { clock } from '../lib/clock.js';
import type { MailMessage, Mailer } from './mailer.js';

/**
 * Embedded default: each message becomes a complete RFC 822 `.eml` file in the outbox, built
 * by nodemailer itself (real MIME, headers and encodings), so any mail client opens it.
 * Written under a temporary name and renamed: a reader never sees a partial file.
 */
export class OutboxMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    readonly dir: string,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = nodemailer.createTransport({
      streamTransport: true,
      buffer: true,
      newline: 'crlf',
    });
  }

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({ from: this.from, ...message });
    const eml = info.message as Buffer;
    await mkdir(this.dir, { recursive: true });
    // Sortable by time (ISO instant without separators), unique by the random suffix.
    const stamp = clock.now().toISOString().replace(/[-:.]/g, '');
    const name = `${stamp}-${randomBytes(6).toString('hex')}.eml`;
    const file = path.join(this.dir, name);
    const temp = path.join(this.dir, `.${name}.tmp`);
    await writeFile(temp, eml, { mode: 0o600 });
    await rename(temp, file);
    this.log.info({ to: message.to, subject: message.subject, file }, 'e-mail written to outbox');
  }
}
