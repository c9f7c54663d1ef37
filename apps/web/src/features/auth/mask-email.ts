/**
 * Shows enough of an e-mail to recognise it without spelling it out: `c*****e@demo.es`.
 * An address the server already masked is returned as it is.
 */
export function maskEmail(email: string): string {
  if (email.includes('*')) return email;
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  const local = email.slice(0, at);
  const domain = email.slice(at);
  if (local.length <= 2) return `${local[0] ?? ''}*${domain}`;
  return `${local[0]}${'*'.repeat(Math.min(local.length - 2, 5))}${local.at(-1)}${domain}`;
}
