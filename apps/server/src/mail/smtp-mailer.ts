import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { MailMessage, Mailer } from './mailer.js';

/** Production mailer: nodemailer over SMTP (`smtp://user:pass@host:587`, `smtps://…`). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {
    // Timeouts well under the client's 8 s recovery timeout (spec §9), so it gets an answer.
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 5000,
      greetingTimeout: 5000,
      socketTimeout: 6000,
    });
  }

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({ from: this.from, ...message });
    this.log.info(
      { to: message.to, subject: message.subject, messageId: info.messageId },
      'e-mail sent',
    );
  }
}
