import type { Idioma } from './constants.js';

/**
 * Each language by its own name, for the switchers: a module of its own, so that it travels
 * with the (lazy) language menu and not with the login pages that only need `IDIOMAS`.
 */
export const IDIOMA_NOMBRES: Record<Idioma, string> = {
  es: 'Español',
  en: 'English',
  fr: 'Français',
  it: 'Italiano',
  ro: 'Română',
  tr: 'Türkçe',
};
