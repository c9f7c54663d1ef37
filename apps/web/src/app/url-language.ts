import i18n, { isSupportedLanguage, loadLanguage, preferredLanguage } from '../i18n';
import { readLanguage, saveLanguage } from '../lib/storage';

/**
 * Spec §2: a `lang` query parameter loads that language before the page shows, and is
 * remembered in this browser (issue 20 point 7: it was lost on reload). Without one, the
 * language last chosen here or the browser's own (a signed-in user's choice comes with the
 * session, portal-shell.tsx). Run by the router's root loader and, without the router, by the
 * login pages' start (app/start.tsx).
 */
export async function applyUrlLanguage(url: URL): Promise<void> {
  const asked = url.searchParams.get('lang');
  const language =
    asked ?? preferredLanguage(readLanguage(), navigator.languages ?? [navigator.language]);
  if (asked && isSupportedLanguage(asked)) saveLanguage(asked);
  if (language === i18n.language) return;
  try {
    await loadLanguage(language);
  } catch (error) {
    console.warn('No se ha podido cargar el idioma', language, error);
  }
}
