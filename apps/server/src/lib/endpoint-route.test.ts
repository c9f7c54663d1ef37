import { endpoint } from '@extranet/contracts/common/endpoint';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerEndpoint } from './endpoint-route.js';

const schemas = () => Promise.resolve({ response: z.object({ ok: z.boolean() }) });
const base = { tag: 'Prueba', summary: 'Prueba', schemas } as const;

// A bare app, without the global security headers: what is asserted comes from registerEndpoint.
async function appWith() {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const ok = async () => ({ ok: true });
  await registerEndpoint(
    app,
    endpoint({
      ...base,
      operationId: 'getLeida',
      method: 'GET',
      path: '/leida',
      security: 'session',
    }),
    { handler: ok },
  );
  await registerEndpoint(
    app,
    endpoint({
      ...base,
      operationId: 'getPropia',
      method: 'GET',
      path: '/propia',
      security: 'session',
    }),
    {
      handler: async (_request, reply) => {
        reply.header('cache-control', 'private, max-age=60');
        return { ok: true };
      },
    },
  );
  await registerEndpoint(
    app,
    endpoint({
      ...base,
      operationId: 'getPublica',
      method: 'GET',
      path: '/publica',
      security: 'public',
    }),
    { handler: ok },
  );
  await registerEndpoint(
    app,
    endpoint({
      ...base,
      operationId: 'createCosa',
      method: 'POST',
      path: '/cosa',
      security: 'session',
    }),
    { handler: ok },
  );
  await app.ready();
  return app;
}

describe('registerEndpoint', () => {
  it('answers a session GET with no-store unless its handler says otherwise', async () => {
    const app = await appWith();
    const cacheOf = async (method: 'GET' | 'POST', url: string) =>
      (await app.inject({ method, url })).headers['cache-control'];
    expect(await cacheOf('GET', '/leida')).toBe('no-store');
    expect(await cacheOf('GET', '/propia')).toBe('private, max-age=60');
    expect(await cacheOf('GET', '/publica')).toBeUndefined();
    expect(await cacheOf('POST', '/cosa')).toBeUndefined();
    await app.close();
  });
});
