import type { Region, RegionCode } from '@extranet/contracts/regiones/region';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface RegionSelectProps {
  /** The active regions (`regionOptions()`); the selector only renders with more than one. */
  regions: Region[];
  value: RegionCode;
  onChange: (value: RegionCode) => void;
}

/**
 * Spec §2: the Región selector, shown only when more than one region is active. The browser's
 * own list: Mantine's Select would bring its popover and floating-ui, 35 KiB, into the login
 * page's first download (issue 7).
 */
export function RegionSelect({ regions, value, onChange }: RegionSelectProps) {
  const { t } = useTranslation();
  if (regions.length <= 1) return null;
  return (
    <NativeSelect
      label={t('login.region')}
      data={regions.map((region) => ({ value: region.codigo, label: region.nombre }))}
      value={value}
      onChange={(event) => {
        const region = regions.find((candidate) => candidate.codigo === event.currentTarget.value);
        if (region) onChange(region.codigo);
      }}
    />
  );
}
