import { Button, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../../components/date-range-filter';
import type { SubirFacturasFilters } from '../upload-filters';
import { IdInput } from './transportes-filters';

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
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs" mb="md">
      <DateRangeFilter
        label={t('transportes.filtros.fechas')}
        value={{ desde: value.fechaDesde, hasta: value.fechaHasta }}
        onChange={(range) =>
          onChange({ ...value, fechaDesde: range.desde, fechaHasta: range.hasta })
        }
      />
      <IdInput
        label={t('transportes.filtros.transporte')}
        value={value.transporteId}
        onChange={(transporteId) => onChange({ ...value, transporteId })}
      />
      <IdInput
        label={t('transportes.filtros.subpartida')}
        value={value.subpartidaId || undefined}
        onChange={(subpartidaId) => onChange({ ...value, subpartidaId: subpartidaId ?? 0 })}
      />
      <Button
        variant="subtle"
        onClick={() => onChange({ subpartidaId: 0 })}
        disabled={!hasFilters}
        style={{ alignSelf: 'end' }}
      >
        {t('transportes.filtros.limpiar')}
      </Button>
    </SimpleGrid>
  );
}
