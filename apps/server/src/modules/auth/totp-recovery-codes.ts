import { randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@extranet/contracts/auth/totp';
import { hashPassword, verifyPassword } from './password.js';

/*
 * TOTP recovery codes (issue 7, ASVS 5.0 6.5): 10 characters of Crockford's base32 (no i, l,
 * o, u: nothing to confuse when read aloud or typed from paper), 50 bits each, shown as
 * `xxxx-xxxx-xx`. 50 bits is below the 112 that would allow a plain SHA-256 (ASVS 5.0 6.5.2),
 * so each code is stored as an argon2id hash with its own salt, like a password.
 */

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const LENGTH = 10;

/** A new code from the CSPRNG: 32 symbols, so `byte & 31` is unbiased. */
function newCode(): string {
  const chars = [...randomBytes(LENGTH)].map((byte) => ALPHABET[byte & 31]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/**
 * The code as stored: lower case without separators, with the look-alikes Crockford maps
 * (o → 0, i and l → 1); null when it cannot be a code at all.
 */
export function normalizeRecoveryCode(typed: string): string | null {
  const code = typed.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
  return code.length === LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : null;
}

/** A fresh set: the codes to show once, and the hashes to store. */
export async function newRecoveryCodes(): Promise<{ codes: string[]; hashes: string[] }> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const hashes = await Promise.all(
    codes.map((code) => hashPassword(normalizeRecoveryCode(code) ?? code)),
  );
  return { codes, hashes };
}

/** The id of the stored hash `typed` matches, if any. */
export async function matchRecoveryCode(
  typed: string,
  stored: { id: number; codigo_hash: string }[],
): Promise<number | undefined> {
  const code = normalizeRecoveryCode(typed);
  if (code === null) return undefined;
  for (const row of stored) {
    if (await verifyPassword(row.codigo_hash, code)) return row.id;
  }
  return undefined;
}
