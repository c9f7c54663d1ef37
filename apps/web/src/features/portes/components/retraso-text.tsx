import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatInteger } from '../../../lib/format';

/** A delay in minutes: a dash when on time, orange text up to an hour, red beyond. */
export function RetrasoText({ minutos }: { minutos: number | null | undefined }) {
  const { t } = useTranslation();
  if (!minutos || minutos <= 0)
    return (
      <Text span c="gray.7">
        {t('portes.sinRetraso')}
      </Text>
    );
  return (
    <Text span fw={600} c={minutos > 60 ? 'red.9' : '#b34700'}>
      {t('portes.minutos', { min: formatInteger(minutos) })}
    </Text>
  );
}
