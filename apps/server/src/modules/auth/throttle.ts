import { HttpError } from '../../lib/http-error.js';

/**
 * Where failed-attempt timestamps live: in memory for one instance, in Redis
 * (`RedisAttemptStore`, with `REDIS_URL`) when several instances share the counts.
 */
export interface AttemptStore {
  /** The attempts recorded under `key` since `since` (ms epoch), oldest first. */
  list(key: string, since: number): Promise<number[]>;
  /** Records one attempt at `at`; entries older than `since` may be dropped. */
  add(key: string, at: number, since: number): Promise<void>;
  clear(key: string): Promise<void>;
}

/** Keeps at most this many timestamps per key: beyond it, every limit here is reached anyway. */
const MAX_PER_KEY = 200;
/** Sweep stale keys once the map grows past this size, so memory stays bounded. */
const SWEEP_AT = 10_000;
const LONGEST_WINDOW_MS = 3_600_000;

export class MemoryAttemptStore implements AttemptStore {
  private readonly attempts = new Map<string, number[]>();

  async list(key: string, since: number): Promise<number[]> {
    return (this.attempts.get(key) ?? []).filter((at) => at >= since);
  }

  async add(key: string, at: number, since: number): Promise<void> {
    const kept = (this.attempts.get(key) ?? []).filter((t) => t >= since);
    kept.push(at);
    this.attempts.set(key, kept.slice(-MAX_PER_KEY));
    if (this.attempts.size > SWEEP_AT) this.sweep(at - LONGEST_WINDOW_MS);
  }

  async clear(key: string): Promise<void> {
    this.attempts.delete(key);
  }

  private sweep(since: number): void {
    for (const [key, list] of this.attempts) {
      if ((list.at(-1) ?? 0) < since) this.attempts.delete(key);
    }
  }
}

/** A failure count after which each further attempt must wait, doubling up to a ceiling. */
interface DelayRule {
  windowMs: number;
  freeFailures: number;
  maxDelayMs: number;
}

/** 5 failures of one account from one IP in 15 min → waits of 1 s, 2 s, 4 s … 60 s. */
const PER_ACCOUNT_AND_IP: DelayRule = {
  windowMs: 15 * 60_000,
  freeFailures: 5,
  maxDelayMs: 60_000,
};
/**
 * Across every IP an account gets a much looser ceiling with short waits only: a distributed
 * guesser is slowed down (from the 51st failure in an hour, well before 100, ASVS 6.3.1), yet
 * an attacker can never lock the real user out for more than 5 s at a time.
 */
const PER_ACCOUNT: DelayRule = { windowMs: 3_600_000, freeFailures: 50, maxDelayMs: 5_000 };
/** Recovery e-mails: 5 per address and 20 per IP per hour. */
const RECOVERY_PER_EMAIL = { windowMs: 3_600_000, max: 5 };
const RECOVERY_PER_IP = { windowMs: 3_600_000, max: 20 };

export interface AttemptSubject {
  email: string;
  region: string;
  ip: string;
}

/** The 429 of spec-less throttling; `retryAfterSeconds` becomes the Retry-After header. */
export class TooManyAttemptsError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      429,
      'TOO_MANY_ATTEMPTS',
      `Demasiados intentos. Espere ${retryAfterSeconds} segundos y vuelva a intentarlo.`,
    );
  }
}

/** Login and recovery throttling with growing delays (no lockout). Times are ms epoch. */
export class LoginThrottle {
  constructor(private readonly store: AttemptStore = new MemoryAttemptStore()) {}

  private keys({ email, region, ip }: AttemptSubject) {
    return { accountIp: `login:${region}:${email}:${ip}`, account: `login:${region}:${email}` };
  }

  /**
   * Throws TooManyAttemptsError when the next login attempt must still wait. `knownDevice`: the
   * browser holds a live remember token of this account (a device cookie): the account-wide
   * rule does not apply to it, so a distributed attacker cannot keep the owner out at all.
   */
  async assertLoginAllowed(
    subject: AttemptSubject,
    now: number,
    options: { knownDevice?: boolean } = {},
  ): Promise<void> {
    const keys = this.keys(subject);
    const waits = await Promise.all([
      this.waitMs(keys.accountIp, PER_ACCOUNT_AND_IP, now),
      options.knownDevice ? 0 : this.waitMs(keys.account, PER_ACCOUNT, now),
    ]);
    const wait = Math.max(...waits);
    if (wait > 0) throw new TooManyAttemptsError(Math.ceil(wait / 1000));
  }

  async loginFailed(subject: AttemptSubject, now: number): Promise<void> {
    const keys = this.keys(subject);
    await this.store.add(keys.accountIp, now, now - PER_ACCOUNT_AND_IP.windowMs);
    await this.store.add(keys.account, now, now - PER_ACCOUNT.windowMs);
  }

  async loginSucceeded(subject: AttemptSubject): Promise<void> {
    const keys = this.keys(subject);
    await this.store.clear(keys.accountIp);
    await this.store.clear(keys.account);
  }

  /** Counts one recovery request, or throws TooManyAttemptsError over either limit. */
  async recoveryRequested({ email, region, ip }: AttemptSubject, now: number): Promise<void> {
    const limits = [
      { key: `recover:${region}:${email}`, ...RECOVERY_PER_EMAIL },
      { key: `recover-ip:${ip}`, ...RECOVERY_PER_IP },
    ];
    for (const { key, windowMs, max } of limits) {
      const attempts = await this.store.list(key, now - windowMs);
      if (attempts.length >= max) {
        const oldest = attempts[attempts.length - max] ?? now;
        throw new TooManyAttemptsError(Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)));
      }
    }
    for (const { key, windowMs } of limits) await this.store.add(key, now, now - windowMs);
  }

  private async waitMs(key: string, rule: DelayRule, now: number): Promise<number> {
    const failures = await this.store.list(key, now - rule.windowMs);
    if (failures.length < rule.freeFailures) return 0;
    const exponent = failures.length - rule.freeFailures;
    const delay = Math.min(rule.maxDelayMs, 1000 * 2 ** Math.min(exponent, 16));
    const last = failures.at(-1) ?? now;
    return Math.max(0, last + delay - now);
  }
}
