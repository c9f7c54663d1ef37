import type { CargaDescartada, CargaResumen, OfertaEstado } from '@extranet/contracts/cargas/carga';
import type { Oferta } from '@extranet/contracts/cargas/oferta';
import { supplierResources } from '@extranet/contracts/menus/resources';
import { Group, Loader, Tabs } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { usePagedTable } from '../../../components/data-table/use-paged-table';
import { PageTitle } from '../../../components/page-title';
import { formatCents } from '../../../lib/format';
import { findMenuEntry, usePortalContext } from '../../../lib/portal-context';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { useSearchParam } from '../../../lib/use-search-param';
import { useDescartarCarga } from '../api/descartar-carga';
import { useBloqueoOfertas } from '../api/get-bloqueo-ofertas';
import { cargasExportUrls, descartadosExportUrls } from '../api/export-cargas';
import { CARGAS_URL, FILTROS_INICIALES, useCargas, type CargasFiltros } from '../api/get-cargas';
import { useDescartados } from '../api/get-descartados';
import { useOfertas } from '../api/get-ofertas';
import { useRestaurarCarga } from '../api/restaurar-carga';
import { useRetirarOferta } from '../api/retirar-oferta';
import { useBusquedas } from '../api/busquedas';
import { BusquedasGuardadas } from '../components/busquedas-guardadas';
import { CargasFilters } from '../components/cargas-filters';
import { CargaAcciones, RestaurarButton } from '../components/carga-acciones';
import { CargasTable, descartadaColumn, ofertaColumn } from '../components/cargas-table';
import type { OfertaModalTarget } from '../components/oferta-modal';
import { OfertasTable } from '../components/ofertas-table';

// Loaded when first shown, not with the list (issue 21): the offer form (its number input and
// form library) on "Ofertar", the map tab's code when the tab is chosen.
const OfertaModal = lazy(() =>
  import('../components/oferta-modal').then((module) => ({ default: module.OfertaModal })),
);
const CargasMapaView = lazy(() =>
  import('../components/cargas-mapa').then((module) => ({ default: module.CargasMapaView })),
);

type Vista = 'disponibles' | 'ofertas' | 'descartadas' | 'mapa';
// The shell's certificate warning (features/certificados) shows the reason on every supplier
// page; the disabled offer buttons point at it by this id. Features don't import each other.
const BLOQUEO_ID = 'aviso-certificados';

interface RetirarTarget {
  ofertaId: number;
  referencia: string;
  precioCentimos: number;
}

