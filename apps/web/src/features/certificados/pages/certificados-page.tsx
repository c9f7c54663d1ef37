import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { UnderConstruction } from '../../../components/under-construction';

/** Supplier certificates (/proveedores/certificados). */
export function CertificadosPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('routes.proveedor-certificados.title')}</PageTitle>
      <UnderConstruction />
    </>
  );
}
