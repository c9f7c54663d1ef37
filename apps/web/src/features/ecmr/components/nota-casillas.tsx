import type { LugarEcmr, NotaEcmr, ParteEcmr } from '@extranet/contracts/ecmr/ecmr';
import { Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatInteger, formatKg } from '../../../lib/format';
import { tituloCasilla } from '../casillas';

function Casilla({ casilla, children }: { casilla: string; children: ReactNode }) {
  const { t } = useTranslation();
  const titulo = tituloCasilla(t, casilla);
  return (
    <Paper withBorder p="sm" radius="sm" component="section" aria-label={titulo}>
      <Text size="xs" fw={700} c="gray.7" mb={4}>
        {titulo}
      </Text>
      {children}
    </Paper>
  );
}

function Lineas({ lineas }: { lineas: (string | null | undefined)[] }) {
  const { t } = useTranslation();
  const presentes = lineas.filter((l): l is string => Boolean(l && l.trim()));
  if (presentes.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        {t('ecmr.vacio')}
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      {presentes.map((l, i) => (
        <Text key={i} size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {l}
        </Text>
      ))}
    </Stack>
  );
}

const parte = (p: ParteEcmr) => [
  p.nombre,
  p.cif,
  p.direccion,
  [p.cp, p.poblacion, p.pais_iso].filter(Boolean).join(' '),
];
const lugar = (l: LugarEcmr) => [
  l.direccion,
  [l.cp, l.poblacion, l.pais_iso].filter(Boolean).join(' '),
  l.fecha ? formatDate(l.fecha) : null,
];

/** The note laid out by the paper CMR's boxes (1 to 21). */
export function NotaCasillas({ nota }: { nota: NotaEcmr }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Casilla casilla="remitente">
          <Lineas lineas={parte(nota.remitente)} />
        </Casilla>
        <Casilla casilla="destinatario">
          <Lineas lineas={parte(nota.destinatario)} />
        </Casilla>
        <Casilla casilla="lugar_entrega">
          <Lineas lineas={lugar(nota.lugar_entrega)} />
        </Casilla>
        <Casilla casilla="lugar_carga">
          <Lineas lineas={lugar(nota.lugar_carga)} />
        </Casilla>
        <Casilla casilla="documentos_anexos">
          <Lineas lineas={[nota.documentos_anexos]} />
        </Casilla>
        <Casilla casilla="transportista">
          <Lineas
            lineas={[
              ...parte(nota.transportista),
              nota.transportista.matricula &&
                `${t('ecmr.campos.matricula')}: ${nota.transportista.matricula}`,
              nota.transportista.conductor &&
                `${t('ecmr.campos.conductor')}: ${nota.transportista.conductor}`,
            ]}
          />
        </Casilla>
      </SimpleGrid>
      <Casilla casilla="mercancias">
        <Table.ScrollContainer minWidth={560}>
          <Table fz="sm" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ecmr.campos.marcas')}</Table.Th>
                <Table.Th>{t('ecmr.campos.bultos')}</Table.Th>
                <Table.Th>{t('ecmr.campos.embalaje')}</Table.Th>
                <Table.Th>{t('ecmr.campos.naturaleza')}</Table.Th>
                <Table.Th>{t('ecmr.campos.peso_bruto_kg')}</Table.Th>
                <Table.Th>{t('ecmr.campos.volumen_m3')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {nota.mercancias.map((m, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{m.marcas ?? t('ecmr.vacio')}</Table.Td>
                  <Table.Td>{formatInteger(m.bultos)}</Table.Td>
                  <Table.Td>{m.embalaje ?? t('ecmr.vacio')}</Table.Td>
                  <Table.Td>{m.naturaleza ?? t('ecmr.vacio')}</Table.Td>
                  <Table.Td>{formatKg(m.peso_bruto_kg)}</Table.Td>
                  <Table.Td>{m.volumen_m3 ?? t('ecmr.vacio')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Casilla>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Casilla casilla="instrucciones_remitente">
          <Lineas lineas={[nota.instrucciones_remitente]} />
        </Casilla>
        <Casilla casilla="forma_pago">
          <Lineas
            lineas={[
              nota.forma_pago ? t(`ecmr.formaPago.${nota.forma_pago}`) : t('ecmr.sinIndicar'),
            ]}
          />
        </Casilla>
        <Casilla casilla="reembolso">
          <Lineas lineas={[nota.reembolso]} />
        </Casilla>
        <Casilla casilla="porteadores_sucesivos">
          <Lineas lineas={nota.porteadores_sucesivos.flatMap(parte)} />
        </Casilla>
        <Casilla casilla="reservas_transportista">
          <Lineas lineas={[nota.reservas_transportista]} />
        </Casilla>
        <Casilla casilla="estipulaciones">
          <Lineas lineas={[nota.estipulaciones]} />
        </Casilla>
        <Casilla casilla="establecido_en">
          <Lineas
            lineas={[
              nota.establecido_en.lugar,
              nota.establecido_en.fecha ? formatDate(nota.establecido_en.fecha) : null,
            ]}
          />
        </Casilla>
      </SimpleGrid>
    </Stack>
  );
}
