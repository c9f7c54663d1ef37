import { Writable } from 'node:stream';
import { apiScopes } from '@extranet/contracts/integracion/integracion';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { seedDemo } from '../db/seed/demo.js';
import { migrateToLatest } from '../db/migrate.js';
import { tokenAviso } from '../modules/envio/avisos.js';
import { crearEnlacePorte } from '../modules/envio/service.js';
import { createAccessLink } from '../modules/access-links/service.js';
import { createApiKey } from '../modules/api-keys/service.js';
import { testConfig } from '../test/app.js';
import { clienteIdOf } from '../test/clientes.js';
import { testDatabases, type TestDatabaseHandle } from '../test/databases.js';
import { TestBrowser } from '../test/session.js';
import { REDACTED, redactText, redactUrl } from './log-redaction.js';

describe('secretos fuera de las URL de los logs', () => {
  const token = 'Qm9sYS1kZS1uaWV2ZS0xMjM0NTY3ODkwYWJjZGVm';

  it('hides the token of every capability page, and token-like segments nobody listed', () => {
    expect(redactUrl(`/clientes/tracking/12/${token}`)).toBe(`/clientes/tracking/12/${REDACTED}`);
    expect(redactUrl(`/clientes/portes/12/abc`)).toBe(`/clientes/portes/12/${REDACTED}`);
    expect(redactUrl(`/clientes/file/9/12/abc?x=1`)).toBe(`/clientes/file/9/12/${REDACTED}?x=1`);
    expect(redactUrl(`/proveedores/cargas/45/${token}`)).toBe(`/proveedores/cargas/45/${REDACTED}`);
    expect(redactUrl(`/proveedores/subir-albaranes-entrega/45/x`)).toBe(
      `/proveedores/subir-albaranes-entrega/45/${REDACTED}`,
    );
    expect(redactUrl(`/conductor/${token}`)).toBe(`/conductor/${REDACTED}`);
    // The driver page's API calls: the token is the segment after /api/conductor/, any shape.
    expect(redactUrl(`/api/conductor/${token}/posiciones`)).toBe(
      `/api/conductor/${REDACTED}/posiciones`,
    );
    expect(redactUrl('/api/conductor/corto/paradas/3/eventos')).toBe(
      `/api/conductor/${REDACTED}/paradas/3/eventos`,
    );
    // The e-CMR's contactless signing link, any shape.
    expect(redactUrl('/api/ecmr/firma/corto/fotos')).toBe(`/api/ecmr/firma/${REDACTED}/fotos`);
    // The shipment link's page and its API calls (issue 19), any shape of token.
    expect(redactUrl('/envio/sinDigitosNiNadaQueLoDelate')).toBe(`/envio/${REDACTED}`);
    expect(redactUrl('/api/envio/corto/documentos/12?apertura=1')).toBe(
      `/api/envio/${REDACTED}/documentos/12?apertura=1`,
    );
    // A notice's page token and its one-click unsubscription (`<id>.<hmac>`: no token shape).
    expect(redactUrl('/envio/12.abcdef')).toBe(`/envio/${REDACTED}`);
    expect(redactUrl('/api/envio/12.abcdef/baja')).toBe(`/api/envio/${REDACTED}/baja`);
    expect(redactUrl(`/futuro/enlace/${token}/ver`)).toBe(`/futuro/enlace/${REDACTED}/ver`);
  });

  it('hides secret query parameters and keeps ordinary URLs as they are', () => {
    expect(redactUrl(`/nueva-clave?portal=clientes&token=${token}`)).toBe(
      `/nueva-clave?portal=clientes&token=${REDACTED}`,
    );
    expect(redactUrl('/api/x?Clave=abc&code=123456&q=ruta')).toBe(
      `/api/x?Clave=${REDACTED}&code=${REDACTED}&q=ruta`,
    );
    for (const url of [
      '/api/proveedores/transportes?desde=2026-01-01&cursor=abc',
      '/proveedores/subir-albaranes-entrega',
      '/assets/index-B7x9kQ2dAbCdEfGh123.js',
      '/api/clientes/facturas/123456/pdf',
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });

  it('hides credentials and capability URLs inside free text', () => {
    expect(redactText('connect ECONNREFUSED postgres://app:s3creto@db:5432/x')).toBe(
      `connect ECONNREFUSED postgres://app:${REDACTED}@db:5432/x`,
    );
    expect(redactText(`'/clientes/tracking/1/${token}' no es válida`)).toBe(
      `'/clientes/tracking/1/${REDACTED}' no es válida`,
    );
  });
});

describe.each(testDatabases())('ningún secreto en los logs de la app en $name', ({ open }) => {
  let handle: TestDatabaseHandle;
  let app: App;
  const lines: string[] = [];

  beforeAll(async () => {
    handle = await open();
    await migrateToLatest(handle.db);
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'trace' }),
      database: handle,
      logger: { level: 'trace', stream },
    });
    await seedDemo(handle.db);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.dispose();
  });

  it('writes request lines with the URL, never a token, cookie, key or password', async () => {
    const secrets: string[] = [];
    const clienteId = await clienteIdOf(handle, 'Conservas del Ebro S.A.');
    const link = await createAccessLink(app.db, app.config, { portal: 'clientes', id: clienteId });
    secrets.push(link.token);

    // The link's page, its API call, and the pages of a carrier link.
    const visitor = new TestBrowser(app);
    await visitor.get(new URL(link.url).pathname);
    await visitor.get(`/clientes/portes/${clienteId}/${link.token}?x=1`);
    expect(
      (await visitor.post('/api/clientes/access', { id: clienteId, token: link.token })).statusCode,
    ).toBe(200);
    secrets.push(visitor.cookies.get('sid')!, visitor.cookies.get('csrf-token')!);
    await visitor.get('/api/clientes/menu');

    // A login (the password travels in the body), then calls with its cookies.
    const user = new TestBrowser(app);
    expect((await user.login('cliente@demo.es')).statusCode).toBe(200);
    secrets.push('demo1234', user.cookies.get('sid')!, user.cookies.get('remember_clientes')!);
    await user.get('/api/auth');
    await user.post('/api/login', {
      usuario: 'cliente@demo.es',
      clave: 'otra-clave-mala',
      dregion: 'es',
    });
    secrets.push('otra-clave-mala');

    // Tokens in query strings and in the body of a password reset.
    const resetToken = 'NuevaClave0123456789abcdefghij';
    secrets.push(resetToken);
    await user.get(`/nueva-clave?portal=clientes&token=${resetToken}`);
    await user.post('/api/password-reset/check', { token: resetToken });
    await user.post('/api/password-reset', { token: resetToken, clave: 'Una-clave-nueva-1' });
    secrets.push('Una-clave-nueva-1');

    // A shipment link (issue 19): its page, its API read, a document, a subscription.
    const porte = await app.db
      .selectFrom('portes')
      .select('partida')
      .where('cliente_id', '=', clienteId)
      .where('estado', '!=', 'anulado')
      .executeTakeFirstOrThrow();
    const envio = await crearEnlacePorte(
      app.db,
      app.config,
      { clienteId, usuarioId: null, apiKeyId: null, ip: '127.0.0.1', puedeFacturas: true },
      porte.partida,
      { entrega: true, factura: true, firma: false, dias: 1, email: null },
    );
    const envioToken = new URL(envio.url).pathname.split('/').at(-1)!;
    secrets.push(envioToken);
    await visitor.get(`/envio/${envioToken}`);
    expect((await visitor.get(`/api/envio/${envioToken}?apertura=1`)).statusCode).toBe(200);
    await visitor.get(`/api/envio/${envioToken}/documentos/999999`);
    await visitor.post(`/api/envio/${envioToken}/avisos`, { email: 'yo@destino.example' });
    // The subscription's own tokens: the page link of its notices and the unsubscription.
    const aviso = await app.db
      .selectFrom('enlaces_porte_avisos')
      .select(['id', 'clave'])
      .where('email', '=', 'yo@destino.example')
      .executeTakeFirstOrThrow();
    const suscripcion = { id: Number(aviso.id), clave: aviso.clave };
    const pagina = tokenAviso(app.config, suscripcion, 'pagina');
    const baja = tokenAviso(app.config, suscripcion, 'baja');
    secrets.push(pagina.split('.')[1]!, baja.split('.')[1]!);
    expect((await visitor.get(`/api/envio/${pagina}`)).statusCode).toBe(200);
    expect((await visitor.post(`/api/envio/${baja}/baja`, {})).statusCode).toBe(200);

    // The integration API with its key, and an error that names a connection URL.
    const { key } = await createApiKey(app.db, { nombre: 'logs', scopes: [...apiScopes] });
    secrets.push(key);
    await app.inject({
      method: 'GET',
      url: '/api/integration/v1/novedades',
      headers: { authorization: `Bearer ${key}` },
    });
    app.log.error({ err: new Error('connect failed postgres://app:clave-del-pg@db/x') }, 'db');
    secrets.push('clave-del-pg');
    // A request whose URL the router refuses still leaves its line, without the token.
    await app.inject({ method: 'GET', url: `/clientes/tracking/${clienteId}/${link.token}%zz` });

    const requestLines = lines.filter((line) => line.includes('"req":'));
    expect(requestLines.length).toBeGreaterThan(10);
    expect(lines.some((line) => line.includes(`/clientes/tracking/${clienteId}/${REDACTED}`))).toBe(
      true,
    );
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(5);
      const leaking = lines.filter((line) => line.includes(secret));
      expect(leaking, `secreto ${secret.slice(0, 6)}…`).toEqual([]);
    }
  });
});
