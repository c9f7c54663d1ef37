import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { OneLinePerRequest } from './request-log.js';

function appLoggingTo(lines: Record<string, unknown>[]) {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({
    logger: { level: 'info', stream },
    logController: new OneLinePerRequest(),
  });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/falla', async () => {
    throw new Error('roto');
  });
  return app;
}

describe('registro de peticiones', () => {
  it('escribe una sola línea por petición, con la petición y la respuesta', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = appLoggingTo(lines);
    await app.inject({ method: 'GET', url: '/ok?x=1' });
    const requestLines = lines.filter((line) => 'reqId' in line);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/ok?x=1' },
      res: { statusCode: 200 },
    });
    expect(typeof requestLines[0]!['responseTime']).toBe('number');
    await app.close();
  });

  it('una petición fallida sigue dejando su línea de respuesta', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = appLoggingTo(lines);
    await app.inject({ method: 'GET', url: '/falla' });
    expect(lines.filter((line) => line['msg'] === 'incoming request')).toHaveLength(0);
    expect(lines.find((line) => line['msg'] === 'request completed')).toMatchObject({
      req: { url: '/falla' },
      res: { statusCode: 500 },
    });
    await app.close();
  });
});
