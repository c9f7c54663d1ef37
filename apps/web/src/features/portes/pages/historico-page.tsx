import { useTranslation } from 'react-i18next';
import { CircuitoSeguridadButton } from '../../../components/circuito-seguridad-button';
import { PageTitle } from '../../../components/page-title';
import { UnderConstruction } from '../../../components/under-construction';

/** Shipment history (/clientes/historico). */
export function HistoricoPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle actions={<CircuitoSeguridadButton />}>
        {t('routes.cliente-historico.title')}
      </PageTitle>
      <UnderConstruction />
    </>
  );
}
