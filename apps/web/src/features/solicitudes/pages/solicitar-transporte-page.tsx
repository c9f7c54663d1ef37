import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { UnderConstruction } from '../../../components/under-construction';

/** Transport request (/clientes/solicitar_transporte). */
export function SolicitarTransportePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('routes.cliente-solicitar-transporte.title')}</PageTitle>
      <UnderConstruction />
    </>
  );
}
