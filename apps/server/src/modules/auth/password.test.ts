import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.js';

describe('password', () => {
  it('hashes with argon2id and the OWASP parameters', async () => {
    const stored = await hashPassword('demo1234');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hashPassword('demo1234')).not.toBe(stored);
  });

  it('verifies the right password only', async () => {
    const stored = await hashPassword('demo1234');
    expect(await verifyPassword(stored, 'demo1234')).toBe(true);
    expect(await verifyPassword(stored, 'demo12345')).toBe(false);
    expect(await verifyPassword(stored, '')).toBe(false);
  });

  it('treats a malformed stored hash as a mismatch', async () => {
    expect(await verifyPassword('not-a-hash', 'demo1234')).toBe(false);
  });
});
