import { Alert } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Honest placeholder for a section whose content is not built yet. */
export function UnderConstruction() {
  const { t } = useTranslation();
  return (
    <Alert
      variant="light"
      color="gray"
      title={t('underConstruction.title')}
      icon={<IconTools aria-hidden stroke={1.5} />}
    >
      {t('underConstruction.message')}
    </Alert>
  );
}
