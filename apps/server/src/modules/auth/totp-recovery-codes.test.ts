import { describe, expect, it } from 'vitest';
import {
  matchRecoveryCode,
  newRecoveryCodes,
  normalizeRecoveryCode,
} from './totp-recovery-codes.js';

describe('TOTP recovery codes', () => {
  it('reads a code however it is typed, and the look-alikes as Crockford does', () => {
    expect(normalizeRecoveryCode('7KQ2 M9XD 4T')).toBe('7kq2m9xd4t');
    expect(normalizeRecoveryCode(' 7kq2-m9xd-4t ')).toBe('7kq2m9xd4t');
    expect(normalizeRecoveryCode('oIL2-m9xd-4t')).toBe('0112m9xd4t');
    // Too short, too long, or a letter outside the alphabet (u): not a code at all.
    expect(normalizeRecoveryCode('7kq2-m9xd-4')).toBeNull();
    expect(normalizeRecoveryCode('7kq2-m9xd-4tt')).toBeNull();
    expect(normalizeRecoveryCode('7kq2-m9xd-4u')).toBeNull();
  });

  it('makes ten distinct codes of 50 bits and matches each only against its own hash', async () => {
    const { codes, hashes } = await newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes)
      expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{2}$/);
    const stored = hashes.map((codigo_hash, id) => ({ id, codigo_hash }));
    expect(await matchRecoveryCode(codes[3]!.toUpperCase(), stored)).toBe(3);
    expect(await matchRecoveryCode('zzzz-zzzz-zz', stored)).toBeUndefined();
    expect(await matchRecoveryCode('not a code', stored)).toBeUndefined();
  });
});
