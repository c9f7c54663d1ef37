import { useTranslation } from 'react-i18next';
import { CircuitoSeguridadButton } from '../../../components/circuito-seguridad-button';
import { PageTitle } from '../../../components/page-title';
import { UnderConstruction } from '../../../components/under-construction';

/** Shipment tracking; serves both /clientes/tracking and /clientes/tracking-porte (spec §2). */
export function TrackingPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle actions={<CircuitoSeguridadButton />}>
        {t('routes.cliente-tracking.title')}
      </PageTitle>
      <UnderConstruction />
    </>
  );
}
