import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { UnderConstruction } from '../../../components/under-construction';

/** Supplier transport history (/proveedores/transportes). */
export function HistoricoTransportesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('routes.proveedor-transportes.title')}</PageTitle>
      <UnderConstruction />
    </>
  );
}
