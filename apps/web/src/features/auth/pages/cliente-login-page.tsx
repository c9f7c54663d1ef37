import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { LoginForm } from '../components/login-form';

/** Customer login (/login): the form in a centred box, no navbar, no close button (spec §2). */
export function ClienteLoginPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('routes.cliente-login.title')}</PageTitle>
      <LoginForm portal="clientes" />
    </>
  );
}
