import type { CargaDescartada, CargaResumen } from '@extranet/contracts/cargas/carga';
import { Button, Group, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconEyeOff, IconPencil, IconSend, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RowAction } from '../../../components/data-table/row-action';
import { RowMenu, type RowMenuItem } from '../../../components/data-table/row-menu';

export interface CargaAccionesProps {
  /** The open load of the row. */
  carga: CargaResumen;
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

/** Row actions of an open load: offer (or modify the pending offer), withdraw, discard. */
export function CargaAcciones({
  carga: c,
  bloqueo,
  bloqueoId,
  puedeOfertar,
  puedeDescartar,
  onOfertar,
  onModificar,
  onRetirar,
  onDescartar,
}: CargaAccionesProps) {
  const { t } = useTranslation();
  const pendiente = c.oferta?.estado === 'pendiente';
  const aceptada = c.oferta?.estado === 'aceptada';
  let primary = null;
  if (puedeOfertar && pendiente) {
    primary = (
      <RowAction
        label={t('cargas.acciones.modificar')}
        row={c.referencia}
        icon={IconPencil}
        onClick={() => onModificar(c)}
      />
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
  const menu: RowMenuItem[] = [];
  if (puedeOfertar && pendiente) {
    menu.push({ label: t('cargas.acciones.retirar'), icon: IconX, onClick: () => onRetirar(c) });
  }
  if (puedeDescartar) {
    menu.push({
      label: t('cargas.acciones.descartar'),
      icon: IconEyeOff,
      onClick: () => onDescartar(c),
    });
  }
  return (
    <Group gap={6} wrap="nowrap">
      {primary}
      {menu.length > 0 && (
        <RowMenu label={t('cargas.acciones.mas', { ref: c.referencia })} items={menu} />
      )}
    </Group>
  );
}

export interface RestaurarButtonProps {
  /** The discarded load of the row. */
  carga: CargaDescartada;
  /** The load is being restored (the button spins). */
  loading: boolean;
  /** Put the load back on the list. */
  onRestaurar: (carga: CargaDescartada) => void;
}

/** Row action of a discarded load: put it back on the list. */
export function RestaurarButton({ carga, loading, onRestaurar }: RestaurarButtonProps) {
  const { t } = useTranslation();
  return (
    <RowAction
      label={t('cargas.acciones.restaurar')}
      row={carga.referencia}
      icon={IconArrowBackUp}
      onClick={() => onRestaurar(carga)}
      loading={loading}
    />
  );
}
