import { IDIOMA_NOMBRES } from '@extranet/contracts/auth/idioma-nombres';
import type { Idioma } from '@extranet/contracts/auth/constants';
import { Button } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { lazy, Suspense, useState, type ComponentProps, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { isSupportedLanguage, loadLanguage } from '../i18n';
import { saveLanguage } from '../lib/storage';

// The menu (Mantine's `Menu`: popover, portal, transitions, positioning) loads on first use: it
// was a sixth of every portal page's shared download (issue 21 point 6).
const LanguageMenu = lazy(() =>
  import('./language-menu').then((module) => ({ default: module.LanguageMenu })),
);

/**
 * The user's own choice of language: applied at once and remembered in this browser. Here,
 * not in i18n/index.ts, to keep it out of the login pages' first download.
 */
export async function chooseLanguage(language: Idioma): Promise<void> {
  saveLanguage(language);
  await loadLanguage(language);
}

/** The page's language, as the switcher shows it. */
export function useCurrentLanguage(): Idioma {
  const { i18n } = useTranslation();
  return isSupportedLanguage(i18n.language) ? i18n.language : 'es';
}

/** The switcher's button: the current language by its own name. */
export function LanguageButton(props: ComponentProps<'button'> & { ref?: Ref<HTMLButtonElement> }) {
  const { t } = useTranslation();
  const current = useCurrentLanguage();
  return (
    <Button
      {...props}
      variant="default"
      size="sm"
      leftSection={<IconLanguage size={16} aria-hidden />}
      aria-label={t('app.languageMenu', { idioma: IDIOMA_NOMBRES[current] })}
    >
      {IDIOMA_NOMBRES[current]}
    </Button>
  );
}

export interface LanguageSwitcherProps {
  /** Told of the choice once the page shows it (the shell saves it for the user). */
  onChosen?: (language: Idioma) => void;
  /** Opens to this side of its button. */
  position?: 'bottom-end' | 'top-start';
}

/**
 * The language switcher (issue 20 point 7): a button naming the current language that opens the
 * menu of the six portal languages. Until its first use the button is a plain one with the same
 * look, name and state; then the menu arrives, its button takes the focus and it opens, so that
 * closing it returns the focus there, as with any menu.
 */
export function LanguageSwitcher(props: LanguageSwitcherProps) {
  const [used, setUsed] = useState(false);
  const plain = (
    <LanguageButton aria-haspopup="menu" aria-expanded={false} onClick={() => setUsed(true)} />
  );
  if (!used) return plain;
  return (
    <Suspense fallback={plain}>
      <LanguageMenu {...props} openOnArrival />
    </Suspense>
  );
}
