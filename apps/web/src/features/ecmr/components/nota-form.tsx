import type { EcmrDetalle } from '@extranet/contracts/ecmr/ecmr';
import {
  Alert,
  Fieldset,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-range-filter';
import { FormFooter } from '../../../components/form-footer';
import { isApiRequestError } from '../../../lib/api-client';
import { useEditarEcmr } from '../api/ecmr-proveedor';
import { tituloCasilla } from '../casillas';
import {
  cambiosDeFormulario,
  campoDeDetalle,
  esRequerido,
  validarNota,
  valoresDeNota,
  type NotaFormValues,
} from '../nota-form';

export interface NotaFormProps {
  /** The note as the carrier opened it (its hash guards against a stale edit). */
  detalle: EcmrDetalle;
  /** Closes the form (after saving or on Cancelar). */
  onClose: () => void;
}

const PARTES = ['remitente', 'destinatario'] as const;
const LUGARES = ['lugar_carga', 'lugar_entrega'] as const;
const TEXTOS = [
  'documentos_anexos',
  'instrucciones_remitente',
  'reservas_transportista',
  'estipulaciones',
] as const;

/**
 * The carrier's form over the note's boxes: in place until the first signature, a new version
 * after it ("Nueva versión"). Required fields are marked; errors sit next to their field.
 */
export function NotaForm({ detalle, onClose }: NotaFormProps) {
  const { t } = useTranslation();
  const editar = useEditarEcmr(detalle.subpartida_id);
  const [serverError, setServerError] = useState<string | null>(null);
  const firmado = detalle.firmas.length > 0;
  const form = useForm<NotaFormValues>({
    mode: 'controlled',
    initialValues: valoresDeNota(detalle.contenido),
    validate: (values) =>
      Object.fromEntries(Object.entries(validarNota(values)).map(([k, v]) => [k, t(v)])),
  });

  const texto = (path: string, label: string, props: { maxLength?: number } = {}) => (
    <TextInput
      label={label}
      withAsterisk={esRequerido(path)}
      {...props}
      {...form.getInputProps(path)}
    />
  );

  async function submit(values: NotaFormValues) {
    setServerError(null);
    const cambios = cambiosDeFormulario(detalle.contenido, values);
    if (Object.keys(cambios).length === 0) {
      setServerError(t('ecmr.sinCambios'));
      return;
    }
    try {
      const guardado = await editar.mutateAsync({
        documento_sha256: detalle.documento_sha256,
        cambios: cambios,
      });
      notifications.show({
        color: 'green',
        message:
          guardado.version > detalle.version
            ? t('ecmr.versionCreada', { version: guardado.version })
            : t('ecmr.guardado'),
      });
      onClose();
    } catch (error) {
      if (!isApiRequestError(error)) {
        setServerError(String(error));
        return;
      }
      const details = Array.isArray(error.details)
        ? (error.details as { path?: string; message?: string }[])
        : [];
      for (const d of details) {
        const campo = d.path ? campoDeDetalle(d.path) : null;
        if (campo && d.message) form.setFieldError(campo, d.message);
      }
      setServerError(error.message);
    }
  }

  return (
    <form
      onSubmit={form.onSubmit(submit, () => setServerError(t('ecmr.errores.revisar')))}
      noValidate
      aria-labelledby="ecmr-form-titulo"
    >
      <Stack gap="md">
        <Title order={2} size="h4" id="ecmr-form-titulo">
          {firmado ? t('ecmr.formTituloVersion') : t('ecmr.formTitulo')}
        </Title>
        <Alert color={firmado ? 'orange' : 'blue'} variant="light">
          {firmado ? t('ecmr.versionAviso') : t('ecmr.editableAviso')}
        </Alert>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {PARTES.map((p) => (
            <Fieldset key={p} legend={tituloCasilla(t, p)}>
              <Stack gap="xs">
                {texto(`${p}.nombre`, t('ecmr.campos.nombre'), { maxLength: 200 })}
                {texto(`${p}.cif`, t('ecmr.campos.cif'), { maxLength: 30 })}
                {texto(`${p}.direccion`, t('ecmr.campos.direccion'), { maxLength: 200 })}
                <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
                  {texto(`${p}.cp`, t('ecmr.campos.cp'), { maxLength: 20 })}
                  {texto(`${p}.poblacion`, t('ecmr.campos.poblacion'), { maxLength: 120 })}
                  {texto(`${p}.pais_iso`, t('ecmr.campos.pais_iso'), { maxLength: 2 })}
                </SimpleGrid>
              </Stack>
            </Fieldset>
          ))}
          {LUGARES.map((l) => (
            <Fieldset key={l} legend={tituloCasilla(t, l)}>
              <Stack gap="xs">
                {texto(`${l}.direccion`, t('ecmr.campos.direccion'), { maxLength: 200 })}
                <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
                  {texto(`${l}.cp`, t('ecmr.campos.cp'), { maxLength: 20 })}
                  {texto(`${l}.poblacion`, t('ecmr.campos.poblacion'), { maxLength: 120 })}
                  {texto(`${l}.pais_iso`, t('ecmr.campos.pais_iso'), { maxLength: 2 })}
                </SimpleGrid>
                <DateField
                  label={t('ecmr.campos.fecha')}
                  value={form.values[l].fecha}
                  onChange={(fecha) => form.setFieldValue(`${l}.fecha`, fecha)}
                />
              </Stack>
            </Fieldset>
          ))}
        </SimpleGrid>
        <Fieldset legend={tituloCasilla(t, 'mercancias')}>
          <Stack gap="sm">
            {form.values.mercancias.map((_, i) => (
              <SimpleGrid
                key={i}
                cols={{ base: 1, xs: 2, md: 3 }}
                spacing="xs"
                aria-label={t('ecmr.linea', { n: i + 1 })}
                role="group"
              >
                {texto(`mercancias.${i}.marcas`, t('ecmr.campos.marcas'), { maxLength: 200 })}
                <NumberInput
                  label={t('ecmr.campos.bultos')}
                  withAsterisk
                  min={0}
                  allowDecimal={false}
                  {...form.getInputProps(`mercancias.${i}.bultos`)}
                />
                {texto(`mercancias.${i}.embalaje`, t('ecmr.campos.embalaje'), { maxLength: 120 })}
                {texto(`mercancias.${i}.naturaleza`, t('ecmr.campos.naturaleza'), {
                  maxLength: 200,
                })}
                <NumberInput
                  label={t('ecmr.campos.peso_bruto_kg')}
                  withAsterisk
                  min={0}
                  decimalSeparator=","
                  {...form.getInputProps(`mercancias.${i}.peso_bruto_kg`)}
                />
                <NumberInput
                  label={t('ecmr.campos.volumen_m3')}
                  min={0}
                  decimalSeparator=","
                  {...form.getInputProps(`mercancias.${i}.volumen_m3`)}
                />
              </SimpleGrid>
            ))}
          </Stack>
        </Fieldset>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Fieldset legend={tituloCasilla(t, 'transportista')}>
            <Stack gap="xs">
              {texto('transportista.nombre', t('ecmr.campos.nombre'), { maxLength: 200 })}
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                {texto('transportista.matricula', t('ecmr.campos.matricula'), { maxLength: 20 })}
                {texto('transportista.conductor', t('ecmr.campos.conductor'), {
                  maxLength: 120,
                })}
              </SimpleGrid>
            </Stack>
          </Fieldset>
          <Fieldset legend={tituloCasilla(t, 'establecido_en')}>
            <Stack gap="xs">
              {texto('establecido_en.lugar', t('ecmr.campos.lugar'), { maxLength: 120 })}
              <DateField
                label={t('ecmr.campos.fecha')}
                value={form.values.establecido_en.fecha}
                onChange={(fecha) => form.setFieldValue('establecido_en.fecha', fecha)}
              />
            </Stack>
          </Fieldset>
          <Select
            label={tituloCasilla(t, 'forma_pago')}
            data={[
              { value: 'porte_pagado', label: t('ecmr.formaPago.porte_pagado') },
              { value: 'porte_debido', label: t('ecmr.formaPago.porte_debido') },
            ]}
            placeholder={t('ecmr.sinIndicar')}
            clearable
            {...form.getInputProps('forma_pago')}
          />
          {texto('reembolso', tituloCasilla(t, 'reembolso'), { maxLength: 120 })}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {TEXTOS.map((c) => (
            <Textarea
              key={c}
              label={tituloCasilla(t, c)}
              rows={3}
              maxLength={c === 'documentos_anexos' ? 500 : 2000}
              {...form.getInputProps(c)}
            />
          ))}
        </SimpleGrid>
        <FormFooter
          submitLabel={firmado ? t('ecmr.guardarVersion') : t('ecmr.guardar')}
          submitIcon={<IconDeviceFloppy size={16} aria-hidden />}
          pending={editar.isPending}
          error={serverError}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}
