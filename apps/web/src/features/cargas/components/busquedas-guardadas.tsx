import type { BusquedaFiltro } from '@extranet/contracts/cargas/busqueda';
import { Button, Group } from '@mantine/core';
import { IconBookmark, IconBookmarkPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CargasFiltros } from '../api/get-cargas';

// The dialogs (Mantine's Modal, the form) load when one is first opened, not with the list.
const GuardarBusquedaModal = lazy(() =>
  import('./busquedas-guardadas-dialogs').then((module) => ({
    default: module.GuardarBusquedaModal,
  })),
);
const BusquedasModal = lazy(() =>
  import('./busquedas-guardadas-dialogs').then((module) => ({ default: module.BusquedasModal })),
);

/** The filters of a search (the list's, without the order). */
function filtroDe(filtros: CargasFiltros): BusquedaFiltro {
  const { orden: _orden, ...filtro } = filtros;
  const set: BusquedaFiltro = Object.fromEntries(
    Object.entries(filtro).filter(([, value]) => value !== undefined && value !== ''),
  );
  return set;
}

/**
 * "Guardar búsqueda" and "Búsquedas guardadas" of the load list (issue 20 point 2): the current
 * filters saved under a name; a load the ERP publishes that matches one becomes a notice.
 */
export function BusquedasGuardadas({
  filtros,
  onAplicar,
}: {
  filtros: CargasFiltros;
  onAplicar: (filtros: CargasFiltros) => void;
}) {
  const { t } = useTranslation();
  const [guardando, setGuardando] = useState(false);
  const [listando, setListando] = useState(false);
  const filtro = filtroDe(filtros);
  const hayFiltros = Object.keys(filtro).length > 0;
  return (
    <>
      <Group gap="xs" mb="sm">
        <Button
          variant="default"
          size="sm"
          leftSection={<IconBookmarkPlus size={16} aria-hidden />}
          onClick={() => setGuardando(true)}
          disabled={!hayFiltros}
          title={hayFiltros ? undefined : t('cargas.busquedas.sinFiltros')}
        >
          {t('cargas.busquedas.guardar')}
        </Button>
        <Button
          variant="subtle"
          size="sm"
          leftSection={<IconBookmark size={16} aria-hidden />}
          onClick={() => setListando(true)}
        >
          {t('cargas.busquedas.lista')}
        </Button>
      </Group>
      <Suspense fallback={null}>
        {guardando && <GuardarBusquedaModal filtro={filtro} onClose={() => setGuardando(false)} />}
        {listando && (
          <BusquedasModal
            onClose={() => setListando(false)}
            onAplicar={(busqueda) => {
              onAplicar({ orden: filtros.orden, ...busqueda.filtro });
              setListando(false);
            }}
          />
        )}
      </Suspense>
    </>
  );
}
