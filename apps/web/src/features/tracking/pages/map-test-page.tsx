import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { UnderConstruction } from '../../../components/under-construction';

/** Map test page (/clientes/maptest). */
export function MapTestPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('routes.map-test.title')}</PageTitle>
      <UnderConstruction />
    </>
  );
}
