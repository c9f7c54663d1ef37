import type { CargaResumen } from '@extranet/contracts/cargas/carga';
import { tipoVehiculoLabels } from '@extranet/contracts/vehiculos/vehiculo';
import { ActionIcon, Button, Group, Menu, Stack, Text, Tooltip } from '@mantine/core';
import { IconDots, IconEyeOff, IconPencil, IconSend, IconX } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { csvCents } from '../../../lib/csv';
import { formatCents, formatDate, formatInteger, formatKg } from '../../../lib/format';
import { Lugar } from './lugar';
import { OfertaEstadoBadge } from './oferta-estado-badge';

export interface CargasTableProps {
  /** Loads loaded so far. */
  cargas: readonly CargaResumen[];
  /** First page loading. */
  loading: boolean;
  /** Loading error message. */
  error?: string;
  /** More pages exist. */
  hasMore: boolean;
  /** The next page is loading. */
  loadingMore: boolean;
  /** Fetch the next page. */
  onEndReached: () => void;
  /** Why new offers are blocked, if they are (expired certificate). */
  bloqueo?: string | null;
  /** Id of the element describing the block, for aria-describedby. */
  bloqueoId?: string;
  /** Whether the carrier may make offers (menu resource ofertas). */
  puedeOfertar: boolean;
  /** Whether the carrier may discard loads (menu resource descartados). */
  puedeDescartar: boolean;
  onOfertar: (carga: CargaResumen) => void;
  onModificar: (carga: CargaResumen) => void;
  onRetirar: (carga: CargaResumen) => void;
  onDescartar: (carga: CargaResumen) => void;
}

