import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { UnderConstruction } from '../../../components/under-construction';

/** Customer login (/login). The form arrives in the next issue. */
export function ClienteLoginPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('routes.cliente-login.title')}</PageTitle>
      <UnderConstruction />
    </>
  );
}
