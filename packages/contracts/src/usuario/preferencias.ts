import { z } from 'zod';
import { IDIOMAS } from '../auth/constants.js';

/** One of the portals' six languages. */
export const IdiomaCodigo = z.enum(IDIOMAS);

/** `PATCH /api/usuario/preferencias`: what the user changes (today only the language). */
export const PreferenciasRequest = z.strictObject({ idioma: IdiomaCodigo });
export type PreferenciasRequest = z.infer<typeof PreferenciasRequest>;

/** The user's preferences as stored; `idioma` null until the user chooses one. */
export const Preferencias = z.object({ idioma: IdiomaCodigo.nullable() });
export type Preferencias = z.infer<typeof Preferencias>;
