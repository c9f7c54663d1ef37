import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { UnderConstruction } from '../../../components/under-construction';

/** Customer suggestions (/clientes/sugerencias). */
export function SugerenciasPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('routes.cliente-sugerencias.title')}</PageTitle>
      <UnderConstruction />
    </>
  );
}
