import net from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/**
 * A minimal SMTP server on 127.0.0.1 (RFC 5321 happy path, no TLS, no auth), so the real
 * nodemailer SMTP transport can be tested without network. `rejectRecipients` answers 550.
 */
export async function startFakeSmtp(options: { rejectRecipients?: boolean } = {}) {
  const received: ReceivedMail[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 localhost ESMTP prueba');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end).replace(/\r\n\.\./g, '\r\n.');
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 OK: en cola');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-localhost\r\n250-8BITMIME\r\n250 SMTPUTF8');
        else if (verb === 'HELO') reply('250 localhost');
        else if (verb === 'MAIL') {
          current.from = line;
          reply('250 OK');
        } else if (verb === 'RCPT') {
          if (options.rejectRecipients) reply('550 Buzón desconocido');
          else {
            current.to.push(line);
            reply('250 OK');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 Fin con <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          reply('221 Adiós');
          socket.end();
          return;
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 OK');
        else reply('502 No implementado');
      }
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
