import type { FirmaEcmr } from '@extranet/contracts/ecmr/ecmr';
import { Accordion, Badge, Group, List, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { InlineError, InlineLoader } from '../../../components/inline-status';
import { formatDateTime } from '../../../lib/format';
import { useEcmrDiferencias, useEcmrVersiones } from '../api/ecmr-proveedor';
import { nombreCampo } from '../casillas';

function valor(v: unknown, vacio: string): string {
  if (v === null || v === undefined || v === '') return vacio;
  return typeof v === 'string' || typeof v === 'number' ? String(v) : JSON.stringify(v);
}

/** What changed from the version before, and the signatures that do not cover this one. */
function Diferencias({
  subpartidaId,
  version,
  firmas,
}: {
  subpartidaId: number;
  version: number;
  firmas: FirmaEcmr[];
}) {
  const { t } = useTranslation();
  const diff = useEcmrDiferencias(subpartidaId, version - 1, version);
  // Signed on an earlier version: their hash is not this version's.
  const noCubren = firmas.filter((f) => f.version < version);
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t('ecmr.versiones.cambios', { version: version - 1 })}
      </Text>
      {diff.isPending ? (
        <InlineLoader label={t('ecmr.versiones.cargandoCambios')} />
      ) : diff.isError ? (
        <InlineError>{diff.error.message}</InlineError>
      ) : diff.data.cambios.length === 0 ? (
        <Text size="sm">{t('ecmr.versiones.sinCambios')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table fz="sm" withTableBorder striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('ecmr.versiones.campo')}</Table.Th>
                <Table.Th scope="col">{t('ecmr.versiones.antes')}</Table.Th>
                <Table.Th scope="col">{t('ecmr.versiones.despues')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {diff.data.cambios.map((c) => (
                <Table.Tr key={c.campo}>
                  <Table.Th scope="row" fw={500}>
                    {nombreCampo(t, c.campo)}
                  </Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {valor(c.antes, t('ecmr.vacio'))}
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {valor(c.despues, t('ecmr.vacio'))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Text size="sm" fw={600}>
        {t('ecmr.versiones.noCubren')}
      </Text>
      {noCubren.length === 0 ? (
        <Text size="sm">{t('ecmr.versiones.todasCubren')}</Text>
      ) : (
        <List size="sm">
          {noCubren.map((f) => (
            <List.Item key={f.id}>
              {t('ecmr.versiones.firmaAnterior', {
                rol: t(`ecmr.firmas.rol.${f.rol}`),
                nombre: f.nombre,
                version: f.version,
              })}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/** Every version of the note; opening one shows its diff from the one before. */
export function VersionesEcmr({
  subpartidaId,
  versionActual,
  firmas,
}: {
  subpartidaId: number;
  versionActual: number;
  firmas: FirmaEcmr[];
}) {
  const { t } = useTranslation();
  const versiones = useEcmrVersiones(subpartidaId, true);
  if (versiones.isPending) return <InlineLoader label={t('ecmr.versiones.cargando')} />;
  if (versiones.isError) return <InlineError>{versiones.error.message}</InlineError>;
  const items = [...versiones.data.items].reverse();
  return (
    // Remounted on a new version: the newest opens with its diff.
    <Accordion key={versionActual} variant="separated" defaultValue={String(versionActual)}>
      {items.map((v) => (
        <Accordion.Item key={v.version} value={String(v.version)}>
          <Accordion.Control>
            <Group gap="xs" wrap="wrap">
              <Text size="sm" fw={600}>
                {t('ecmr.versiones.item', {
                  version: v.version,
                  fecha: formatDateTime(v.created_at),
                })}
              </Text>
              {v.version === versionActual && (
                <Badge variant="light" tt="none" radius="sm">
                  {t('ecmr.versiones.actual')}
                </Badge>
              )}
              <Text size="xs" c="gray.7" ff="monospace">
                {v.documento_sha256.slice(0, 16)}
              </Text>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            {v.version === 1 ? (
              <Text size="sm">{t('ecmr.versiones.inicial')}</Text>
            ) : (
              <Diferencias subpartidaId={subpartidaId} version={v.version} firmas={firmas} />
            )}
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
