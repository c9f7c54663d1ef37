import { useTranslation } from 'react-i18next';
import { CircuitoSeguridadButton } from '../../../components/circuito-seguridad-button';
import { PageTitle } from '../../../components/page-title';
import { UnderConstruction } from '../../../components/under-construction';

/** Customer invoices (/clientes/facturas). */
export function FacturasPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle actions={<CircuitoSeguridadButton />}>
        {t('routes.cliente-facturas.title')}
      </PageTitle>
      <UnderConstruction />
    </>
  );
}
