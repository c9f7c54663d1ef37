/** A small seeded PRNG (mulberry32): the same seed gives the same demo data on every run. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('Random.pick: lista vacía');
    return item;
  }

  /** Two different items. */
  pair<T>(items: readonly T[]): [T, T] {
    const a = this.int(0, items.length - 1);
    const b = (a + this.int(1, items.length - 1)) % items.length;
    return [items[a] as T, items[b] as T];
  }
}

/** 'YYYY-MM-DD' of `base` plus `days` (UTC calendar). */
export function isoDate(base: Date, days = 0): string {
  return new Date(base.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** ISO instant of `base` plus `days`, at `hour:minute` UTC. */
export function isoInstant(base: Date, days: number, hour = 9, minute = 0): string {
  const d = new Date(base.getTime() + days * 86_400_000);
  d.setUTCHours(hour, minute, 0, 0);
  return d.toISOString();
}
