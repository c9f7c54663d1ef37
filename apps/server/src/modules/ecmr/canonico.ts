import canonicalize from 'canonicalize';
import { sha256Hex } from '../../lib/tokens.js';

/**
 * The canonical form of a JSON value (RFC 8785, JCS): keys sorted by UTF-16 code units, no
 * whitespace, numbers as ECMAScript prints them. The same value gives the same bytes on any
 * machine, so its SHA-256 identifies the content (docs/decisions/013-ecmr-signatures.md).
 */
export function canonico(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new Error('Valor sin forma canónica');
  return text;
}

/** SHA-256 (hex) of the canonical form of a value: the note's and the events' fingerprint. */
export function huella(value: unknown): string {
  return sha256Hex(canonico(value));
}
