import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './app.js';
import { testDatabases } from './test/databases.js';
import { buildTestApp } from './test/app.js';

describe.each(testDatabases())('API server on $name', ({ open }) => {
  let app: App;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const handle = await open();
    dispose = handle.dispose;
    app = await buildTestApp(handle);
  });
  afterAll(async () => {
    await app.close();
    await dispose();
  });

  it('answers /healthz and /readyz', async () => {
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API paths with the Spanish error shape', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/no-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Recurso no encontrado.' } });
  });

  it('rejects broken JSON with a 400 and a Spanish message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/no-existe',
      headers: { 'content-type': 'application/json' },
      payload: '{"usuario": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'INVALID_JSON', message: 'El cuerpo de la petición no es JSON válido.' },
    });
  });

  it('returns the anonymous session from GET /api/auth, never cached', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      success: 0,
      email: '',
      code: '',
      client: true,
      supplier: false,
    });
  });

  it('publishes an OpenAPI 3.1 document generated from the contracts, and its viewer', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/healthz', '/readyz', '/api/auth']),
    );
    // The session schema comes from the zod contract: its fields are there.
    const authSchema =
      doc.paths['/api/auth'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(authSchema.properties)).toEqual(
      expect.arrayContaining([
        'success',
        'region',
        'client',
        'supplier',
        'email',
        'code',
        'sessionId',
      ]),
    );
    const docs = await app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(docs.statusCode);
  });

  it('sends strict security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('serves index.html with the initial data for every non-API path (history mode)', async () => {
    for (const url of [
      '/',
      '/clientes/tracking',
      '/proveedores/cargas?desde=2026-01-01',
      '/no/existe',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      const match =
        /<script type="application\/json" id="initial-data">(.*?)<\/script><\/head>/.exec(res.body);
      expect(match, url).not.toBeNull();
      const data = JSON.parse(match![1]!);
      expect(Date.parse(data.updated)).toBeGreaterThan(Date.now() - 60_000);
      expect(typeof data.generated).toBe('string');
      expect(Array.isArray(data.regiones)).toBe(true);
      expect(data.config).toEqual({ mapsApiKey: '', vapidPublicKey: app.push.publicKey });
      expect(app.push.publicKey).toMatch(/^B[\w-]{86}$/);
    }
  });

  it("serves the driver page's own entry, without the portal's data, never as a referrer", async () => {
    const res = await app.inject({ method: 'GET', url: '/conductor/un-token-cualquiera' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.body).toContain('<title>Conductor</title>');
    expect(res.body).not.toContain('initial-data');
    // Only through its route, never as a file.
    expect((await app.inject({ method: 'GET', url: '/conductor.html' })).body).not.toContain(
      '<title>Conductor</title>',
    );
  });

  it("serves the e-CMR contactless signer the driver page's light entry: no data, no cookie", async () => {
    const res = await app.inject({ method: 'GET', url: '/ecmr/firmar' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.body).toContain('<title>Conductor</title>');
    expect(res.body).not.toContain('initial-data');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('serves hashed assets with a year of caching', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the brotli or gzip copy of the build to browsers that accept it', async () => {
    const url = '/assets/index-abc123.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("ok");');
    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log("ok");');
    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': '' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("ok");');
  });
});
