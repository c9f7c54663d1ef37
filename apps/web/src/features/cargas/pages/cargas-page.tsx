import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { UnderConstruction } from '../../../components/under-construction';

/** Load exchange listing (/proveedores/cargas). */
export function CargasPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('routes.proveedor-cargas.title')}</PageTitle>
      <UnderConstruction />
    </>
  );
}
