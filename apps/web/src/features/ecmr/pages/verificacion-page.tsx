import { ECMR_ESTADO_TEXTO } from '@extranet/contracts/ecmr/constants';
import type { VerificacionEcmr } from '@extranet/contracts/ecmr/ecmr';
import { Alert, List, Stack, Text, Title } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { isApiRequestError } from '../../../lib/api-client';
import { useVerificacionEcmr } from '../api/get-verificacion';

const ROL: Record<VerificacionEcmr['firmas'][number]['rol'], string> = {
  remitente: 'Remitente',
  transportista: 'Transportista',
  destinatario: 'Destinatario',
};

const FECHA = new Intl.DateTimeFormat('es-ES', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Madrid',
});

/**
 * The page the QR code of an e-CMR opens (`/ecmr/verificar/:id?h=…`), for anyone holding the
 * document: whether it is intact and who signed what when, in plain Spanish (issue 18).
 */
export function VerificacionEcmrPage() {
  const { verificacionId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const h = searchParams.get('h') ?? undefined;
  const verificacion = useVerificacionEcmr(verificacionId, h);

  if (verificacion.isPending) return <PageLoader />;
  if (verificacion.isError) {
    return (
      <Alert color="red" title="No se ha podido comprobar el documento">
        {isApiRequestError(verificacion.error)
          ? verificacion.error.message
          : 'Inténtelo de nuevo dentro de un momento.'}
      </Alert>
    );
  }
  const v = verificacion.data;
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        Carta de porte electrónica {v.numero}
      </Title>
      <Alert
        color={v.intacto ? 'green' : 'red'}
        title={v.intacto ? 'El documento está intacto' : 'El documento no está intacto'}
      >
        {v.resumen}
      </Alert>
      <Text>
        Estado: <strong>{ECMR_ESTADO_TEXTO[v.estado]}</strong> · versión {v.version}
      </Text>
      <section aria-labelledby="ecmr-firmas">
        <Title order={2} size="h5" id="ecmr-firmas">
          Firmas
        </Title>
        {v.firmas.length === 0 ? (
          <Text c="dimmed">Aún no hay firmas.</Text>
        ) : (
          <List>
            {v.firmas.map((f) => (
              <List.Item key={`${f.rol}-${f.version}-${f.firmado_at}`}>
                {ROL[f.rol]}: {f.nombre}, el {FECHA.format(new Date(f.firmado_at))}
                {f.con_reservas ? ', con reservas' : ''}
                {f.cubre_version_actual
                  ? ''
                  : ` (firmó la versión ${f.version}; el documento cambió después)`}
              </List.Item>
            ))}
          </List>
        )}
      </section>
      <section aria-labelledby="ecmr-comprobaciones">
        <Title order={2} size="h5" id="ecmr-comprobaciones">
          Qué se ha comprobado
        </Title>
        <List>
          {v.comprobaciones.map((c) => (
            <List.Item key={`${c.nombre}-${c.detalle}`} c={c.correcta ? undefined : 'red'}>
              {c.correcta ? '✓' : '✗'} {c.detalle}
            </List.Item>
          ))}
        </List>
      </section>
      <Text size="xs" c="dimmed">
        Huella SHA-256 del documento: {v.documento_sha256}
      </Text>
    </Stack>
  );
}
