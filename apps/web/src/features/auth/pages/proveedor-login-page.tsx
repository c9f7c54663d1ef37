import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { UnderConstruction } from '../../../components/under-construction';

/** Supplier login (/proveedores/login). The form arrives in the next issue. */
export function ProveedorLoginPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('routes.proveedor-login.title')}</PageTitle>
      <UnderConstruction />
    </>
  );
}
