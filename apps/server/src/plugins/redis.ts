import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared state of several instances (`REDIS_URL`), or null for a single instance. */
    redis: Redis | null;
  }
}

/**
 * The Redis connection when `REDIS_URL` is set: login throttling and request rate limits are
 * then counted across every instance instead of per process. Commands fail fast (no endless
 * offline queue) so an unreachable Redis gives an error, never a hung login.
 */
export default fp(
  async function redisPlugin(app: FastifyInstance) {
    const url = app.config.redisUrl;
    if (!url) {
      app.decorate('redis', null);
      return;
    }
    const redis = new Redis(url, {
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      enableOfflineQueue: true,
      lazyConnect: true,
    });
    redis.on('error', (err) => app.log.warn({ err }, 'Redis'));
    await redis.connect();
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit();
    });
  },
  { name: 'redis' },
);
