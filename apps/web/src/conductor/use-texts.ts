import { useEffect, useState } from 'react';
import { chooseLanguage, format, type Language, loadTexts, STORAGE_KEY, type Texts } from './i18n';

/** A text of the page's language, `{name}` placeholders filled in. */
export type T = (key: string, values?: Record<string, string | number>) => string;

/**
 * The page's language (the visitor's choice, else the phone's) and its texts, loaded on demand:
 * the driver page and the contactless signer's page share them.
 */
export function useTexts() {
  const [language, setLanguage] = useState<Language>(() =>
    chooseLanguage(localStorage.getItem(STORAGE_KEY), navigator.languages ?? [navigator.language]),
  );
  const [texts, setTexts] = useState<Texts>();
  useEffect(() => {
    let live = true;
    void loadTexts(language).then((loaded) => live && setTexts(loaded));
    document.documentElement.lang = language;
    return () => {
      live = false;
    };
  }, [language]);
  const choose = (next: Language) => {
    localStorage.setItem(STORAGE_KEY, next);
    setLanguage(next);
  };
  const t: T = (key, values) => (texts ? format(texts, key, values) : '');
  return { language, choose, texts, t };
}
