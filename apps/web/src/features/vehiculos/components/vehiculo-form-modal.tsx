import {
  MATRICULA_MAX,
  MATRICULA_MIN,
  MATRICULA_PATTERN,
  MAX_CAPACIDAD_KG,
  MAX_CONDUCTOR_NOMBRE,
  MAX_CONDUCTOR_TELEFONO,
  MAX_PALETS,
  TELEFONO_PATTERN,
  TIPOS_VEHICULO,
  tipoVehiculoLabels,
} from '@extranet/contracts/vehiculos/constants';
import type {
  TipoVehiculo,
  Vehiculo,
  VehiculoCrear,
  VehiculoEditar,
} from '@extranet/contracts/vehiculos/vehiculo';
import { Checkbox, Modal, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-range-filter';
import { FormFooter } from '../../../components/form-footer';
import { isApiRequestError } from '../../../lib/api-client';
import { useDialogError } from '../../../lib/use-dialog-error';
import { useCrearVehiculo } from '../api/crear-vehiculo';
import { useEditarVehiculo } from '../api/editar-vehiculo';

/** The form's fields; numbers are '' while empty (Mantine NumberInput). */
export interface VehiculoFormValues {
  matricula: string;
  tipo: string | null;
  capacidad_kg: number | string;
  palets: number | string;
  conductor_nombre: string;
  conductor_telefono: string;
  disponible: boolean;
  disponible_desde: string | null;
  disponible_hasta: string | null;
}

const EMPTY: VehiculoFormValues = {
  matricula: '',
  tipo: null,
  capacidad_kg: '',
  palets: '',
  conductor_nombre: '',
  conductor_telefono: '',
  disponible: true,
  disponible_desde: null,
  disponible_hasta: null,
};

function fromVehiculo(v: Vehiculo): VehiculoFormValues {
  return {
    matricula: v.matricula,
    tipo: v.tipo,
    capacidad_kg: v.capacidad_kg,
    palets: v.palets,
    conductor_nombre: v.conductor_nombre ?? '',
    conductor_telefono: v.conductor_telefono ?? '',
    disponible: v.disponible,
    disponible_desde: v.disponible_desde,
    disponible_hasta: v.disponible_hasta,
  };
}

const isInt = (value: number | string): value is number =>
  typeof value === 'number' && Number.isInteger(value);

/** Spanish validation mirroring the server's (contracts/vehiculos/vehiculo.ts). */
export function validateVehiculo(
  values: VehiculoFormValues,
  t: (key: string) => string,
): Partial<Record<keyof VehiculoFormValues, string>> {
  const errors: Partial<Record<keyof VehiculoFormValues, string>> = {};
  const matricula = values.matricula.trim();
  if (!matricula) errors.matricula = t('vehiculos.form.matriculaRequerida');
  else if (matricula.length < MATRICULA_MIN) errors.matricula = t('vehiculos.form.matriculaCorta');
  else if (matricula.length > MATRICULA_MAX) errors.matricula = t('vehiculos.form.matriculaLarga');
  else if (!MATRICULA_PATTERN.test(matricula))
    errors.matricula = t('vehiculos.form.matriculaCaracteres');
  if (!values.tipo) errors.tipo = t('vehiculos.form.tipoRequerido');
  const { capacidad_kg: capacidad, palets } = values;
  if (!isInt(capacidad) || capacidad < 1 || capacidad > MAX_CAPACIDAD_KG)
    errors.capacidad_kg = t('vehiculos.form.capacidadError');
  if (!isInt(palets) || palets < 0 || palets > MAX_PALETS)
    errors.palets = t('vehiculos.form.paletsError');
  if (values.conductor_nombre.trim().length > MAX_CONDUCTOR_NOMBRE)
    errors.conductor_nombre = t('vehiculos.form.conductorLargo');
  const telefono = values.conductor_telefono.trim();
  if (telefono && (telefono.length > MAX_CONDUCTOR_TELEFONO || !TELEFONO_PATTERN.test(telefono)))
    errors.conductor_telefono = t('vehiculos.form.telefonoError');
  if (
    values.disponible_desde &&
    values.disponible_hasta &&
    values.disponible_desde > values.disponible_hasta
  )
    errors.disponible_hasta = t('vehiculos.form.fechas');
  return errors;
}

/** The create body from valid form values. */
function toCrear(values: VehiculoFormValues): VehiculoCrear {
  return {
    matricula: values.matricula.trim(),
    tipo: values.tipo as TipoVehiculo,
    capacidad_kg: Number(values.capacidad_kg),
    palets: Number(values.palets),
    conductor_nombre: values.conductor_nombre.trim() || null,
    conductor_telefono: values.conductor_telefono.trim() || null,
    disponible: values.disponible,
    disponible_desde: values.disponible_desde,
    disponible_hasta: values.disponible_hasta,
  };
}

export interface VehiculoFormModalProps {
  /** Whether the dialog is open. */
  opened: boolean;
  /** The vehicle to edit; a new one when undefined. */
  vehiculo?: Vehiculo;
  /** Closes the dialog (after success, Cancelar or Esc). */
  onClose: () => void;
}

/** "Nuevo vehículo" / "Editar": the vehicle form, validated in Spanish like the server. */
export function VehiculoFormModal({ opened, vehiculo, onClose }: VehiculoFormModalProps) {
  const { t } = useTranslation();
  const crear = useCrearVehiculo();
  const editar = useEditarVehiculo();
  const [serverError, setServerError] = useDialogError(vehiculo ?? opened);
  const closeDialog = () => {
    setServerError(null);
    onClose();
  };
  const form = useForm<VehiculoFormValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: (values) => validateVehiculo(values, t),
  });

  useEffect(() => {
    if (!opened) return;
    const values = vehiculo ? fromVehiculo(vehiculo) : EMPTY;
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, vehiculo]);

  async function submit(values: VehiculoFormValues) {
    setServerError(null);
    const body = toCrear(values);
    try {
      if (!vehiculo) {
        const created = await crear.mutateAsync(body);
        notifications.show({
          color: 'green',
          message: t('vehiculos.creado', { matricula: created.matricula }),
        });
      } else {
        // Only the fields that change (PATCH).
        const changes: VehiculoEditar = {};
        const before = toCrear(fromVehiculo(vehiculo));
        for (const key of Object.keys(body) as (keyof VehiculoCrear)[]) {
          if (body[key] !== before[key]) Object.assign(changes, { [key]: body[key] });
        }
        if (Object.keys(changes).length === 0) {
          setServerError(t('vehiculos.form.sinCambios'));
          return;
        }
        const saved = await editar.mutateAsync({ id: vehiculo.id, body: changes });
        notifications.show({
          color: 'green',
          message: t('vehiculos.editado', { matricula: saved.matricula }),
        });
      }
      onClose();
    } catch (error) {
      setServerError(isApiRequestError(error) ? error.message : String(error));
    }
  }

  const tipos = TIPOS_VEHICULO.map((tipo) => ({ value: tipo, label: tipoVehiculoLabels[tipo] }));

  return (
    <Modal
      opened={opened}
      onClose={closeDialog}
      title={
        vehiculo
          ? t('vehiculos.form.titleEdit', { matricula: vehiculo.matricula })
          : t('vehiculos.form.titleNew')
      }
      size="lg"
    >
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
            <TextInput
              label={t('vehiculos.form.matricula')}
              required
              maxLength={20}
              autoComplete="off"
              data-autofocus
              {...form.getInputProps('matricula')}
            />
            <Select
              label={t('vehiculos.form.tipo')}
              required
              data={tipos}
              allowDeselect={false}
              {...form.getInputProps('tipo')}
            />
            <NumberInput
              label={t('vehiculos.form.capacidad')}
              required
              min={1}
              max={MAX_CAPACIDAD_KG}
              thousandSeparator="."
              decimalSeparator=","
              allowDecimal={false}
              allowNegative={false}
              hideControls
              {...form.getInputProps('capacidad_kg')}
            />
            <NumberInput
              label={t('vehiculos.form.palets')}
              required
              min={0}
              max={MAX_PALETS}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('palets')}
            />
            <TextInput
              label={t('vehiculos.form.conductor')}
              maxLength={MAX_CONDUCTOR_NOMBRE}
              autoComplete="off"
              {...form.getInputProps('conductor_nombre')}
            />
            <TextInput
              label={t('vehiculos.form.telefono')}
              type="tel"
              maxLength={MAX_CONDUCTOR_TELEFONO}
              autoComplete="off"
              {...form.getInputProps('conductor_telefono')}
            />
            <DateField
              label={t('vehiculos.form.desde')}
              value={form.values.disponible_desde}
              onChange={(value) => form.setFieldValue('disponible_desde', value)}
              error={form.errors.disponible_desde as string | undefined}
            />
            <DateField
              label={t('vehiculos.form.hasta')}
              value={form.values.disponible_hasta}
              onChange={(value) => form.setFieldValue('disponible_hasta', value)}
              error={form.errors.disponible_hasta as string | undefined}
            />
          </SimpleGrid>
          <Checkbox
            label={t('vehiculos.form.disponible')}
            {...form.getInputProps('disponible', { type: 'checkbox' })}
          />
          <FormFooter
            submitLabel={vehiculo ? t('vehiculos.form.guardar') : t('vehiculos.form.crear')}
            pending={crear.isPending || editar.isPending}
            error={serverError}
            onCancel={closeDialog}
          />
        </Stack>
      </form>
    </Modal>
  );
}
