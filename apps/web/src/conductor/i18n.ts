/** The driver page's languages (the company's branches); Spanish when none fits. */
export const LANGUAGES = ['es', 'en', 'fr', 'ro', 'tr', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's name in itself, for the switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  es: 'Español',
  en: 'English',
  fr: 'Français',
  ro: 'Română',
  tr: 'Türkçe',
  it: 'Italiano',
};

export const STORAGE_KEY = 'extranet-conductor-idioma';

function isLanguage(value: string | null | undefined): value is Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '');
}

/** The driver's choice if remembered, else the first of the phone's languages we have. */
export function chooseLanguage(stored: string | null, preferred: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'es';
}

export type Texts = Record<string, string>;

/** The texts of a language, loaded on demand (one small JSON file each). */
export async function loadTexts(language: Language): Promise<Texts> {
  const module = (await import(`./locales/${language}.json`)) as { default: Texts };
  return module.default;
}

/** `{name}` placeholders filled in; the key itself when a text is missing. */
export function format(
  texts: Texts,
  key: string,
  values: Record<string, string | number> = {},
): string {
  const text = texts[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  );
}

/** Weekday, day and time of a stop, an ETA or an expiry in the page's language; '' for none. */
export function dayTime(language: Language, iso: string | null | undefined): string {
  return iso
    ? new Intl.DateTimeFormat(language, {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      }).format(new Date(iso))
    : '';
}
