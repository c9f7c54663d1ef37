import { useTranslation } from 'react-i18next';
import classes from './skip-link.module.css';

/** Id of the element every layout gives its main content; the skip link jumps there. */
export const MAIN_CONTENT_ID = 'main-content';

/** "Saltar al contenido": first focusable element of every page. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className={classes.skipLink} href={`#${MAIN_CONTENT_ID}`}>
      {t('app.skipToContent')}
    </a>
  );
}
