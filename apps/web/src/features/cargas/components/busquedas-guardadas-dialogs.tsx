import type { BusquedaCarga, BusquedaFiltro } from '@extranet/contracts/cargas/busqueda';
import { tipoVehiculoLabels } from '@extranet/contracts/vehiculos/constants';
import { Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { formatDate } from '../../../lib/format';
import { useBorrarBusqueda, useBusquedas, useGuardarBusqueda } from '../api/busquedas';

/** "ES Zaragoza → FR Lyon · 10/01/2030–12/01/2030 · Lona": what a search looks for. */
function describirBusqueda(filtro: BusquedaFiltro, cualquiera: string): string {
  const lugar = (pais?: string, poblacion?: string) =>
    [pais, poblacion].filter(Boolean).join(' ') || cualquiera;
  const partes = [
    `${lugar(filtro.origenPaisIso, filtro.origenPoblacion)} → ${lugar(filtro.destinoPaisIso, filtro.destinoPoblacion)}`,
  ];
  if (filtro.fechaDesde || filtro.fechaHasta) {
    partes.push(`${formatDate(filtro.fechaDesde)}–${formatDate(filtro.fechaHasta)}`);
  }
  if (filtro.tipoVehiculo) partes.push(tipoVehiculoLabels[filtro.tipoVehiculo]);
  return partes.join(' · ');
}

/** "Guardar búsqueda": the current filters under a name. */
export function GuardarBusquedaModal({
  filtro,
  onClose,
}: {
  filtro: BusquedaFiltro;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const guardar = useGuardarBusqueda();
  const descripcion = describirBusqueda(filtro, t('cargas.busquedas.cualquiera'));
  const [nombre, setNombre] = useState(descripcion.slice(0, 80));
  const [error, setError] = useState<string | null>(null);

  function submit() {
    if (nombre.trim() === '') {
      setError(t('cargas.busquedas.nombreObligatorio'));
      return;
    }
    guardar.mutate(
      { nombre: nombre.trim(), filtro },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('cargas.busquedas.guardada') });
          onClose();
        },
        onError: (e) => setError(e.message),
      },
    );
  }

  return (
    <Modal opened onClose={onClose} title={t('cargas.busquedas.guardar')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('cargas.busquedas.explicacion')}</Text>
          <Text size="sm" c="dimmed">
            {descripcion}
          </Text>
          <TextInput
            label={t('cargas.busquedas.nombre')}
            value={nombre}
            onChange={(event) => {
              setNombre(event.currentTarget.value);
              setError(null);
            }}
            maxLength={80}
            required
            error={error}
            data-autofocus
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('cargas.busquedas.cancelar')}
            </Button>
            <Button type="submit" loading={guardar.isPending}>
              {t('cargas.busquedas.guardarBoton')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** "Búsquedas guardadas": the carrier's searches, to apply or delete. */
export function BusquedasModal({
  onClose,
  onAplicar,
}: {
  onClose: () => void;
  onAplicar: (busqueda: BusquedaCarga) => void;
}) {
  const { t } = useTranslation();
  const busquedas = useBusquedas();
  const borrar = useBorrarBusqueda();
  const items = busquedas.data?.pages.flatMap((page) => page.items) ?? [];

  let body;
  if (busquedas.isPending) body = <Loader size="sm" aria-label={t('cargas.busquedas.cargando')} />;
  else if (busquedas.isError)
    body = (
      <ErrorAlert onRetry={() => void busquedas.refetch()} retrying={busquedas.isFetching}>
        {busquedas.error.message}
      </ErrorAlert>
    );
  else if (items.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        {t('cargas.busquedas.vacia')}
      </Text>
    );
  else
    body = (
      <Stack component="ul" gap="sm" m={0} p={0} aria-label={t('cargas.busquedas.lista')}>
        {items.map((busqueda) => (
          <Stack
            key={busqueda.id}
            component="li"
            gap={4}
            pb="sm"
            style={{ listStyle: 'none', borderBottom: '1px solid var(--mantine-color-gray-3)' }}
          >
            <Text fw={600} size="sm">
              {busqueda.nombre}
            </Text>
            <Text size="sm" c="dimmed">
              {describirBusqueda(busqueda.filtro, t('cargas.busquedas.cualquiera'))}
            </Text>
            <Group gap="xs">
              <Button size="compact-sm" variant="light" onClick={() => onAplicar(busqueda)}>
                {t('cargas.busquedas.aplicar')}
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                aria-label={t('cargas.busquedas.borrarNombre', { nombre: busqueda.nombre })}
                loading={borrar.isPending && borrar.variables === busqueda.id}
                onClick={() =>
                  borrar.mutate(busqueda.id, {
                    onSuccess: () =>
                      notifications.show({
                        color: 'green',
                        message: t('cargas.busquedas.borrada', { nombre: busqueda.nombre }),
                      }),
                    onError: (error) =>
                      notifications.show({ color: 'red', message: error.message }),
                  })
                }
              >
                {t('cargas.busquedas.borrar')}
              </Button>
            </Group>
          </Stack>
        ))}
      </Stack>
    );

  return (
    <Modal opened onClose={onClose} title={t('cargas.busquedas.lista')}>
      <Stack gap="sm">
        <Text size="sm">{t('cargas.busquedas.listaExplicacion')}</Text>
        {body}
      </Stack>
    </Modal>
  );
}
