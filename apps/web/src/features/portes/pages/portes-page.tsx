import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { UnderConstruction } from '../../../components/under-construction';

/** Active shipments (/clientes/portes). */
export function PortesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('routes.cliente-portes.title')}</PageTitle>
      <UnderConstruction />
    </>
  );
}
