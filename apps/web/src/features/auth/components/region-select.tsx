import type { Region, RegionCode } from '@extranet/contracts/regiones/region';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface RegionSelectProps {
  /** The active regions (`regionOptions()`); the selector only renders with more than one. */
  regions: Region[];
  value: RegionCode;
  onChange: (value: RegionCode) => void;
}

/** Spec §2: the Región selector, shown only when more than one region is active. */
export function RegionSelect({ regions, value, onChange }: RegionSelectProps) {
  const { t } = useTranslation();
  if (regions.length <= 1) return null;
  return (
    <Select
      label={t('login.region')}
      data={regions.map((region) => ({ value: region.codigo, label: region.nombre }))}
      value={value}
      onChange={(next) => {
        const region = regions.find((candidate) => candidate.codigo === next);
        if (region) onChange(region.codigo);
      }}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
