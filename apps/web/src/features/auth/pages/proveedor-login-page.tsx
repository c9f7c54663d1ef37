import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { LoginForm } from '../components/login-form';

/** Supplier login (/proveedores/login), no navigation bar (spec §2). */
export function ProveedorLoginPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('routes.proveedor-login.title')}</PageTitle>
      <LoginForm portal="proveedores" />
    </>
  );
}
