import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { UnderConstruction } from '../../../components/under-construction';

/** Vehicle panel (/proveedores/panel). */
export function PanelPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('routes.proveedor-panel.title')}</PageTitle>
      <UnderConstruction />
    </>
  );
}
