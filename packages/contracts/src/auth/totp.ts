import { z } from 'zod';

/** A 6-digit code of an authenticator app (RFC 6238, 30 s steps). */
export const TotpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'El código tiene 6 cifras.');

/** `POST /api/auth/totp`: the second login step, and the confirmation of an enrolment. */
export const TotpCodeRequest = z.object({ codigo: TotpCode });
export type TotpCodeRequest = z.infer<typeof TotpCodeRequest>;

/** `GET /api/totp`: the signed-in user's second factor. */
export const TotpStatus = z.object({
  /** Enrolled and confirmed. */
  activo: z.boolean(),
  /** The portal requires it (TOTP_REQUIRED): it cannot be disabled. */
  requerido: z.boolean(),
});
export type TotpStatus = z.infer<typeof TotpStatus>;

/**
 * A new secret to scan, shown once: `POST /api/totp/alta` (from the portal) and
 * `POST /api/auth/totp/alta` (enrolment required at login). Never returned again.
 */
export const TotpEnrolment = z.object({
  /** Base32, for typing into the app by hand. */
  secreto: z.string(),
  /** The `otpauth://` URI the QR code encodes. */
  uri: z.string(),
  /** The QR code as an SVG data URL (an `<img>` source under the strict CSP). */
  qr: z.string(),
});
export type TotpEnrolment = z.infer<typeof TotpEnrolment>;
