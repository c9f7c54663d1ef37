import { readFileSync } from 'node:fs';
import { createServer, Agent, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.js';
import { migrateToLatest } from '../../db/migrate.js';
import { vapidSubject } from '../../push/push-sender.js';
import { testConfig } from '../../test/app.js';
import { testDatabases, type TestDatabaseHandle } from '../../test/databases.js';
import { TestBrowser } from '../../test/session.js';
import { buildInitialData } from '../initial-data/service.js';
import { createSession } from '../sesiones/service.js';
import { reassign, subscribe } from './service.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../../test/fixtures/${name}`, import.meta.url));
const cert = fixture('push-service-cert.pem');
const key = fixture('push-service-key.pem');

/** A browser-like subscription: real P-256 public key and auth secret (RFC 8291 test vector). */
function subscription(endpoint: string) {
  return {
    endpoint,
    expirationTime: null,
    keys: {
      p256dh:
        'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
      auth: 'BTBZMqHH6r4Tts7J_aSIgg',
    },
  };
}

interface PushRequest {
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A push service on 127.0.0.1 over HTTPS (web-push only speaks https), answering `status`. */
async function startPushService() {
  const requests: PushRequest[] = [];
  let status = 201;
  const server: Server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    answer(code: number) {
      status = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('VAPID subject', () => {
  it('is the public URL over https, else a mailto: of the sender', () => {
    expect(vapidSubject('https://extranet.example.com', 'X <a@b.c>')).toBe(
      'https://extranet.example.com',
    );
    expect(vapidSubject('http://localhost:3000', 'Extranet <no-reply@extranet.local>')).toBe(
      'mailto:no-reply@extranet.local',
    );
  });
});

describe.each(testDatabases())('Web Push on $name', ({ open }) => {
  let handle: TestDatabaseHandle;
  let app: App;
  let pushService: Awaited<ReturnType<typeof startPushService>>;
  let ana: number;
  let bruno: number;

  beforeAll(async () => {
    handle = await open();
    await migrateToLatest(handle.db);
    pushService = await startPushService();
    app = await buildApp({
      config: testConfig(),
      database: handle,
      logger: false,
      push: { agent: new Agent({ ca: cert }) },
    });
    const insert = async (email: string) =>
      (
        await app.db
          .insertInto('usuarios')
          .values({ region: 'es', email, nombre: email, clave_hash: 'x', codigo: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    ana = await insert('ana@demo.es');
    bruno = await insert('bruno@demo.es');
  });
  afterAll(async () => {
    await app.close();
    await pushService.close();
    await handle.dispose();
  });

  it('generates the VAPID keys once and keeps them across restarts', async () => {
    const stored = await app.db
      .selectFrom('ajustes')
      .select(['clave', 'valor'])
      .where('clave', 'like', 'vapid_%')
      .execute();
    expect(stored.map((r) => r.clave).sort()).toEqual(['vapid_private_key', 'vapid_public_key']);
    expect(app.push.publicKey).toMatch(/^B[\w-]{86}$/);
    expect(stored.find((r) => r.clave === 'vapid_public_key')?.valor).toBe(app.push.publicKey);

    // A second instance (or a restart) on the same database signs with the same identity.
    const again = await buildApp({
      config: testConfig(),
      database: { ...handle, close: async () => {} },
      logger: false,
    });
    try {
      expect(again.push.publicKey).toBe(app.push.publicKey);
    } finally {
      await again.close();
    }
    // And the SPA gets it in the initial data.
    expect((await buildInitialData(app)).config?.vapidPublicKey).toBe(app.push.publicKey);
  });

  it('upserts by endpoint: the same browser keeps its id and moves to the current user', async () => {
    const sub = subscription(`${pushService.url}/push/ana-1`);
    const first = await subscribe(app.db, { usuarioId: ana, portal: 'clientes' }, sub, 'Firefox');
    const same = await subscribe(app.db, { usuarioId: ana, portal: 'clientes' }, sub, 'Firefox');
    expect(same.id).toBe(first.id);
    const moved = await subscribe(
      app.db,
      { usuarioId: bruno, portal: 'proveedores' },
      sub,
      'Chromium',
    );
    expect(moved.id).toBe(first.id);
    const row = await app.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ usuario_id: bruno, portal: 'proveedores', user_agent: 'Chromium' });
  });

  it('reassigns a stored subscription to the current user; an unknown id is a 404', async () => {
    const { id } = await subscribe(
      app.db,
      { usuarioId: ana, portal: 'clientes' },
      subscription(`${pushService.url}/push/ana-2`),
      undefined,
    );
    expect(await reassign(app.db, { usuarioId: bruno, portal: 'clientes' }, id)).toEqual({ id });
    const row = await app.db
      .selectFrom('push_subscriptions')
      .select('usuario_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.usuario_id).toBe(bruno);
    await expect(
      reassign(app.db, { usuarioId: bruno, portal: 'clientes' }, 999_999),
    ).rejects.toMatchObject({
      statusCode: 404,
      code: 'NOT_FOUND',
    });
  });

  /** Ana's new subscription at the fake push service, as the sender reads it. */
  async function anaSubscribed(path: string) {
    const { id } = await subscribe(
      app.db,
      { usuarioId: ana, portal: 'clientes' },
      subscription(`${pushService.url}/push/${path}`),
      undefined,
    );
    return app.db
      .selectFrom('push_subscriptions')
      .select(['id', 'endpoint', 'p256dh', 'auth'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  it('sends an encrypted notification with VAPID authorisation; 410 deletes the subscription', async () => {
    const target = await anaSubscribed('ana-3');
    const { id } = target;
    const payload = {
      title: 'Nueva carga',
      body: 'Madrid → Lyon, 24 palets',
      url: '/proveedores/cargas',
    };

    pushService.answer(201);
    expect(await app.push.send(target, payload)).toBe('sent');
    const request = pushService.requests.at(-1)!;
    expect(request.headers['authorization']).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(request.headers['authorization']).toContain(`k=${app.push.publicKey}`);
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(request.headers['ttl']).toBe('86400');
    // Encrypted: the plain text is nowhere in the body.
    expect(request.body.length).toBeGreaterThan(86);
    expect(request.body.toString('latin1')).not.toContain('Nueva carga');

    pushService.answer(410);
    expect(await app.push.send(target, payload)).toBe('gone');
    const left = await app.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('id', '=', id)
      .execute();
    expect(left).toEqual([]);
  });

  it('other push service errors are thrown and keep the subscription', async () => {
    const target = await anaSubscribed('ana-4');
    const { id } = target;
    pushService.answer(500);
    await expect(app.push.send(target, { title: 't', body: 'b' })).rejects.toThrow();
    expect(
      await app.db.selectFrom('push_subscriptions').select('id').where('id', '=', id).execute(),
    ).toHaveLength(1);
  });

  describe('routes', () => {
    /** A browser holding a fresh session; null user = opened from an access link. */
    async function browserWithSession(
      portal: 'clientes' | 'proveedores',
      usuarioId: number | null,
    ) {
      const created = await createSession(app.db, app.config, {
        usuarioId,
        portal,
        region: 'es',
        clienteId: null,
        proveedorId: null,
      });
      const browser = new TestBrowser(app);
      browser.cookies.set('sid', created.cookieValue);
      return browser;
    }

    it.each([
      ['clientes', '/api'],
      ['proveedores', '/api/proveedores'],
    ] as const)('%s: subscribe and update for the signed-in user', async (portal, prefix) => {
      const anaBrowser = await browserWithSession(portal, ana);
      const sub = subscription(`${pushService.url}/push/${portal}-route`);
      const res = await anaBrowser.request('POST', `${prefix}/push-subscription`, {
        payload: { subscription: sub },
        headers: { 'user-agent': 'Prueba/1.0' },
      });
      expect(res.statusCode).toBe(200);
      const { id } = res.json<{ id: number }>();
      const row = await app.db
        .selectFrom('push_subscriptions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ usuario_id: ana, portal, user_agent: 'Prueba/1.0' });

      // Another browser cannot take the subscription over by guessing its id.
      const stranger = await browserWithSession(portal, bruno);
      const hijack = await stranger.post(`${prefix}/push-subscription-update`, {
        subscriptionId: id,
      });
      expect(hijack.statusCode).toBe(404);

      // The same browser, now signed in as bruno, moves it to him.
      const brunoBrowser = await browserWithSession(portal, bruno);
      brunoBrowser.cookies.set('push_sub', anaBrowser.cookies.get('push_sub')!);
      const update = await brunoBrowser.post(`${prefix}/push-subscription-update`, {
        subscriptionId: id,
      });
      expect(update.statusCode).toBe(200);
      expect(update.json()).toEqual({ id });
      const moved = await app.db
        .selectFrom('push_subscriptions')
        .select('usuario_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(moved.usuario_id).toBe(bruno);

      const missing = await brunoBrowser.post(`${prefix}/push-subscription-update`, {
        subscriptionId: 987_654,
      });
      expect(missing.statusCode).toBe(404);
    });

    it('refuses without a session, with the other portal session, or without a user', async () => {
      const payload = { subscription: subscription(`${pushService.url}/push/nadie`) };
      const anonymous = await new TestBrowser(app).post('/api/push-subscription', payload);
      expect(anonymous.statusCode).toBe(401);
      const supplier = await browserWithSession('proveedores', ana);
      expect((await supplier.post('/api/push-subscription', payload)).statusCode).toBe(401);
      const accessLink = await browserWithSession('clientes', null);
      const noUser = await accessLink.post('/api/push-subscription', payload);
      expect(noUser.statusCode).toBe(403);
      expect(noUser.json().error.code).toBe('FORBIDDEN');
    });

    it('refuses a write without the CSRF token', async () => {
      const browser = await browserWithSession('clientes', ana);
      const res = await browser.request('POST', '/api/push-subscription', {
        payload: { subscription: subscription(`${pushService.url}/push/csrf`) },
        csrf: false,
      });
      expect(res.statusCode).toBe(403);
    });
  });
});
