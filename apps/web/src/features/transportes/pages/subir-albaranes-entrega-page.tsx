import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { UnderConstruction } from '../../../components/under-construction';
import { parseAlbaranesEntregaFilters, type AlbaranesEntregaFilters } from '../upload-filters';

/** Route loader: the page's filters from its query; the list of transports will read them. */
export function subirAlbaranesEntregaLoader({
  request,
}: LoaderFunctionArgs): AlbaranesEntregaFilters {
  return parseAlbaranesEntregaFilters(new URL(request.url).searchParams);
}

/** Delivery-note (CMR) upload (/proveedores/subir-albaranes-entrega). */
export function SubirAlbaranesEntregaPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('routes.proveedor-subir-albaranes-entrega.title')}</PageTitle>
      <UnderConstruction />
    </>
  );
}
