import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { AttemptStore } from './throttle.js';

/** Most timestamps kept per key, as in the memory store. */
const MAX_PER_KEY = 200;

/**
 * Failed attempts in Redis, shared by every instance behind the load balancer: one sorted set
 * per key, scored by the attempt's time; old entries are trimmed on each write and the key
 * expires once its window has passed.
 */
export class RedisAttemptStore implements AttemptStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'extranet:intentos:',
  ) {}

  async list(key: string, since: number): Promise<number[]> {
    const flat = await this.redis.zrangebyscore(this.prefix + key, since, '+inf', 'WITHSCORES');
    // [member, score, member, score, …] → the scores, oldest first.
    return flat.filter((_, i) => i % 2 === 1).map(Number);
  }

  async add(key: string, at: number, since: number): Promise<void> {
    const redisKey = this.prefix + key;
    await this.redis
      .multi()
      .zadd(redisKey, at, `${at}:${randomUUID()}`)
      .zremrangebyscore(redisKey, '-inf', `(${since}`)
      .zremrangebyrank(redisKey, 0, -(MAX_PER_KEY + 1))
      .pexpire(redisKey, Math.max(1, at - since))
      .exec();
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}
