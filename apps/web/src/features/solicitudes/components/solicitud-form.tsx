import {
  Fieldset,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  MAX_BULTOS_SOLICITUD,
  MAX_DIAS_ANTELACION_SOLICITUD,
  MAX_PESO_SOLICITUD_KG,
  PAISES_SOLICITUD,
} from '@extranet/contracts/solicitudes/limits';
import { TIPOS_VEHICULO } from '@extranet/contracts/vehiculos/constants';
import { IconSend } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-range-filter';
import { FormFooter } from '../../../components/form-footer';
import { isApiRequestError } from '../../../lib/api-client';
import { countryName } from '../../../lib/format';
import { useCrearSolicitud } from '../api/crear-solicitud';
import { useSolicitudes } from '../api/get-solicitudes';
import {
  hoy,
  serverFieldErrors,
  solicitudInicial,
  toSolicitudCrear,
  validateSolicitud,
  type SolicitudFormValues,
} from '../validation';

/** The transport request form ("Solicitar Transporte"), validated like the server does. */
export function SolicitudForm() {
  const { t } = useTranslation();
  const crear = useCrearSolicitud();
  const [serverError, setServerError] = useState<string | null>(null);
  const today = hoy();
  const form = useForm<SolicitudFormValues>({
    initialValues: solicitudInicial(today),
    validate: (values) => validateSolicitud(values, t),
    validateInputOnBlur: true,
  });
  // The latest request (the history below shares this query) fills the origin once, while the
  // form is untouched; "reset" after sending goes back to it.
  const ultima = useSolicitudes().data?.pages[0]?.items[0];
  const prefilled = useRef(false);
  const { isDirty, setInitialValues, setValues } = form;
  useEffect(() => {
    if (!ultima || prefilled.current) return;
    prefilled.current = true;
    if (isDirty()) return;
    const values = solicitudInicial(today, ultima);
    setInitialValues(values);
    setValues(values);
  }, [ultima, today, isDirty, setInitialValues, setValues]);
  const maxCarga = dayjs(today).add(MAX_DIAS_ANTELACION_SOLICITUD, 'day').format('YYYY-MM-DD');

  const paises = useMemo(
    () =>
      Object.keys(PAISES_SOLICITUD)
        .map((code) => ({ value: code, label: countryName(code) }))
        .sort((a, b) => a.label.localeCompare(b.label, 'es')),
    [],
  );
  const tipos = useMemo(
    () =>
      TIPOS_VEHICULO.map((tipo) => ({
        value: tipo,
        label: t(`solicitudes.tiposVehiculo.${tipo}`),
      })),
    [t],
  );

  const submit = form.onSubmit((values) => {
    setServerError(null);
    crear.mutate(toSolicitudCrear(values), {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('solicitudes.enviada') });
        form.reset();
      },
      onError: (error) => {
        const fieldErrors = isApiRequestError(error) ? serverFieldErrors(error.details) : {};
        if (Object.keys(fieldErrors).length > 0) {
          form.setErrors(fieldErrors);
          setServerError(t('solicitudes.revise'));
        } else {
          setServerError(error.message);
        }
      },
    });
  });

  const lugar = (lado: 'origen' | 'destino') => (
    <Fieldset legend={t(`solicitudes.${lado}`)} radius="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('solicitudes.poblacion')}
          required
          maxLength={80}
          {...form.getInputProps(`${lado}_poblacion`)}
        />
        <TextInput
          label={t('solicitudes.direccion')}
          maxLength={120}
          {...form.getInputProps(`${lado}_direccion`)}
        />
        <TextInput
          label={t('solicitudes.cp')}
          required
          maxLength={10}
          autoComplete="postal-code"
          {...form.getInputProps(`${lado}_cp`)}
        />
        <Select
          label={t('solicitudes.pais')}
          required
          data={paises}
          searchable
          allowDeselect={false}
          {...form.getInputProps(`${lado}_pais_iso`)}
        />
      </SimpleGrid>
    </Fieldset>
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('routes.cliente-solicitar-transporte.title')}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {lugar('origen')}
          {lugar('destino')}
        </SimpleGrid>
        <Fieldset legend={t('solicitudes.fechas')} radius="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <DateField
              label={t('solicitudes.fechaCarga')}
              value={form.values.fecha_carga}
              onChange={(value) => form.setFieldValue('fecha_carga', value)}
              error={form.errors.fecha_carga as string | undefined}
              minDate={today}
              maxDate={maxCarga}
              required
            />
            <DateField
              label={t('solicitudes.fechaEntrega')}
              value={form.values.fecha_entrega}
              onChange={(value) => form.setFieldValue('fecha_entrega', value)}
              error={form.errors.fecha_entrega as string | undefined}
              minDate={form.values.fecha_carga ?? today}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('solicitudes.mercanciaTitulo')} radius="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
            <TextInput
              label={t('solicitudes.mercancia')}
              placeholder={t('solicitudes.mercanciaPlaceholder')}
              required
              maxLength={200}
              {...form.getInputProps('mercancia')}
            />
            <NumberInput
              label={t('solicitudes.bultos')}
              required
              min={1}
              max={MAX_BULTOS_SOLICITUD}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('bultos')}
            />
            <NumberInput
              label={t('solicitudes.peso')}
              required
              min={1}
              max={MAX_PESO_SOLICITUD_KG}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator="."
              decimalSeparator=","
              {...form.getInputProps('peso_kg')}
            />
            <Select
              label={t('solicitudes.tipoVehiculo')}
              placeholder={t('solicitudes.tipoVehiculoPlaceholder')}
              data={tipos}
              clearable
              {...form.getInputProps('tipo_vehiculo')}
            />
          </SimpleGrid>
          <Textarea
            mt="sm"
            label={t('solicitudes.observaciones')}
            rows={3}
            maxLength={1000}
            {...form.getInputProps('observaciones')}
          />
        </Fieldset>
        <FormFooter
          submitLabel={t('solicitudes.enviar')}
          submitIcon={<IconSend size={18} aria-hidden />}
          pending={crear.isPending}
          error={serverError}
        />
      </Stack>
    </form>
  );
}
