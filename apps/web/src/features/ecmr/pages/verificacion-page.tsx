import { ECMR_ESTADO_TEXTO } from '@extranet/contracts/ecmr/constants';
import type { VerificacionEcmr } from '@extranet/contracts/ecmr/ecmr';
import { Alert, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { isApiRequestError } from '../../../lib/api-client';
import { useVerificacionEcmr } from '../api/get-verificacion';

type Rol = VerificacionEcmr['firmas'][number]['rol'];

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
  const { t } = useTranslation();
  const { verificacionId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const h = searchParams.get('h') ?? undefined;
  const verificacion = useVerificacionEcmr(verificacionId, h);

  if (verificacion.isPending) return <PageLoader />;
  if (verificacion.isError) {
    return (
      <Alert color="red" title={t('ecmrVerificacion.errorTitulo')}>
        {isApiRequestError(verificacion.error)
          ? verificacion.error.message
          : t('ecmrVerificacion.errorReintentar')}
      </Alert>
    );
  }
  const v = verificacion.data;
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('ecmrVerificacion.titulo', { numero: v.numero })}
      </Title>
      <Alert
        color={v.intacto ? 'green' : 'red'}
        title={t(v.intacto ? 'ecmrVerificacion.intacto' : 'ecmrVerificacion.noIntacto')}
      >
        {v.resumen}
      </Alert>
      <Text>
        {t('ecmrVerificacion.estado')}: <strong>{ECMR_ESTADO_TEXTO[v.estado]}</strong> ·{' '}
        {t('ecmrVerificacion.version', { version: v.version })}
      </Text>
      <section aria-labelledby="ecmr-firmas">
        <Title order={2} size="h5" id="ecmr-firmas">
          {t('ecmrVerificacion.firmas')}
        </Title>
        {v.firmas.length === 0 ? (
          <Text c="dimmed">{t('ecmrVerificacion.sinFirmas')}</Text>
        ) : (
          <List>
            {v.firmas.map((f) => (
              <List.Item key={`${f.rol}-${f.version}-${f.firmado_at}`}>
                {t('ecmrVerificacion.firma', {
                  rol: t(`ecmrVerificacion.rol.${f.rol satisfies Rol}`),
                  nombre: f.nombre,
                  fecha: FECHA.format(new Date(f.firmado_at)),
                })}
                {f.con_reservas ? t('ecmrVerificacion.conReservas') : ''}
                {f.cubre_version_actual
                  ? ''
                  : t('ecmrVerificacion.versionAnterior', { version: f.version })}
              </List.Item>
            ))}
          </List>
        )}
      </section>
      <section aria-labelledby="ecmr-comprobaciones">
        <Title order={2} size="h5" id="ecmr-comprobaciones">
          {t('ecmrVerificacion.comprobado')}
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
        {t('ecmrVerificacion.huella', { hash: v.documento_sha256 })}
      </Text>
    </Stack>
  );
}
