import { z } from 'zod';
import { MenuEntry } from '../menus/menu.js';
import { RegionCode } from '../regiones/region.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';

// Zod-free constants live in `constants.ts`; re-exported for the existing imports.
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, RECOVERY_MARKER } from './constants.js';

/** A client (customer company) the user may act for (spec §3). */
export const ClienteResumen = z.object({
  id: z.number().int().positive(),
  razon_social: z.string(),
  localidad: z.string(),
});
export type ClienteResumen = z.infer<typeof ClienteResumen>;

/** A carrier company the user may act for. */
export const ProveedorResumen = z.object({
  id: z.number().int().positive(),
  razon_social: z.string(),
  localidad: z.string(),
});
export type ProveedorResumen = z.infer<typeof ProveedorResumen>;

/**
 * `POST /api/login` and `POST /api/proveedores/login` (spec §7). With `remembered: true` the
 * browser has no password: the server uses the HttpOnly remember-token cookie it set on an
 * earlier login instead, and `clave` is ignored.
 */
export const LoginRequest = z.object({
  usuario: z.string().trim().min(1).max(254),
  clave: z.string().max(1024),
  dregion: RegionCode,
  remembered: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** Answer of a successful login or recovery request (spec §3 "Login response"). */
export const LoginResponse = z.object({
  success: z.union([z.literal(0), z.literal(1)]),
  /** The user's clients (customer login); several → the selection dialog. */
  clientes: z.array(ClienteResumen),
  /** The user's carrier companies (supplier login). */
  proveedores: z.array(ProveedorResumen),
  /** Sections the user may open; empty until a client is chosen when there are several. */
  menus: z.array(MenuEntry),
  /** Recovery only: whether the e-mail with the reset link went out. */
  recoverEmailSent: z.boolean(),
  /**
   * Password right, second factor pending (`success: 0`, no session yet): `codigo` asks for
   * the authenticator code (`POST /api/auth/totp`), `alta` for enrolling first
   * (`POST /api/auth/totp/alta`, then the code). Absent otherwise.
   */
  segundoFactor: z.enum(['codigo', 'alta']).optional(),
  /**
   * The first code of an enrolment made during login (`alta`) was right: the new recovery
   * codes (`xxxx-xxxx-xx`), shown once. Absent otherwise.
   */
  codigosRecuperacion: z.array(z.string()).optional(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

/** `PUT /api/clientes/cliente`: the client chosen in the selection dialog. */
export const ChooseClienteRequest = ClienteResumen.pick({ id: true }).extend({
  razon_social: z.string().optional(),
  localidad: z.string().optional(),
});
export type ChooseClienteRequest = z.infer<typeof ChooseClienteRequest>;

/** `PUT /api/proveedores/proveedor`: the carrier company to act for. */
export const ChooseProveedorRequest = ProveedorResumen.pick({ id: true }).extend({
  razon_social: z.string().optional(),
  localidad: z.string().optional(),
});
export type ChooseProveedorRequest = z.infer<typeof ChooseProveedorRequest>;

/** `POST /api/clientes/access` and `/api/proveedores/access`: exchange an id+token link for a session. */
export const AccessLinkRequest = z.object({
  id: z.coerce.number().int().positive(),
  token: z.string().min(10).max(512),
});
export type AccessLinkRequest = z.infer<typeof AccessLinkRequest>;

/** `POST /api/password-reset/check`: is this recovery link still usable? */
export const PasswordResetCheckRequest = z.object({ token: z.string().min(10).max(512) });
export const PasswordResetCheckResponse = z.object({ valid: z.boolean(), email: z.string() });

/** `POST /api/password-reset`: set a new password with the single-use link's token. */
export const PasswordResetRequest = z.object({
  token: z.string().min(10).max(512),
  clave: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
});
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>;

/**
 * The body the server takes for `POST /api/password-reset`: the length rule is left to its
 * password policy, so a short password gets the WEAK_PASSWORD message, not a generic 400.
 */
export const PasswordResetBody = PasswordResetRequest.extend({
  clave: z.string().max(PASSWORD_MAX_LENGTH * 4),
});
