import { IDIOMAS, type Idioma } from '@extranet/contracts/auth/constants';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
// The login pages' first screen only: vite.config.ts picks these keys out of es.json at build
// time (about 1 KiB in the entry instead of all of Spanish, issue 7). The rest is its own chunk.
import firstScreenTexts from './es.json?first-screen';

/**
 * Languages the UI can show, the driver page's too (issue 20 point 7); Spanish is the default
 * and the fallback (spec §1, §9).
 */
export const supportedLanguages = IDIOMAS;
export type SupportedLanguage = Idioma;
export const DEFAULT_LANGUAGE: SupportedLanguage = 'es';

// Every language's full texts are their own chunk, loaded on demand: none is in the login
// pages' first download (issue 7), Spanish's first screen excepted.
const languageLoaders: Record<SupportedLanguage, () => Promise<unknown>> = {
  es: () => import('./es.json').then((module) => module.default),
  en: () => import('./en.json').then((module) => module.default),
  fr: () => import('./fr.json').then((module) => module.default),
  it: () => import('./it.json').then((module) => module.default),
  ro: () => import('./ro.json').then((module) => module.default),
  tr: () => import('./tr.json').then((module) => module.default),
};
const completeTexts = new Map<SupportedLanguage, Promise<void>>();

export function isSupportedLanguage(value: string): value is SupportedLanguage {
  return (supportedLanguages as readonly string[]).includes(value);
}

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...supportedLanguages],
  // The first screen renders at once; loadAllTexts() adds the rest before anything else shows
  // (merged into this copy, the module's own object stays as built).
  resources: { es: { translation: structuredClone(firstScreenTexts) } },
  // React already escapes what it renders.
  interpolation: { escapeValue: false },
  // Whatever is on screen when more texts arrive shows them.
  react: { bindI18nStore: 'added' },
  // No backend: initialise synchronously; resources are added as their chunks arrive.
  initAsync: false,
  // No advertising in the users' browser console.
  showSupportNotice: false,
});

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

/** Adds all of `language`'s texts, once. */
function addCompleteTexts(language: SupportedLanguage): Promise<void> {
  let loaded = completeTexts.get(language);
  if (!loaded) {
    loaded = languageLoaders[language]().then((resources) => {
      i18n.addResourceBundle(language, 'translation', resources, true, true);
    });
    // A failed chunk may be retried by the next caller.
    loaded.catch(() => completeTexts.delete(language));
    completeTexts.set(language, loaded);
  }
  return loaded;
}

/**
 * Loads `language` (its JSON on demand) and switches the UI to it; the calendars follow
 * (app/data-scope.tsx). Unknown languages are ignored with a warning, so a bad `?lang=` never
 * blocks a navigation.
 */
export async function loadLanguage(language: string): Promise<void> {
  if (!isSupportedLanguage(language)) {
    console.warn(`Idioma no soportado: ${language}`);
    return;
  }
  await addCompleteTexts(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

/**
 * The language a visitor sees before any choice reaches the server: the one last chosen in
 * this browser, else the first of the browser's languages the portal has, else Spanish.
 */
export function preferredLanguage(
  stored: string | undefined,
  browser: readonly string[],
): SupportedLanguage {
  if (stored && isSupportedLanguage(stored)) return stored;
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0] ?? '';
    if (isSupportedLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * All texts of the current language, beyond the login pages' first screen. Every lazy route
 * and dialog awaits it before it renders (router.tsx, login-form.tsx); without it, keys show.
 */
export async function loadAllTexts(): Promise<void> {
  const current = isSupportedLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  try {
    await addCompleteTexts(current);
  } catch (error) {
    // The page still works with the keys showing; better than no page at all.
    console.error('No se han podido cargar los textos', error);
  }
}

export default i18n;
