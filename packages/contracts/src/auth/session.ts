import { z } from 'zod';
import { ClienteResumen } from './login.js';
import { RegionCode } from '../regiones/region.js';
import { IdiomaCodigo } from '../usuario/preferencias.js';

/**
 * The session as `GET /api/auth` returns it (spec §3 "Session (auth state)").
 * A supplier session has `client: false, supplier: true`.
 */
export const AuthSession = z.object({
  /** 1 when a user is signed in, 0 otherwise. */
  success: z.union([z.literal(0), z.literal(1)]),
  region: RegionCode,
  client: z.boolean(),
  supplier: z.boolean(),
  email: z.string(),
  /** The user's code, posted to the Security Circuit resource. */
  code: z.string(),
  /** Id of the active client or supplier; 0 when none is chosen. */
  id: z.number().int(),
  name: z.string(),
  sessionName: z.string(),
  sessionId: z.string(),
  /**
   * Present only while a login with several clients (or carriers) waits for the mandatory
   * choice (spec §2, §4): the companies to choose from. No portal page opens meanwhile, and
   * the login page shows the selection dialog again (e.g. after a reload).
   */
  pendingChoice: z.array(ClienteResumen).optional(),
  /**
   * The signed-in user's language (issue 20 point 7), so that a login on another device brings
   * it back: null until the user chooses one; absent for visitors and access-link sessions.
   */
  idioma: IdiomaCodigo.nullable().optional(),
});
export type AuthSession = z.infer<typeof AuthSession>;

/** The state of a visitor who is not signed in (spec §3 defaults). */
export const anonymousSession: AuthSession = {
  success: 0,
  region: 'es',
  client: true,
  supplier: false,
  email: '',
  code: '',
  id: 0,
  name: '',
  sessionName: '',
  sessionId: '',
};
