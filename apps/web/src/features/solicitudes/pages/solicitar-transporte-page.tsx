import { useTranslation } from 'react-i18next';
import { FormWithHistory } from '../../../components/form-with-history';
import { SolicitudForm } from '../components/solicitud-form';
import { SolicitudesList } from '../components/solicitudes-list';

/** Transport request (/clientes/solicitar_transporte): the form and the client's past requests. */
export function SolicitarTransportePage() {
  const { t } = useTranslation();
  return (
    <FormWithHistory
      title={t('routes.cliente-solicitar-transporte.title')}
      intro={t('solicitudes.intro')}
      form={<SolicitudForm />}
      historyTitle={t('solicitudes.historial')}
      historyId="solicitudes-historial"
      history={<SolicitudesList />}
    />
  );
}
