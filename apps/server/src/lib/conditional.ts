import { createHash } from 'node:crypto';

/*
 * Conditional reads (issue 21 point 4, decision 014): the ETag of a read is a hash of everything
 * its body depends on (build, operation, URL, owner, change counters…), computed before the
 * body; a refresh whose If-None-Match holds it is answered 304 without running the handler.
 */

/** A weak ETag over the parts (JSON-serialisable values), in their order. */
export function etagOf(parts: readonly unknown[]): string {
  const digest = createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
  return `W/"${digest.slice(0, 27)}"`;
}

/**
 * Whether an `If-None-Match` header matches the ETag: the weak comparison RFC 9110 §13.1.2
 * prescribes for it (the `W/` prefix ignored), any of a list, or `*`.
 */
export function ifNoneMatchHas(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}
