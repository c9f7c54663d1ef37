import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { UnderConstruction } from '../../../components/under-construction';
import { parseSubirFacturasFilters, type SubirFacturasFilters } from '../upload-filters';

/** Route loader: the page's filters from its query; the list of transports will read them. */
export function subirFacturasLoader({ request }: LoaderFunctionArgs): SubirFacturasFilters {
  return parseSubirFacturasFilters(new URL(request.url).searchParams);
}

/** Invoice upload for transports (/proveedores/subir-facturas). */
export function SubirFacturasPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('routes.proveedor-subir-facturas.title')}</PageTitle>
      <UnderConstruction />
    </>
  );
}
