import { hash, verify } from '@node-rs/argon2';
import type { Options } from '@node-rs/argon2';

/**
 * argon2id with the OWASP / ASVS minimum (19 MiB, 2 passes, 1 lane): ~20 ms per hash, cheap
 * enough for login, expensive enough for offline guessing. Parameters live in each hash, so
 * raising them later still verifies old hashes.
 */
const OPTIONS: Options = {
  // Algorithm.Argon2id; the enum is `const` and cannot be read under isolatedModules.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** Hashes a password to a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`). */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

/** True when `plain` matches; false for a wrong password or a malformed stored hash. */
export async function verifyPassword(storedHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(storedHash, plain);
  } catch {
    return false;
  }
}
