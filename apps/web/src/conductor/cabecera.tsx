import { LANGUAGE_NAMES, LANGUAGES, type Language } from './i18n';
import type { T } from './use-texts';

/**
 * The page's title and its language switcher: the driver's, the signer's and the shared
 * shipment's pages.
 */
export function Cabecera({
  titulo,
  language,
  choose,
  t,
}: {
  /** The page's heading, in its language. */
  titulo: string;
  language: Language;
  choose: (language: Language) => void;
  t: T;
}) {
  return (
    <header className="bar">
      <h1>{titulo}</h1>
      <label className="lang">
        <span>{t('language')}</span>
        <select value={language} onChange={(event) => choose(event.target.value as Language)}>
          {LANGUAGES.map((code) => (
            <option key={code} value={code} lang={code}>
              {LANGUAGE_NAMES[code]}
            </option>
          ))}
        </select>
      </label>
    </header>
  );
}
