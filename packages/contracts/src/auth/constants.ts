/** The zod-free constants of sign-in, for pages that must not load the schemas. */

/**
 * The fixed `clave` that turns a login call into a password-recovery request (spec §7:
 * "clave set to a fixed recovery marker").
 */
export const RECOVERY_MARKER = '__recuperar_clave__';

/** Password rules of NIST SP 800-63B: length only, no composition rules. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The portals' languages (issue 20 point 7), the driver page's too: Spanish first, the default
 * and the fallback (spec §9). A user's choice is one of these (`PATCH /api/usuario/preferencias`).
 */
export const IDIOMAS = ['es', 'en', 'fr', 'it', 'ro', 'tr'] as const;
export type Idioma = (typeof IDIOMAS)[number];
