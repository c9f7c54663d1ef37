import { Divider, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { SolicitudForm } from '../components/solicitud-form';
import { SolicitudesList } from '../components/solicitudes-list';

/** Transport request (/clientes/solicitar_transporte): the form and the client's past requests. */
export function SolicitarTransportePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('routes.cliente-solicitar-transporte.title')}</PageTitle>
      <Text c="gray.7" mb="md">
        {t('solicitudes.intro')}
      </Text>
      <SolicitudForm />
      <Divider my="xl" />
      <section aria-labelledby="solicitudes-historial">
        <Title order={2} size="h3" mb="md" id="solicitudes-historial">
          {t('solicitudes.historial')}
        </Title>
        <SolicitudesList />
      </section>
    </>
  );
}
