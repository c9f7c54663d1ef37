import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { UnderConstruction } from '../../../components/under-construction';

/** A customer file (/clientes/file/:archivoId). */
export function ArchivoPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('routes.cliente-archivo.title')}</PageTitle>
      <UnderConstruction />
    </>
  );
}
