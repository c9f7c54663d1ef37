import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { UnderConstruction } from '../../../components/under-construction';

/** Shipment history (/clientes/historico). */
export function HistoricoPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('routes.cliente-historico.title')}</PageTitle>
      <UnderConstruction />
    </>
  );
}
