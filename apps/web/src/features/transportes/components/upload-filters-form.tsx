import { useTranslation } from 'react-i18next';
import type { SubirFacturasFilters } from '../upload-filters';
import { IdInput, TransporteFilterBar } from './transportes-filters';

export interface UploadFiltersFormProps {
  /** The page's filters (from its URL). */
  value: SubirFacturasFilters;
  /** Called with the new filters; the page writes them to the URL. */
  onChange: (value: SubirFacturasFilters) => void;
}

/** Filters of both upload pages (spec §2): load dates, transport and subpartida. */
export function UploadFiltersForm({ value, onChange }: UploadFiltersFormProps) {
  const { t } = useTranslation();
  const hasFilters =
    !!value.fechaDesde || !!value.fechaHasta || !!value.transporteId || value.subpartidaId > 0;
  return (
    <TransporteFilterBar
      value={value}
      onChange={onChange}
      empty={{ subpartidaId: 0 }}
      hasFilters={hasFilters}
    >
      <IdInput
        label={t('transportes.filtros.subpartida')}
        value={value.subpartidaId || undefined}
        onChange={(subpartidaId) => onChange({ ...value, subpartidaId: subpartidaId ?? 0 })}
      />
    </TransporteFilterBar>
  );
}
