/*
 * The rules of a suggestion as plain constants, free of zod: the contract's schema
 * (`sugerencia.ts`) and the web form both read them.
 */

/** Most characters of the optional subject. */
export const ASUNTO_MAX = 120;
/** Fewest and most characters of the suggestion's text (after trimming). */
export const TEXTO_MIN = 5;
export const TEXTO_MAX = 2000;
