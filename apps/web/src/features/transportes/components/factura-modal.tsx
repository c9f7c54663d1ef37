import type { TransporteSinFactura } from '@extranet/contracts/transportes/documentos-pendientes';
import { Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-range-filter';
import { EurosInput } from '../../../components/euros-input';
import { FileDropzone } from '../../../components/file-dropzone';
import { FormFooter } from '../../../components/form-footer';
import { formatCents } from '../../../lib/format';
import { UPLOAD_MAX_BYTES } from '../../../lib/upload';
import { useSubirFactura } from '../api/subir-factura';
import {
  facturaPrefill,
  ivaDe,
  sumEuros,
  toCents,
  validateFactura,
  type FacturaErrors,
  type FacturaValues,
} from '../factura-form';

export interface FacturaModalProps {
  /** The checked transports the invoice covers; the modal is open while not empty. */
  transportes: readonly TransporteSinFactura[];
  opened: boolean;
  onClose: () => void;
  /** Called after a successful upload (the page clears its selection). */
  onUploaded: () => void;
}

/**
 * "Subir factura": one invoice (number, issue date, amounts, PDF) for every checked transport.
 * It opens with today's date, the base at the transports' total and the IVA and total computed
 * (the page mounts it per selection). The IVA follows the base until the user types it, the total
 * follows base + IVA until the user types it; it must equal their sum.
 */
export function FacturaModal({ transportes, opened, onClose, onUploaded }: FacturaModalProps) {
  const { t } = useTranslation();
  const today = dayjs().format('YYYY-MM-DD');
  const totalTransportes = transportes.reduce((sum, tr) => sum + tr.importe_centimos, 0);
  const prefill = () => facturaPrefill(totalTransportes, today);
  const [values, setValues] = useState<FacturaValues>(prefill);
  const [errors, setErrors] = useState<FacturaErrors>({});
  const [ivaTocado, setIvaTocado] = useState(false);
  const [importeTocado, setImporteTocado] = useState(false);
  const [percent, setPercent] = useState(0);
  const subir = useSubirFactura();

  // Each opening starts from the checked transports (the page keeps the dialog mounted).
  const openedFor = opened ? transportes.map((tr) => tr.id).join(',') : '';
  const [shownFor, setShownFor] = useState('');
  if (shownFor !== openedFor) {
    setShownFor(openedFor);
    if (opened) {
      setValues(prefill());
      setErrors({});
      setIvaTocado(false);
      setImporteTocado(false);
    }
  }

  const set = (patch: Partial<FacturaValues>) => {
    setValues((current) => {
      const next = { ...current, ...patch };
      if (!ivaTocado && 'base' in patch) next.iva = ivaDe(next.base);
      if (!importeTocado && ('base' in patch || 'iva' in patch)) {
        next.importe = sumEuros(next.base, next.iva);
      }
      return next;
    });
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch) as (keyof FacturaValues)[]) delete next[key];
      return next;
    });
  };

  function close() {
    if (subir.isPending) return;
    setValues(prefill());
    setErrors({});
    setIvaTocado(false);
    setImporteTocado(false);
    subir.reset();
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateFactura(values, today);
    setErrors(found);
    if (Object.keys(found).length > 0 || !values.pdf || !values.fecha) return;
    setPercent(0);
    const numero = values.numero.trim();
    subir.mutate(
      {
        factura: {
          numero,
          fecha_emision: values.fecha,
          base_imponible_centimos: toCents(values.base)!,
          iva_centimos: toCents(values.iva)!,
          importe_centimos: toCents(values.importe)!,
          transporteIds: transportes.map((transporte) => transporte.id),
          pdf: values.pdf,
        },
        onProgress: (progress) => setPercent(progress.percent),
      },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: t('subirFacturas.subida', { numero, count: transportes.length }),
          });
          setIvaTocado(false);
          setImporteTocado(false);
          subir.reset();
          onUploaded();
        },
      },
    );
  }

  const error = (key: keyof FacturaValues) => (errors[key] ? t(errors[key]) : undefined);

  return (
    <Modal opened={opened} onClose={close} title={t('subirFacturas.modal.titulo')} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            {t('subirFacturas.modal.cubre', {
              count: transportes.length,
              refs: transportes.map((tr) => tr.referencia).join(', '),
              total: formatCents(totalTransportes),
            })}
          </Text>
          <TextInput
            label={t('subirFacturas.modal.numero')}
            value={values.numero}
            onChange={(event) => set({ numero: event.currentTarget.value })}
            error={error('numero')}
            maxLength={30}
            required
            data-autofocus
          />
          <DateField
            label={t('subirFacturas.modal.fecha')}
            value={values.fecha}
            onChange={(fecha) => set({ fecha })}
            error={error('fecha')}
            maxDate={today}
            required
          />
          <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
            <EurosInput
              label={t('subirFacturas.modal.base')}
              value={values.base}
              onChange={(base) => set({ base })}
              error={error('base')}
              required
            />
            <EurosInput
              label={t('subirFacturas.modal.iva')}
              description={t('subirFacturas.modal.ivaAyuda')}
              value={values.iva}
              onChange={(iva) => {
                setIvaTocado(true);
                set({ iva });
              }}
              error={error('iva')}
              required
            />
            <EurosInput
              label={t('subirFacturas.modal.importe')}
              description={t('subirFacturas.modal.importeAyuda')}
              value={values.importe}
              onChange={(importe) => {
                setImporteTocado(true);
                set({ importe });
              }}
              error={error('importe')}
              required
            />
          </SimpleGrid>
          <FileDropzone
            label={t('subirFacturas.modal.pdf')}
            accept="application/pdf,.pdf"
            acceptLabel={t('subida.pdf')}
            maxBytes={UPLOAD_MAX_BYTES}
            value={values.pdf}
            onChange={(pdf) => set({ pdf })}
            error={error('pdf')}
            disabled={subir.isPending}
            required
          />
          <FormFooter
            submitLabel={t('subirFacturas.modal.enviar')}
            pending={subir.isPending}
            error={subir.error?.message}
            upload={{ percent, label: t('subirFacturas.modal.titulo') }}
            onCancel={close}
          />
        </Stack>
      </form>
    </Modal>
  );
}