/** Load exchange listing (/proveedores/cargas): loads, my offers, discarded loads and the map. */
export function CargasPage() {
  const { t } = useTranslation();
  const menus = usePortalContext()?.menus;
  const puedeOfertar = !!findMenuEntry(menus, supplierResources.ofertas);
  const puedeDescartar = !!findMenuEntry(menus, supplierResources.descartados);
  const puedeMapa = !!findMenuEntry(menus, supplierResources.mapa);

  const vistas: Vista[] = [
    'disponibles',
    ...(puedeOfertar ? (['ofertas'] as const) : []),
    ...(puedeDescartar ? (['descartadas'] as const) : []),
    ...(puedeMapa ? (['mapa'] as const) : []),
  ];
  const [pedida, setVista] = useSearchParam(CARGAS_URL.vista, CARGAS_URL.vistaInicial);
  const vista = vistas.find((v) => v === pedida) ?? 'disponibles';

  const [filtros, setFiltros] = useState<CargasFiltros>(FILTROS_INICIALES);
  // A saved search's notice links here with `?busqueda=<id>`: its filters are applied once
  // (while rendering, as the list's filters are state), then the parameter leaves the address.
  const [busquedaPedida, setBusquedaPedida] = useSearchParam(CARGAS_URL.busqueda, '');
  const busquedas = useBusquedas(busquedaPedida !== null);
  const [aplicada, setAplicada] = useState<string | null>(null);
  if (busquedaPedida !== aplicada && (busquedaPedida === null || busquedas.data)) {
    setAplicada(busquedaPedida);
    const busqueda = busquedas.data?.pages
      .flatMap((page) => page.items)
      .find((b) => String(b.id) === busquedaPedida);
    if (busqueda) setFiltros({ orden: FILTROS_INICIALES.orden, ...busqueda.filtro });
  }
  useEffect(() => {
    if (aplicada !== null) setBusquedaPedida(null);
  }, [aplicada, setBusquedaPedida]);
  const [estadoOferta, setEstadoOferta] = useState<OfertaEstado | undefined>();
  const cargas = usePagedTable(useCargas(filtros));
  const ofertas = usePagedTable(useOfertas(estadoOferta, vista === 'ofertas'));
  const descartadas = usePagedTable(useDescartados(vista === 'descartadas'));
  const bloqueoQuery = useBloqueoOfertas();
  const bloqueo = bloqueoQuery.data?.bloqueado ? (bloqueoQuery.data.motivo ?? '') : null;

  const [ofertaTarget, setOfertaTarget] = useState<OfertaModalTarget | null>(null);
  const ofertaUsada = useOpenedOnce(ofertaTarget !== null);
  const [retirarTarget, setRetirarTarget] = useState<RetirarTarget | null>(null);
  const retirar = useRetirarOferta();
  const descartar = useDescartarCarga();
  const restaurar = useRestaurarCarga();

  const onOfertar = useCallback(
    (carga: CargaResumen) => setOfertaTarget({ mode: 'crear', carga }),
    [],
  );
  const onModificarCarga = useCallback((carga: CargaResumen) => {
    if (!carga.oferta) return;
    setOfertaTarget({
      mode: 'editar',
      carga,
      ofertaId: carga.oferta.id,
      precioCentimos: carga.oferta.precio_centimos,
    });
  }, []);
  const onModificarOferta = useCallback((oferta: Oferta) => {
    setOfertaTarget({
      mode: 'editar',
      carga: { ...oferta.carga, id: oferta.carga_id },
      ofertaId: oferta.id,
      precioCentimos: oferta.precio_centimos,
      comentarios: oferta.comentarios,
    });
  }, []);
  const onRetirarCarga = useCallback((carga: CargaResumen) => {
    if (!carga.oferta) return;
    retirar.reset();
    setRetirarTarget({
      ofertaId: carga.oferta.id,
      referencia: carga.referencia,
      precioCentimos: carga.oferta.precio_centimos,
    });
    // `retirar` is a stable mutation object for this page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const onRetirarOferta = useCallback((oferta: Oferta) => {
    retirar.reset();
    setRetirarTarget({
      ofertaId: oferta.id,
      referencia: oferta.carga.referencia,
      precioCentimos: oferta.precio_centimos,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const { mutate: descartarMutate } = descartar;
  const onDescartar = useCallback(
    (carga: CargaResumen) =>
      descartarMutate(carga.id, {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: t('cargas.descartada', { ref: carga.referencia }),
          }),
        onError: (error) => notifications.show({ color: 'red', message: error.message }),
      }),
    [descartarMutate, t],
  );
  const { mutate: restaurarMutate } = restaurar;
  const onRestaurar = useCallback(
    (carga: CargaDescartada) =>
      restaurarMutate(carga.id, {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: t('cargas.restaurada', { ref: carga.referencia }),
          }),
        onError: (error) => notifications.show({ color: 'red', message: error.message }),
      }),
    [restaurarMutate, t],
  );

  const columnasDisponibles = useMemo(() => [ofertaColumn(t)], [t]);
  const columnasDescartadas = useMemo(() => [descartadaColumn(t)], [t]);
  const accionesDisponible = useCallback(
    (carga: CargaResumen) => (
      <CargaAcciones
        carga={carga}
        bloqueo={bloqueo}
        bloqueoId={BLOQUEO_ID}
        puedeOfertar={puedeOfertar}
        puedeDescartar={puedeDescartar}
        onOfertar={onOfertar}
        onModificar={onModificarCarga}
        onRetirar={onRetirarCarga}
        onDescartar={onDescartar}
      />
    ),
    [
      bloqueo,
      puedeOfertar,
      puedeDescartar,
      onOfertar,
      onModificarCarga,
      onRetirarCarga,
      onDescartar,
    ],
  );
  const restaurando = restaurar.isPending ? restaurar.variables : undefined;
  const accionesDescartada = useCallback(
    (carga: CargaDescartada) => (
      <RestaurarButton carga={carga} loading={restaurando === carga.id} onRestaurar={onRestaurar} />
    ),
    [restaurando, onRestaurar],
  );

  function confirmRetirar() {
    if (!retirarTarget) return;
    retirar.mutate(retirarTarget.ofertaId, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          message: t('cargas.oferta.retirada', { ref: retirarTarget.referencia }),
        });
        setRetirarTarget(null);
      },
    });
  }

  return (
    <>
      <PageTitle>{t('routes.proveedor-cargas.title')}</PageTitle>
      <Tabs value={vista} onChange={setVista} keepMounted={false}>
        <Tabs.List aria-label={t('cargas.tabs.label')} mb="md">
          {vistas.map((v) => (
            <Tabs.Tab key={v} value={v}>
              {t(`cargas.tabs.${v}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="disponibles">
          <CargasFilters value={filtros} onChange={setFiltros} />
          <BusquedasGuardadas filtros={filtros} onAplicar={setFiltros} />
          <CargasTable
            vista="disponibles"
            table={cargas}
            extraColumns={columnasDisponibles}
            exportUrls={cargasExportUrls(filtros)}
            renderActions={puedeOfertar || puedeDescartar ? accionesDisponible : undefined}
          />
        </Tabs.Panel>
        {puedeOfertar && (
          <Tabs.Panel value="ofertas">
            <OfertasTable
              table={ofertas}
              estado={estadoOferta}
              onEstadoChange={setEstadoOferta}
              onModificar={onModificarOferta}
              onRetirar={onRetirarOferta}
            />
          </Tabs.Panel>
        )}
        {puedeDescartar && (
          <Tabs.Panel value="descartadas">
            <CargasTable
              vista="descartadas"
              table={descartadas}
              extraColumns={columnasDescartadas}
              exportUrls={descartadosExportUrls()}
              renderActions={accionesDescartada}
            />
          </Tabs.Panel>
        )}
        {puedeMapa && (
          <Tabs.Panel value="mapa">
            <CargasFilters value={filtros} onChange={setFiltros} hideOrder />
            <Suspense
              fallback={
                <Group justify="center" p="xl">
                  <Loader aria-label={t('cargas.mapa.loading')} />
                </Group>
              }
            >
              <CargasMapaView filtros={filtros} />
            </Suspense>
          </Tabs.Panel>
        )}
      </Tabs>

      {ofertaUsada && (
        <Suspense fallback={null}>
          <OfertaModal
            target={ofertaTarget}
            onClose={() => setOfertaTarget(null)}
            bloqueo={bloqueo}
          />
        </Suspense>
      )}
      <ConfirmDialog
        opened={retirarTarget !== null}
        title={t('cargas.retirar.title')}
        message={
          retirarTarget
            ? t('cargas.retirar.message', {
                ref: retirarTarget.referencia,
                precio: formatCents(retirarTarget.precioCentimos),
              })
            : ''
        }
        confirmLabel={t('cargas.acciones.retirar')}
        onConfirm={confirmRetirar}
        onCancel={() => setRetirarTarget(null)}
        loading={retirar.isPending}
        error={retirar.error?.message}
      />
    </>
  );
}
