import { IDIOMAS, type Idioma } from '@extranet/contracts/auth/constants';
import { IDIOMA_NOMBRES } from '@extranet/contracts/auth/idioma-nombres';
import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOpenOnArrival } from '../lib/use-open-on-arrival';
import {
  chooseLanguage,
  LanguageButton,
  useCurrentLanguage,
  type LanguageSwitcherProps,
} from './language-switcher';

export interface LanguageMenuProps extends LanguageSwitcherProps {
  /** Arrives on the switcher's first use: its button takes the focus and the menu opens. */
  openOnArrival?: boolean;
}

/**
 * The six portal languages, each by its own name and in its own `lang` (issue 20 point 7),
 * loaded by `LanguageSwitcher` on first use. A choice applies at once (texts, dates, calendars)
 * and is remembered in this browser; `onChosen` lets the portal remember it for the user too.
 */
export function LanguageMenu({
  onChosen,
  position = 'bottom-end',
  openOnArrival = false,
}: LanguageMenuProps) {
  const { t } = useTranslation();
  const current = useCurrentLanguage();
  const { opened, setOpened, buttonRef } = useOpenOnArrival(openOnArrival);

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
    <Menu
      opened={opened}
      onChange={setOpened}
      position={position}
      withinPortal
      shadow="md"
      width={200}
    >
      <Menu.Target>
        <LanguageButton ref={buttonRef} />
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
