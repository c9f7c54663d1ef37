import { createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh random secret for cookies and links: 32 bytes, base64url (43 characters). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** SHA-256 as hex: what we store instead of a random secret (a leaked table reveals no token). */
export function sha256Hex(value: string): string {
  // One call, no Hash object: the session cookie is hashed on every request.
  return hash('sha256', value, 'hex');
}

/** HMAC-SHA256 as hex, keyed with a server secret: for tokens that must not be forgeable. */
export function hmacHex(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

/** Constant-time string comparison (false when the lengths differ). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
