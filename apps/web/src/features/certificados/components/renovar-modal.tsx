import type { CertificadoTipoEstado } from '@extranet/contracts/certificados/certificado';
import { Modal, SimpleGrid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-range-filter';
import { DocumentDropzone } from '../../../components/document-dropzone';
import { FormFooter } from '../../../components/form-footer';
import { formatDate } from '../../../lib/format';
import { useSubirCertificado } from '../api/subir-certificado';
import { renovacionInicial } from '../renovacion';

export interface RenovarModalProps {
  /** The certificate type to renew; closed when null. */
  certificado: CertificadoTipoEstado | null;
  onClose: () => void;
}

interface Errors {
  emision?: string;
  caducidad?: string;
  file?: string;
}

/** "Renovar": a new version with its issue and expiry dates and the document, with progress. */
export function RenovarModal({ certificado, onClose }: RenovarModalProps) {
  const { t } = useTranslation();
  const [emision, setEmision] = useState<string | null>(null);
  const [caducidad, setCaducidad] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [percent, setPercent] = useState(0);
  const subir = useSubirCertificado();
  const today = dayjs().format('YYYY-MM-DD');
  const tomorrow = dayjs().add(1, 'day').format('YYYY-MM-DD');

  // Each opening starts from what the product knows: issued today, valid as long as the last one.
  const [shownFor, setShownFor] = useState<string | null>(null);
  const openedFor = certificado?.tipo ?? null;
  if (shownFor !== openedFor) {
    setShownFor(openedFor);
    if (certificado) {
      const inicial = renovacionInicial(certificado, today);
      setEmision(inicial.emision);
      setCaducidad(inicial.caducidad);
      setFile(null);
      setErrors({});
    }
  }

  function close() {
    if (subir.isPending) return;
    setEmision(null);
    setCaducidad(null);
    setFile(null);
    setErrors({});
    subir.reset();
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!certificado) return;
    const found: Errors = {};
    if (emision && emision > today) found.emision = t('certificados.errores.emisionFutura');
    if (!caducidad) found.caducidad = t('certificados.errores.caducidad');
    else if (caducidad <= today) found.caducidad = t('certificados.errores.caducidadPasada');
    else if (emision && emision > caducidad) {
      found.emision = t('certificados.errores.emisionPosterior');
    }
    if (!file) found.file = t('certificados.errores.fichero');
    setErrors(found);
    if (Object.keys(found).length > 0 || !file || !caducidad) return;
    setPercent(0);
    subir.mutate(
      {
        certificado: {
          tipo: certificado.tipo,
          ...(emision ? { fecha_emision: emision } : {}),
          fecha_caducidad: caducidad,
          file,
        },
        onProgress: (progress) => setPercent(progress.percent),
      },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: t('certificados.renovado', {
              nombre: certificado.nombre,
              fecha: formatDate(caducidad),
            }),
          });
          subir.reset();
          setEmision(null);
          setCaducidad(null);
          setFile(null);
          onClose();
        },
      },
    );
  }

  return (
    <Modal
      opened={certificado !== null}
      onClose={close}
      title={certificado ? t('certificados.modal.titulo', { nombre: certificado.nombre }) : ''}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DateField
              label={t('certificados.modal.emision')}
              value={emision}
              onChange={(value) => {
                setEmision(value);
                setErrors((e) => ({ ...e, emision: undefined }));
              }}
              error={errors.emision}
              maxDate={today}
            />
            <DateField
              label={t('certificados.modal.caducidad')}
              value={caducidad}
              onChange={(value) => {
                setCaducidad(value);
                setErrors((e) => ({ ...e, caducidad: undefined }));
              }}
              error={errors.caducidad}
              minDate={tomorrow}
              required
            />
          </SimpleGrid>
          <DocumentDropzone
            label={t('certificados.modal.fichero')}
            value={file}
            onChange={(next) => {
              setFile(next);
              setErrors((e) => ({ ...e, file: undefined }));
            }}
            error={errors.file}
            disabled={subir.isPending}
            required
          />
          <FormFooter
            submitLabel={t('certificados.modal.enviar')}
            pending={subir.isPending}
            error={subir.error?.message}
            upload={{ percent, label: certificado?.nombre ?? '' }}
            onCancel={close}
          />
        </Stack>
      </form>
    </Modal>
  );
}
