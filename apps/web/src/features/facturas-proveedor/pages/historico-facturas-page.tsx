import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { UnderConstruction } from '../../../components/under-construction';

/** Supplier invoice history (/proveedores/facturas). */
export function HistoricoFacturasPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('routes.proveedor-facturas.title')}</PageTitle>
      <UnderConstruction />
    </>
  );
}
