import { z } from 'zod';

/** A 6-digit code of an authenticator app (RFC 6238, 30 s steps). */
export const TotpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'El código tiene 6 cifras.');

/** `POST /api/auth/totp`: the second login step, and the confirmation of an enrolment. */
export const TotpCodeRequest = z
  .object({ codigo: TotpCode })
  .meta({ example: { codigo: '492039' } });
export type TotpCodeRequest = z.infer<typeof TotpCodeRequest>;

/** `GET /api/totp`: the signed-in user's second factor. */
export const TotpStatus = z
  .object({
    /** Enrolled and confirmed. */
    activo: z.boolean(),
    /** The portal requires it (TOTP_REQUIRED): it cannot be disabled. */
    requerido: z.boolean(),
    /** Recovery codes not used yet (0 when the factor is off). */
    codigosRestantes: z.number().int().nonnegative(),
  })
  .meta({ example: { activo: true, requerido: false, codigosRestantes: 9 } });
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

/** Recovery codes a user receives; each replaces the authenticator code once. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * A recovery code as typed: 10 letters and digits shown as `xxxx-xxxx-xx`. Case, spaces and
 * hyphens do not matter; an unknown or used code is refused like a wrong authenticator code.
 */
export const RecoveryCode = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z -]{10,20}$/, 'El código de recuperación tiene 10 letras y cifras.')
  .meta({ example: '7kq2-m9xd-4t' });

/** `POST /api/auth/totp/codigo-recuperacion`: the login step with a recovery code instead. */
export const RecoveryCodeRequest = z
  .object({ codigo: RecoveryCode })
  .meta({ example: { codigo: '7kq2-m9xd-4t' } });
export type RecoveryCodeRequest = z.infer<typeof RecoveryCodeRequest>;

const exampleCodes = [
  '7kq2-m9xd-4t',
  'h3nw-0pz8-ra',
  'c5vb-x2j7-mq',
  'e9t4-k1sd-yn',
  'w6fg-3hb0-pz',
  'a8mr-t5ce-2k',
  'q1yx-n7dv-hw',
  'z4jp-b6r9-sg',
  'd0kt-w3mf-8e',
  'n5sa-y2hq-vc',
];

/**
 * New recovery codes, shown once and never again (only hashes are kept): the answer of
 * `POST /api/totp/confirmar` and `POST /api/totp/codigos-recuperacion`, which replaces the set.
 */
export const TotpRecoveryCodes = z
  .object({
    /** `xxxx-xxxx-xx`, RECOVERY_CODE_COUNT of them. */
    codigos: z.array(z.string()),
  })
  .meta({ example: { codigos: exampleCodes } });
export type TotpRecoveryCodes = z.infer<typeof TotpRecoveryCodes>;
