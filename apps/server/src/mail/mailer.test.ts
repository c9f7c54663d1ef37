import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clock } from '../lib/clock.js';
import { testConfig } from '../test/app.js';
import { parseEml, outboxFiles, readEml } from '../test/eml.js';
import { startFakeSmtp } from '../test/fake-smtp.js';
import { createMailer } from './create-mailer.js';
import { outboxDir } from './mailer.js';
import { OutboxMailer } from './outbox-mailer.js';
import { SmtpMailer } from './smtp-mailer.js';
import { passwordRecoveryMail } from './templates/password-recovery.js';

const log = Fastify({ logger: false }).log;
const message = passwordRecoveryMail({
  to: 'cliente@demo.es',
  nombre: 'Cliente <Demo>',
  link: 'http://localhost:3000/nueva-clave?portal=clientes#abcDEF-123_xyz',
  validMinutes: 60,
});

describe('mailer', () => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    vi.restoreAllMocks();
    for (const close of closers.splice(0)) await close();
  });

  it('writes each message as one complete .eml file in the outbox, nothing else', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'extranet-mail-'));
    const mailer = createMailer(testConfig({ DATA_DIR: dataDir }), log);
    expect(mailer).toBeInstanceOf(OutboxMailer);
    await mailer.send(message);

    const dir = outboxDir(dataDir);
    const files = outboxFiles(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{12}\.eml$/);
    const eml = readEml(dir, files[0]!);
    expect(eml.headers['to']).toBe('cliente@demo.es');
    expect(eml.headers['from']).toBe('Extranet <no-reply@extranet.local>');
    expect(eml.headers['subject']).toBe('Recuperación de contraseña');
    expect(eml.headers['message-id']).toMatch(/^<.+@.+>$/);
    expect(eml.headers['date']).toBeTruthy();
    expect(eml.text).toContain('http://localhost:3000/nueva-clave?portal=clientes#abcDEF-123_xyz');
    expect(eml.text).toContain('caduca en 60 minutos');
    // The HTML part escapes what it shows.
    expect(eml.html).toContain('Cliente &lt;Demo&gt;');
    expect(eml.html).toContain(
      'href="http://localhost:3000/nueva-clave?portal=clientes#abcDEF-123_xyz"',
    );
  });

  it('names files so that sorting them sorts by time', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'extranet-mail-'));
    const mailer = new OutboxMailer(outboxDir(dataDir), 'Extranet <x@y.z>', log);
    // One millisecond apart, across a second: the random suffixes must not decide the order.
    const start = Date.parse('2026-03-01T09:59:59.998Z');
    for (const n of [1, 2, 3]) {
      vi.spyOn(clock, 'now').mockReturnValue(new Date(start + n));
      await mailer.send({ ...message, subject: `Mensaje ${n}` });
    }
    const subjects = outboxFiles(outboxDir(dataDir)).map(
      (file) => readEml(outboxDir(dataDir), file).headers['subject'],
    );
    expect(subjects).toEqual(['Mensaje 1', 'Mensaje 2', 'Mensaje 3']);
  });

  it('uses SMTP when SMTP_URL is set, speaking the real protocol', async () => {
    const smtp = await startFakeSmtp();
    closers.push(smtp.close);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'extranet-mail-'));
    const mailer = createMailer(testConfig({ DATA_DIR: dataDir, SMTP_URL: smtp.url }), log);
    expect(mailer).toBeInstanceOf(SmtpMailer);
    await mailer.send(message);

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['RCPT TO:<cliente@demo.es>']);
    const eml = parseEml(smtp.received[0]!.data);
    expect(eml.headers['subject']).toBe('Recuperación de contraseña');
    expect(eml.text).toContain('#abcDEF-123_xyz');
    // Nothing goes to the outbox in SMTP mode.
    expect(outboxFiles(outboxDir(dataDir))).toEqual([]);
  });

  it('rejects when the SMTP server refuses the message', async () => {
    const smtp = await startFakeSmtp({ rejectRecipients: true });
    closers.push(smtp.close);
    const mailer = new SmtpMailer(smtp.url, 'Extranet <x@y.z>', log);
    await expect(mailer.send(message)).rejects.toThrow();
  });

  it('never puts a password in the recovery e-mail', () => {
    expect(message.subject).toBe('Recuperación de contraseña');
    expect(message.text).not.toMatch(/su (nueva )?contraseña es/i);
    expect(message.html).not.toMatch(/su (nueva )?contraseña es/i);
  });
});
