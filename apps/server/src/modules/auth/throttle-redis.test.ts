import { randomInt, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.js';
import { clock } from '../../lib/clock.js';
import { buildTestApp } from '../../test/app.js';
import { testDatabases, type TestDatabaseHandle } from '../../test/databases.js';
import { testRedisUrl } from '../../test/redis.js';
import { TestBrowser } from '../../test/session.js';
import { LOGIN_PER_IP_PER_MINUTE } from './routes.js';
import { RedisAttemptStore } from './throttle-redis.js';

const redisUrl = testRedisUrl();

afterEach(() => {
  vi.restoreAllMocks();
});
const [sqlite] = testDatabases();

describe.skipIf(!redisUrl)('intentos fallidos en Redis', () => {
  let redis: Redis;
  let store: RedisAttemptStore;
  const prefix = `extranet-test:${randomUUID()}:`;

  beforeAll(async () => {
    redis = new Redis(redisUrl as string, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    store = new RedisAttemptStore(redis, prefix);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('lists the attempts of the window, oldest first, and forgets the older ones', async () => {
    await store.add('a', 1_000, 0);
    await store.add('a', 2_000, 0);
    await store.add('a', 2_000, 0);
    await store.add('a', 5_000, 1_500);
    expect(await store.list('a', 0)).toEqual([2_000, 2_000, 5_000]);
    expect(await store.list('a', 3_000)).toEqual([5_000]);
    const ttl = await redis.pttl(`${prefix}a`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(3_500);
    await store.clear('a');
    expect(await store.list('a', 0)).toEqual([]);
  });

  it('keeps at most 200 attempts per key', async () => {
    for (let i = 0; i < 210; i += 1) await store.add('b', 10_000 + i, 0);
    const kept = await store.list('b', 0);
    expect(kept).toHaveLength(200);
    expect(kept[0]).toBe(10_010);
  });
});

describe.skipIf(!redisUrl || !sqlite)('límite de intentos compartido entre instancias', () => {
  let handles: TestDatabaseHandle[];
  let apps: App[];

  beforeAll(async () => {
    handles = [await sqlite!.open(), await sqlite!.open()];
    apps = await Promise.all(
      handles.map((handle) => buildTestApp(handle, { REDIS_URL: redisUrl as string })),
    );
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const handle of handles) await handle.dispose();
  });

  it('failures counted by one instance slow the same attacker down on another', async () => {
    const [first, second] = apps as [App, App];
    // A fresh account per run: Redis outlives the test databases.
    const email = `nadie-${randomUUID()}@demo.es`;
    const ip = '10.77.0.1';
    // The sixth attempt comes within the first wait (1 s) however slow the machine is.
    const at = clock.now();
    vi.spyOn(clock, 'now').mockImplementation(() => at);
    for (let i = 0; i < 5; i += 1) {
      const res = await new TestBrowser(first, ip).login(email, { clave: `mala${i}` });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await new TestBrowser(second, ip).login(email, { clave: 'mala' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    // Another IP is not slowed down by the attacker's failures.
    const other = await new TestBrowser(second, '10.77.0.2').login(email, { clave: 'mala' });
    expect(other.statusCode).toBe(401);
  });

  it('counts the login calls of both portals on every instance against one per-IP budget', async () => {
    const [first, second] = apps as [App, App];
    // A fresh IP per run: Redis outlives the test databases.
    const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    for (let i = 0; i < LOGIN_PER_IP_PER_MINUTE; i += 1) {
      const app = i % 2 === 0 ? first : second;
      const url = i % 4 < 2 ? '/api/login' : '/api/proveedores/login';
      expect((await new TestBrowser(app, ip).post(url, {})).statusCode).toBe(400);
    }
    const capped = await new TestBrowser(second, ip).post('/api/login', {});
    expect(capped.statusCode).toBe(429);
    expect(capped.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    const cappedCarrier = await new TestBrowser(first, ip).post('/api/proveedores/login', {});
    expect(cappedCarrier.statusCode).toBe(429);
  });
});
