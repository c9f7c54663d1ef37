import type { SubpartidaDetalle } from '@extranet/contracts/transportes/transporte';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentDropzone } from '../../../components/document-dropzone';
import { ErrorAlert } from '../../../components/error-alert';
import { UploadProgress } from '../../../components/upload-progress';
import { formatInteger, formatKg } from '../../../lib/format';
import { useSubirCmr } from '../api/subir-cmr';
import { EcmrSubpartida } from './ecmr-subpartida';

export interface SubpartidaUploadProps {
  subpartida: SubpartidaDetalle;
  /** The transport's reference, for the messages. */
  referencia: string;
}

/** One leg missing its CMR: pick or photograph the file, upload it with a progress bar. */
export function SubpartidaUpload({ subpartida, referencia }: SubpartidaUploadProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState(0);
  const subir = useSubirCmr();
  const titulo = t('albaranes.subpartida', { numero: subpartida.numero });

  function upload() {
    if (!file) return;
    setPercent(0);
    subir.mutate(
      { subpartidaId: subpartida.id, file, onProgress: (p) => setPercent(p.percent) },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: t('albaranes.subido', { numero: subpartida.numero, ref: referencia }),
          });
        },
      },
    );
  }

  return (
    <Paper
      withBorder
      p="sm"
      radius="sm"
      component="section"
      aria-label={`${titulo} · ${referencia}`}
    >
      <Stack gap="xs">
        <Group gap="sm" wrap="wrap" justify="space-between">
          <Text fw={600} size="sm">
            {titulo} · {subpartida.origen_poblacion} → {subpartida.destino_poblacion}
          </Text>
          <Text size="sm" c="dimmed">
            {t('albaranes.carga', {
              bultos: formatInteger(subpartida.bultos),
              peso: formatKg(subpartida.peso_kg),
            })}{' '}
            · ID {subpartida.id}
          </Text>
        </Group>
        <EcmrSubpartida
          subpartidaId={subpartida.id}
          numero={subpartida.numero}
          estado={subpartida.ecmr_estado}
        />
        <DocumentDropzone
          label={t('albaranes.campo', { numero: subpartida.numero })}
          value={file}
          onChange={(next) => {
            setFile(next);
            subir.reset();
          }}
          disabled={subir.isPending || subir.isSuccess}
        />
        {subir.isPending && <UploadProgress percent={percent} label={titulo} />}
        {subir.isError && <ErrorAlert>{subir.error.message}</ErrorAlert>}
        <Group justify="flex-end">
          <Button
            leftSection={<IconUpload size={16} aria-hidden />}
            onClick={upload}
            disabled={!file || subir.isSuccess}
            loading={subir.isPending}
            aria-label={t('albaranes.subirAria', { numero: subpartida.numero, ref: referencia })}
          >
            {t('albaranes.subir')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
