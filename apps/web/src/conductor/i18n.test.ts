import { describe, expect, it } from 'vitest';
import { chooseLanguage, dayTime, format, LANGUAGES, loadTexts } from './i18n';

describe('chooseLanguage', () => {
  it("takes the first of the phone's languages the page has, by its base tag", () => {
    expect(chooseLanguage(null, ['de-DE', 'ro-RO', 'en-GB'])).toBe('ro');
    expect(chooseLanguage(null, ['TR'])).toBe('tr');
  });

  it("prefers the driver's remembered choice", () => {
    expect(chooseLanguage('it', ['fr-FR'])).toBe('it');
  });

  it('ignores a stored value it does not know and falls back to Spanish', () => {
    expect(chooseLanguage('xx', ['de-DE', 'pl'])).toBe('es');
    expect(chooseLanguage(null, [])).toBe('es');
  });
});

describe('texts', () => {
  it('every language has every key of the Spanish file, none empty', async () => {
    const spanish = Object.keys(await loadTexts('es')).sort();
    for (const language of LANGUAGES) {
      const texts = await loadTexts(language);
      expect(Object.keys(texts).sort(), language).toEqual(spanish);
      expect(
        Object.values(texts).filter((text) => text.trim() === ''),
        language,
      ).toEqual([]);
    }
  });

  it('fills placeholders', () => {
    expect(format({ pending: 'Pendientes: {count}' }, 'pending', { count: 3 })).toBe(
      'Pendientes: 3',
    );
  });
});

describe('dayTime', () => {
  it("writes the weekday, day and time in the page's language, and nothing for no instant", () => {
    expect(dayTime('en', '2026-03-02T14:05:00Z')).toMatch(/Mon, Mar 2.*02:05/);
    expect(dayTime('es', null)).toBe('');
    expect(dayTime('es', undefined)).toBe('');
  });
});
