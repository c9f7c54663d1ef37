import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §2: the page's title in the browser tab; the app's name when the page has none. */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = title || t('app.name');
  }, [title, t]);
}
