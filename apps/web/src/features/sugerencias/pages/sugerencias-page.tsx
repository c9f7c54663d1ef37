import { ASUNTO_MAX, TEXTO_MAX, TEXTO_MIN } from '@extranet/contracts/sugerencias/limits';
import { Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/paged-list';
import { FormWithHistory } from '../../../components/form-with-history';
import { FormFooter } from '../../../components/form-footer';
import { formatDateTime } from '../../../lib/format';
import { useCrearSugerencia } from '../api/crear-sugerencia';
import { useSugerencias } from '../api/get-sugerencias';

interface SugerenciaValues {
  asunto: string;
  texto: string;
}

function SugerenciasList() {
  const { t } = useTranslation();
  return (
    <PagedList
      query={useSugerencias()}
      label={t('sugerencias.historial')}
      emptyMessage={t('sugerencias.sinSugerencias')}
      moreLabel={t('sugerencias.verMas')}
      skeletons={[80]}
      renderItem={(s) => (
        <Paper key={s.id} withBorder p="sm" radius="md" component="li">
          <Text size="xs" c="gray.7">
            <time dateTime={s.created_at}>{formatDateTime(s.created_at)}</time>
          </Text>
          {s.asunto && <Text fw={600}>{s.asunto}</Text>}
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{s.texto}</Text>
        </Paper>
      )}
    />
  );
}

/** The suggestion form, validated with the contract's bounds. */
function SugerenciaForm() {
  const { t } = useTranslation();
  const crear = useCrearSugerencia();
  const form = useForm<SugerenciaValues>({
    initialValues: { asunto: '', texto: '' },
    validate: {
      asunto: (value) =>
        value.trim().length > ASUNTO_MAX ? t('sugerencias.errores.asuntoLargo') : null,
      texto: (value) => {
        const length = value.trim().length;
        if (length < TEXTO_MIN) return t('sugerencias.errores.textoCorto');
        if (length > TEXTO_MAX) return t('sugerencias.errores.textoLargo');
        return null;
      },
    },
  });
  const count = form.values.texto.length;

  return (
    <form
      noValidate
      aria-label={t('routes.cliente-sugerencias.title')}
      onSubmit={form.onSubmit((values) =>
        crear.mutate(
          { asunto: values.asunto.trim() || null, texto: values.texto.trim() },
          {
            onSuccess: () => {
              notifications.show({ color: 'green', message: t('sugerencias.enviada') });
              form.reset();
            },
          },
        ),
      )}
    >
      <Stack gap="sm" maw={720}>
        <TextInput
          label={t('sugerencias.asunto')}
          maxLength={ASUNTO_MAX}
          {...form.getInputProps('asunto')}
        />
        <Textarea
          label={t('sugerencias.texto')}
          required
          rows={6}
          maxLength={TEXTO_MAX}
          description={
            <span aria-live="polite">{t('sugerencias.contador', { count, max: TEXTO_MAX })}</span>
          }
          {...form.getInputProps('texto')}
        />
        <FormFooter
          submitLabel={t('sugerencias.enviar')}
          pending={crear.isPending}
          error={crear.error?.message}
        />
      </Stack>
    </form>
  );
}

/** Customer suggestions (/clientes/sugerencias): a form and what this client sent. */
export function SugerenciasPage() {
  const { t } = useTranslation();
  return (
    <FormWithHistory
      title={t('routes.cliente-sugerencias.title')}
      intro={t('sugerencias.intro')}
      form={<SugerenciaForm />}
      historyTitle={t('sugerencias.historial')}
      historyId="sugerencias-historial"
      history={<SugerenciasList />}
    />
  );
}
