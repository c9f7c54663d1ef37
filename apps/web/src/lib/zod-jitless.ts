/*
 * `zod` for the browser bundle (vite.config.ts aliases the bare `zod` import here).
 * Zod probes `new Function()` the first time it parses an object, to compile faster
 * parsers; under the portal's CSP (no 'unsafe-eval') that probe is a reported violation in the
 * console. Jitless mode skips the probe; the parsers are the same, only not compiled.
 */
import * as z from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z };
