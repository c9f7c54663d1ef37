import type { CargaResumen } from '@extranet/contracts/cargas/carga';
import {
  MAX_COMENTARIOS_OFERTA,
  MAX_PRECIO_OFERTA_CENTIMOS,
} from '@extranet/contracts/cargas/constants';
import { tipoVehiculoLabels } from '@extranet/contracts/vehiculos/constants';
import { Alert, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { EurosInput } from '../../../components/euros-input';
import { FormFooter } from '../../../components/form-footer';
import { isApiRequestError } from '../../../lib/api-client';
import { eurosToCents, formatCents, formatDate } from '../../../lib/format';
import { useDialogError } from '../../../lib/use-dialog-error';
import { useCrearOferta } from '../api/crear-oferta';
import { useEditarOferta } from '../api/editar-oferta';
import { useVehiculosOferta } from '../api/get-vehiculos-oferta';

/** What the offer form needs to know about the load. */
export type CargaOfertable = Pick<
  CargaResumen,
  | 'id'
  | 'referencia'
  | 'origen_poblacion'
  | 'destino_poblacion'
  | 'fecha_carga'
  | 'precio_guia_centimos'
>;

/** Open the form to make a new offer, or to change a pending one. */
export type OfertaModalTarget =
  | { mode: 'crear'; carga: CargaOfertable }
  | {
      mode: 'editar';
      carga: CargaOfertable;
      ofertaId: number;
      precioCentimos: number;
      /** Current comment, when known (the list does not carry it). */
      comentarios?: string | null;
    };

export interface OfertaModalProps {
  /** The load (and offer) the form is for; closed when null. */
  target: OfertaModalTarget | null;
  /** Closes the form (after success, Cancelar or Esc). */
  onClose: () => void;
  /** Why new offers are blocked (expired certificate); a new offer cannot be sent with it. */
  bloqueo?: string | null;
}

interface OfertaFormValues {
  precio: number | string;
  vehiculoId: string | null;
  comentarios: string;
}

const MAX_EUROS = MAX_PRECIO_OFERTA_CENTIMOS / 100;

/** Spanish validation mirroring the server's (contracts/cargas/oferta.ts). */
export function validateOferta(
  values: OfertaFormValues,
  t: (key: string) => string,
): Partial<Record<keyof OfertaFormValues, string>> {
  const errors: Partial<Record<keyof OfertaFormValues, string>> = {};
  const precio = typeof values.precio === 'number' ? values.precio : Number.NaN;
  if (values.precio === '' || values.precio === null)
    errors.precio = t('cargas.oferta.precioRequerido');
  else if (Number.isNaN(precio) || eurosToCents(precio) < 1)
    errors.precio = t('cargas.oferta.precioMin');
  else if (precio > MAX_EUROS) errors.precio = t('cargas.oferta.precioMax');
  if (values.comentarios.trim().length > MAX_COMENTARIOS_OFERTA)
    errors.comentarios = t('cargas.oferta.comentarioMax');
  return errors;
}

/** The "Ofertar" / "Modificar oferta" dialog: price in euros, vehicle (new offers), comment. */
export function OfertaModal({ target, onClose, bloqueo }: OfertaModalProps) {
  const { t } = useTranslation();
  const crear = useCrearOferta();
  const editar = useEditarOferta();
  const [serverError, setServerError] = useDialogError(target);
  const closeDialog = () => {
    setServerError(null);
    onClose();
  };
  const isEdit = target?.mode === 'editar';
  const vehiculos = useVehiculosOferta(target?.mode === 'crear');

  const form = useForm<OfertaFormValues>({
    mode: 'controlled',
    initialValues: { precio: '', vehiculoId: null, comentarios: '' },
    validate: (values) => validateOferta(values, t),
  });

  // Fresh values every time the dialog opens for a load.
  useEffect(() => {
    if (!target) return;
    const values: OfertaFormValues =
      target.mode === 'editar'
        ? {
            precio: target.precioCentimos / 100,
            vehiculoId: null,
            comentarios: target.comentarios ?? '',
          }
        : { precio: '', vehiculoId: null, comentarios: '' };
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    // `form` is stable per mount; re-run only for a new target.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target]);

  const blocked = target?.mode === 'crear' && !!bloqueo;
  const pending = crear.isPending || editar.isPending;

  async function submit(values: OfertaFormValues) {
    if (!target) return;
    setServerError(null);
    const precioCentimos = eurosToCents(Number(values.precio));
    const comentarios = values.comentarios.trim();
    try {
      if (target.mode === 'crear') {
        await crear.mutateAsync({
          cargaId: target.carga.id,
          body: {
            precio_centimos: precioCentimos,
            vehiculo_id: values.vehiculoId ? Number(values.vehiculoId) : null,
            comentarios: comentarios || null,
          },
        });
        notifications.show({
          color: 'green',
          message: t('cargas.oferta.creada', { ref: target.carga.referencia }),
        });
      } else {
        const body: { precio_centimos?: number; comentarios?: string | null } = {};
        if (precioCentimos !== target.precioCentimos) body.precio_centimos = precioCentimos;
        if (comentarios !== (target.comentarios ?? '').trim())
          body.comentarios = comentarios || null;
        if (Object.keys(body).length === 0) {
          setServerError(t('cargas.oferta.sinCambios'));
          return;
        }
        await editar.mutateAsync({ ofertaId: target.ofertaId, body });
        notifications.show({
          color: 'green',
          message: t('cargas.oferta.modificada', { ref: target.carga.referencia }),
        });
      }
      onClose();
    } catch (error) {
      // The server's Spanish message: LOAD_CLOSED, OFFER_EXISTS, CERTIFICATE_EXPIRED (with why)…
      setServerError(isApiRequestError(error) ? error.message : String(error));
    }
  }

  const carga = target?.carga;
  const vehiculoOptions = (vehiculos.data?.items ?? []).map((v) => ({
    value: String(v.id),
    label: `${v.matricula} · ${tipoVehiculoLabels[v.tipo]}`,
  }));

  return (
    <Modal
      opened={target !== null}
      onClose={closeDialog}
      title={
        carga
          ? t(isEdit ? 'cargas.oferta.titleEdit' : 'cargas.oferta.titleNew', {
              ref: carga.referencia,
            })
          : ''
      }
      size="md"
    >
      {carga && (
        <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
          <Stack gap="sm">
            <Text size="sm" c="gray.7">
              {t('cargas.oferta.resumen', {
                origen: carga.origen_poblacion,
                destino: carga.destino_poblacion,
                fecha: formatDate(carga.fecha_carga),
              })}
            </Text>
            {blocked && (
              <Alert color="red" variant="light" title={t('cargas.bloqueo.title')}>
                {bloqueo}
              </Alert>
            )}
            <EurosInput
              label={t('cargas.oferta.precio')}
              description={
                carga.precio_guia_centimos !== null
                  ? t('cargas.oferta.precioGuia', {
                      precio: formatCents(carga.precio_guia_centimos),
                    })
                  : undefined
              }
              required
              max={MAX_EUROS}
              allowNegative={false}
              data-autofocus
              {...form.getInputProps('precio')}
            />
            {!isEdit && (
              <Select
                label={t('cargas.oferta.vehiculo')}
                description={t('cargas.oferta.vehiculoHelp')}
                placeholder={t('cargas.oferta.vehiculoPlaceholder')}
                data={vehiculoOptions}
                clearable
                searchable
                nothingFoundMessage={t('tabla.empty')}
                {...form.getInputProps('vehiculoId')}
              />
            )}
            <Textarea
              label={t('cargas.oferta.comentario')}
              rows={3}
              maxLength={600}
              {...form.getInputProps('comentarios')}
            />
            <FormFooter
              submitLabel={t(isEdit ? 'cargas.oferta.guardar' : 'cargas.oferta.enviar')}
              pending={pending}
              submitDisabled={blocked}
              error={serverError}
              onCancel={closeDialog}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
