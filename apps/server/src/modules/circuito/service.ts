import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { clock } from '../../lib/clock.js';
import { listCircuitoUrls } from './repository.js';

/**
 * How long an instance reuses the origins it read. Resources change through the integration
 * API or the CLI, possibly on another instance or process: no instance is told, each simply
 * reads the data again once this has passed. So a new Circuitoseguridad URL is allowed
 * everywhere at most this long after it was written, without any cross-instance message.
 */
export const CIRCUITO_ORIGINS_TTL_MS = 5_000;

/**
 * The origins of absolute http(s) URLs, distinct and sorted. Relative URLs (the demo's) are
 * our own origin, already 'self'; anything else (another scheme, not a URL) is left out, so
 * bad data can never widen the policy or break the header.
 */
export function httpOrigins(urls: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const value of urls) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      continue;
    }
    if (url.protocol === 'https:' || url.protocol === 'http:') origins.add(url.origin);
  }
  return [...origins].sort();
}

/** The origins the Security Circuit form may post to, read at most once per TTL. */
export function circuitoOriginsCache(db: Kysely<Database>, ttlMs = CIRCUITO_ORIGINS_TTL_MS) {
  let cached: { origins: string[]; readAt: number } | undefined;
  let reading: Promise<string[]> | undefined;
  return async function circuitoOrigins(): Promise<string[]> {
    const now = clock.now().getTime();
    if (cached && now - cached.readAt < ttlMs) return cached.origins;
    // Concurrent page loads share one read.
    reading ??= listCircuitoUrls(db)
      .then((urls) => {
        cached = { origins: httpOrigins(urls), readAt: now };
        return cached.origins;
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
}

/**
 * The CSP with `sources` added to its form-action directive (spec §2: the Circuito Seguridad
 * button posts a form to the resource's URL, on another site in production). Other directives
 * are left as they are; without a form-action directive the policy is returned unchanged.
 */
export function withFormActionSources(csp: string, sources: readonly string[]): string {
  if (sources.length === 0) return csp;
  return csp
    .split(';')
    .map((directive) => {
      const [name, ...values] = directive.trim().split(/\s+/);
      if (name?.toLowerCase() !== 'form-action') return directive;
      const merged = [...values, ...sources.filter((source) => !values.includes(source))];
      return `${directive.startsWith(' ') ? ' ' : ''}${name} ${merged.join(' ')}`;
    })
    .join(';');
}
