import { Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface UploadProgressProps {
  /** 0–100. */
  percent: number;
  /** What is being sent, for screen readers ("Albarán de la subpartida 2"). */
  label: string;
}

/** The progress bar of an upload, with its percentage (announced as a progressbar). */
export function UploadProgress({ percent, label }: UploadProgressProps) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <Progress
        value={percent}
        size="lg"
        striped
        animated={percent < 100}
        aria-label={t('subida.progreso', { label })}
        style={{ flex: 1 }}
      />
      <Text size="sm" fw={600} w={48} ta="right" aria-hidden>
        {percent} %
      </Text>
    </Group>
  );
}
