import type { Vehiculo } from '@extranet/contracts/vehiculos/vehiculo';
import { Button, Group, Loader, Tabs } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { usePagedTable } from '../../../components/data-table/use-paged-table';
import { PageTitle } from '../../../components/page-title';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { useSearchParam } from '../../../lib/use-search-param';
import { useDesactivarVehiculo } from '../api/desactivar-vehiculo';
import { useVehiculos } from '../api/get-vehiculos';
import { VehiculosTable } from '../components/vehiculos-table';

// Loaded when first shown, not with the list (issue 21): the vehicle form (its inputs, date
// picker and form library) on "Nuevo vehículo" or "Editar", the map tab's code with the tab.
const VehiculoFormModal = lazy(() =>
  import('../components/vehiculo-form-modal').then((module) => ({
    default: module.VehiculoFormModal,
  })),
);
const VehiculosMapaView = lazy(() =>
  import('../components/vehiculos-mapa').then((module) => ({
    default: module.VehiculosMapaView,
  })),
);

/** Vehicle panel (/proveedores/panel): the fleet, its availability on a map, add/edit/deactivate. */
export function PanelPage() {
  const { t } = useTranslation();
  const [vistaPedida, setVista] = useSearchParam('vista', 'lista');
  const vista = vistaPedida === 'mapa' ? 'mapa' : 'lista';
  const table = usePagedTable(useVehiculos());
  const [form, setForm] = useState<{ vehiculo?: Vehiculo } | null>(null);
  const formUsado = useOpenedOnce(form !== null);
  const [aDesactivar, setADesactivar] = useState<Vehiculo | null>(null);
  const desactivar = useDesactivarVehiculo();

  const onEditar = useCallback((vehiculo: Vehiculo) => setForm({ vehiculo }), []);
  const { reset: resetDesactivar } = desactivar;
  const onDesactivar = useCallback(
    (vehiculo: Vehiculo) => {
      resetDesactivar();
      setADesactivar(vehiculo);
    },
    [resetDesactivar],
  );

  function confirmDesactivar() {
    if (!aDesactivar) return;
    desactivar.mutate(aDesactivar.id, {
      onSuccess: (v) => {
        notifications.show({
          color: 'green',
          message: t('vehiculos.desactivado', { matricula: v.matricula }),
        });
        setADesactivar(null);
      },
    });
  }

  return (
    <>
      <PageTitle
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setForm({})}>
            {t('vehiculos.nuevo')}
          </Button>
        }
      >
        {t('routes.proveedor-panel.title')}
      </PageTitle>
      <Tabs value={vista} onChange={setVista} keepMounted={false}>
        <Tabs.List aria-label={t('vehiculos.tabs.label')} mb="md">
          <Tabs.Tab value="lista">{t('vehiculos.tabs.lista')}</Tabs.Tab>
          <Tabs.Tab value="mapa">{t('vehiculos.tabs.mapa')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="lista">
          <VehiculosTable table={table} onEditar={onEditar} onDesactivar={onDesactivar} />
        </Tabs.Panel>
        <Tabs.Panel value="mapa">
          <Suspense
            fallback={
              <Group justify="center" p="xl">
                <Loader aria-label={t('vehiculos.mapa.loading')} />
              </Group>
            }
          >
            <VehiculosMapaView />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
      {formUsado && (
        <Suspense fallback={null}>
          <VehiculoFormModal
            opened={form !== null}
            vehiculo={form?.vehiculo}
            onClose={() => setForm(null)}
          />
        </Suspense>
      )}
      <ConfirmDialog
        opened={aDesactivar !== null}
        title={t('vehiculos.desactivarConfirm.title')}
        message={
          aDesactivar
            ? t('vehiculos.desactivarConfirm.message', { matricula: aDesactivar.matricula })
            : ''
        }
        confirmLabel={t('vehiculos.desactivar')}
        onConfirm={confirmDesactivar}
        onCancel={() => setADesactivar(null)}
        loading={desactivar.isPending}
        error={desactivar.error?.message}
      />
    </>
  );
}