/** The open loads with their columns, the carrier's offer and the row actions. */
export function CargasTable(props: CargasTableProps) {
  const { t } = useTranslation();
  const { bloqueo, bloqueoId, puedeOfertar, puedeDescartar } = props;
  const { onOfertar, onModificar, onRetirar, onDescartar } = props;

  const columns = useMemo<DataTableColumn<CargaResumen>[]>(() => {
    const cols: DataTableColumn<CargaResumen>[] = [
      {
        id: 'referencia',
        header: t('cargas.col.referencia'),
        cell: (c) => (
          <Text size="sm" ff="monospace">
            {c.referencia}
          </Text>
        ),
        csv: (c) => c.referencia,
        width: 110,
      },
      {
        id: 'origen',
        header: t('cargas.col.origen'),
        cell: (c) => (
          <Lugar poblacion={c.origen_poblacion} cp={c.origen_cp} pais={c.origen_pais_iso} />
        ),
        csv: (c) => `${c.origen_poblacion} (${c.origen_cp}, ${c.origen_pais_iso})`,
      },
      {
        id: 'destino',
        header: t('cargas.col.destino'),
        cell: (c) => (
          <Lugar poblacion={c.destino_poblacion} cp={c.destino_cp} pais={c.destino_pais_iso} />
        ),
        csv: (c) => `${c.destino_poblacion} (${c.destino_cp}, ${c.destino_pais_iso})`,
      },
      {
        id: 'carga',
        header: t('cargas.col.carga'),
        cell: (c) => formatDate(c.fecha_carga),
        csv: (c) => formatDate(c.fecha_carga),
      },
      {
        id: 'descarga',
        header: t('cargas.col.descarga'),
        cell: (c) => formatDate(c.fecha_descarga),
        csv: (c) => formatDate(c.fecha_descarga),
      },
      {
        id: 'tipo',
        header: t('cargas.col.tipo'),
        cell: (c) => tipoVehiculoLabels[c.tipo_vehiculo],
        csv: (c) => tipoVehiculoLabels[c.tipo_vehiculo],
      },
      {
        id: 'peso',
        header: t('cargas.col.peso'),
        cell: (c) => formatKg(c.peso_kg),
        csv: (c) => c.peso_kg,
        align: 'right',
      },
      {
        id: 'palets',
        header: t('cargas.col.palets'),
        cell: (c) => formatInteger(c.palets),
        csv: (c) => c.palets,
        align: 'right',
      },
      {
        id: 'precio',
        header: t('cargas.col.precioGuia'),
        cell: (c) =>
          c.precio_guia_centimos === null ? (
            <Text size="xs" c="gray.7">
              {t('cargas.sinPrecio')}
            </Text>
          ) : (
            formatCents(c.precio_guia_centimos)
          ),
        csv: (c) => csvCents(c.precio_guia_centimos),
        align: 'right',
      },
      {
        id: 'oferta',
        header: t('cargas.col.miOferta'),
        cell: (c) =>
          c.oferta ? (
            <Stack gap={2} align="flex-start">
              <OfertaEstadoBadge estado={c.oferta.estado} />
              <Text size="xs">{formatCents(c.oferta.precio_centimos)}</Text>
            </Stack>
          ) : null,
        csv: (c) =>
          c.oferta
            ? `${t(`cargas.estadoOferta.${c.oferta.estado}`)} ${csvCents(c.oferta.precio_centimos)}`
            : '',
      },
    ];
    if (puedeOfertar || puedeDescartar) {
      cols.push({
        id: 'acciones',
        header: t('cargas.col.acciones'),
        hideLabelOnCard: true,
        stickyEnd: true,
        cell: (c) => {
          const pendiente = c.oferta?.estado === 'pendiente';
          const aceptada = c.oferta?.estado === 'aceptada';
          let primary = null;
          if (puedeOfertar && pendiente) {
            primary = (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPencil size={14} aria-hidden />}
                onClick={() => onModificar(c)}
                aria-label={`${t('cargas.acciones.modificar')} · ${c.referencia}`}
              >
                {t('cargas.acciones.modificar')}
              </Button>
            );
          } else if (puedeOfertar && !aceptada) {
            const button = (
              <Button
                size="xs"
                leftSection={<IconSend size={14} aria-hidden />}
                onClick={() => onOfertar(c)}
                disabled={!!bloqueo}
                aria-describedby={bloqueo ? bloqueoId : undefined}
                aria-label={`${t('cargas.acciones.ofertar')} · ${c.referencia}`}
              >
                {t('cargas.acciones.ofertar')}
              </Button>
            );
            primary = bloqueo ? (
              <Tooltip label={bloqueo} multiline w={280} withArrow>
                <span>{button}</span>
              </Tooltip>
            ) : (
              button
            );
          }
          const canRetirar = puedeOfertar && pendiente;
          return (
            <Group gap={6} wrap="nowrap">
              {primary}
              {(canRetirar || puedeDescartar) && (
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('cargas.acciones.mas', { ref: c.referencia })}
                    >
                      <IconDots size={18} aria-hidden />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {canRetirar && (
                      <Menu.Item
                        leftSection={<IconX size={14} aria-hidden />}
                        onClick={() => onRetirar(c)}
                      >
                        {t('cargas.acciones.retirar')}
                      </Menu.Item>
                    )}
                    {puedeDescartar && (
                      <Menu.Item
                        leftSection={<IconEyeOff size={14} aria-hidden />}
                        onClick={() => onDescartar(c)}
                      >
                        {t('cargas.acciones.descartar')}
                      </Menu.Item>
                    )}
                  </Menu.Dropdown>
                </Menu>
              )}
            </Group>
          );
        },
      });
    }
    return cols;
  }, [
    t,
    bloqueo,
    bloqueoId,
    puedeOfertar,
    puedeDescartar,
    onOfertar,
    onModificar,
    onRetirar,
    onDescartar,
  ]);

  return (
    <DataTable
      data={props.cargas}
      columns={columns}
      getRowId={(c) => String(c.id)}
      getRowLabel={(c) => t('cargas.rowLabel', { ref: c.referencia })}
      label={t('cargas.tabs.disponibles')}
      loading={props.loading}
      error={props.error}
      emptyMessage={t('cargas.empty')}
      hasMore={props.hasMore}
      loadingMore={props.loadingMore}
      onEndReached={props.onEndReached}
      csvFileName={t('cargas.csv.cargas')}
      estimateRowHeight={58}
    />
  );
}
