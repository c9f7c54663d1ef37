import type { Vehiculo } from '@extranet/contracts/vehiculos/vehiculo';
import { Button, Tabs } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { usePagedTable } from '../../../components/data-table/use-paged-table';
import { PageTitle } from '../../../components/page-title';
import { useSearchParam } from '../../../lib/use-search-param';
import { useDesactivarVehiculo } from '../api/desactivar-vehiculo';
import { useVehiculos } from '../api/get-vehiculos';
import { VehiculoFormModal } from '../components/vehiculo-form-modal';
import { VehiculosMapaView } from '../components/vehiculos-mapa';
import { VehiculosTable } from '../components/vehiculos-table';

/** Vehicle panel (/proveedores/panel): the fleet, its availability on a map, add/edit/deactivate. */
export function PanelPage() {
  const { t } = useTranslation();
  const [vistaPedida, setVista] = useSearchParam('vista', 'lista');
  const vista = vistaPedida === 'mapa' ? 'mapa' : 'lista';
  const table = usePagedTable(useVehiculos());
  const [form, setForm] = useState<{ vehiculo?: Vehiculo } | null>(null);
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
          <VehiculosMapaView />
        </Tabs.Panel>
      </Tabs>
      <VehiculoFormModal
        opened={form !== null}
        vehiculo={form?.vehiculo}
        onClose={() => setForm(null)}
      />
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
