/** The flag emoji of an ISO 3166-1 alpha-2 code ("ES" → 🇪🇸); "" when it is not two letters. */
export function flagEmoji(iso: string | null | undefined): string {
  const code = (iso ?? '').trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return '';
  // Regional indicator symbols start at U+1F1E6 for "A".
  return String.fromCodePoint(...[...code].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}
