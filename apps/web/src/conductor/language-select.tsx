import { LANGUAGE_NAMES, LANGUAGES, type Language } from './i18n';

/** The language switcher of the driver's and the signer's pages. */
export function LanguageSelect({
  label,
  language,
  onChange,
}: {
  label: string;
  language: Language;
  onChange: (language: Language) => void;
}) {
  return (
    <label className="lang">
      <span>{label}</span>
      <select value={language} onChange={(event) => onChange(event.target.value as Language)}>
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
