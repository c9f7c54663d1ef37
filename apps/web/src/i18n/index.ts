import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import './calendar-locale';
import es from './es.json';

/** Languages the UI can show; Spanish is the default and the fallback (spec §1, §9). */
export const supportedLanguages = ['es', 'en'] as const;
export type SupportedLanguage = (typeof supportedLanguages)[number];
export const DEFAULT_LANGUAGE: SupportedLanguage = 'es';

// Spanish ships in the entry chunk; every other language is a separate chunk loaded on demand.
const languageLoaders: Record<Exclude<SupportedLanguage, 'es'>, () => Promise<unknown>> = {
  en: () => import('./en.json').then((module) => module.default),
};

export function isSupportedLanguage(value: string): value is SupportedLanguage {
  return (supportedLanguages as readonly string[]).includes(value);
}

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...supportedLanguages],
  resources: { es: { translation: es } },
  // React already escapes what it renders.
  interpolation: { escapeValue: false },
  // Resources are in memory, so initialise synchronously: the first render is already translated.
  initAsync: false,
  // No advertising in the users' browser console.
  showSupportNotice: false,
});

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

/**
 * Loads `language` (its JSON on demand) and switches the UI to it. Unknown languages are ignored
 * with a warning, so a bad `?lang=` never blocks a navigation.
 */
export async function loadLanguage(language: string): Promise<void> {
  if (!isSupportedLanguage(language)) {
    console.warn(`Idioma no soportado: ${language}`);
    return;
  }
  if (language !== 'es' && !i18n.hasResourceBundle(language, 'translation')) {
    const resources = await languageLoaders[language]();
    i18n.addResourceBundle(language, 'translation', resources, true, true);
  }
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

export default i18n;
