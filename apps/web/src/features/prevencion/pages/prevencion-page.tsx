import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { UnderConstruction } from '../../../components/under-construction';

/** Occupational risk prevention (/proveedores/prevencion). */
export function PrevencionPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('routes.proveedor-prevencion.title')}</PageTitle>
      <UnderConstruction />
    </>
  );
}
