import { readFileSync } from 'node:fs';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@extranet/contracts/auth/login';

/** The list ships beside this file (the build copies it into dist). */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#')),
);

export const WEAK_PASSWORD_MESSAGES = {
  tooShort: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`,
  tooLong: `La contraseña no puede tener más de ${PASSWORD_MAX_LENGTH} caracteres.`,
  common: 'La contraseña es demasiado común. Elija otra.',
  sameAsEmail: 'La contraseña no puede ser su e-mail.',
} as const;

/**
 * NIST SP 800-63B: length only (8–128 characters, counted as Unicode code points, spaces
 * allowed), no composition rules, and never a common or context-specific password (the
 * e-mail or its local part). Returns the Spanish reason, or null when acceptable.
 */
export function weakPasswordReason(password: string, email: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return WEAK_PASSWORD_MESSAGES.tooShort;
  if (length > PASSWORD_MAX_LENGTH) return WEAK_PASSWORD_MESSAGES.tooLong;
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return WEAK_PASSWORD_MESSAGES.common;
  const address = email.toLowerCase();
  const localPart = address.split('@')[0] ?? '';
  if (lower === address || lower === localPart) return WEAK_PASSWORD_MESSAGES.sameAsEmail;
  return null;
}

/** How many passwords the list holds (for tests and the decision record). */
export const commonPasswordCount = COMMON_PASSWORDS.size;
