import { IDIOMAS, type Idioma } from '@extranet/contracts/auth/constants';
import { IDIOMA_NOMBRES } from '@extranet/contracts/auth/idioma-nombres';
import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isSupportedLanguage, loadLanguage } from '../i18n';
import { saveLanguage } from '../lib/storage';

/**
 * The user's own choice of language: applied at once and remembered in this browser. Here,
 * not in i18n/index.ts, to keep it out of the login pages' first download.
 */
export async function chooseLanguage(language: Idioma): Promise<void> {
  saveLanguage(language);
  await loadLanguage(language);
}

export interface LanguageMenuProps {
  /** Told of the choice once the page shows it (the shell saves it for the user). */
  onChosen?: (language: Idioma) => void;
  /** Opens to this side of its button. */
  position?: 'bottom-end' | 'top-start';
}

/**
 * The language switcher (issue 20 point 7): the six portal languages, each by its own name and
 * in its own `lang`. A choice applies at once (texts, dates, calendars) and is remembered in
 * this browser; `onChosen` lets the portal remember it for the user too.
 */
export function LanguageMenu({ onChosen, position = 'bottom-end' }: LanguageMenuProps) {
  const { t, i18n } = useTranslation();
  const current: Idioma = isSupportedLanguage(i18n.language) ? i18n.language : 'es';

  async function choose(language: Idioma) {
    try {
      await chooseLanguage(language);
      onChosen?.(language);
    } catch (error) {
      // A chunk that failed to arrive: the page stays in its language, usable.
      console.warn('No se ha podido cambiar de idioma', language, error);
    }
  }

  return (
    <Menu position={position} withinPortal shadow="md" width={200}>
      <Menu.Target>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconLanguage size={16} aria-hidden />}
          aria-label={t('app.languageMenu', { idioma: IDIOMA_NOMBRES[current] })}
        >
          {IDIOMA_NOMBRES[current]}
        </Button>
      </Menu.Target>
      {/* No Menu.Label: its role=presentation is not allowed inside role=menu (axe). */}
      <Menu.Dropdown aria-label={t('app.languages')}>
        {IDIOMAS.map((code) => (
          <Menu.Item
            key={code}
            lang={code}
            aria-current={code === current ? 'true' : undefined}
            leftSection={
              <IconCheck size={16} aria-hidden style={{ opacity: code === current ? 1 : 0 }} />
            }
            onClick={() => void choose(code)}
          >
            {IDIOMA_NOMBRES[code]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
