import {
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { PorteEstadoBadge } from '../../../components/porte-estado-badge';
import { formatDate } from '../../../lib/format';
import { useSearchTracking } from '../api/search-tracking';

export interface TrackingBusquedaProps {
  /** The search in the URL (`?q=`). */
  q: string;
  /** Called with the new search when the form is submitted. */
  onSearch: (q: string) => void;
  /** Link to the tracking of `partida` (keeps the access-link suffix). */
  hrefFor: (partida: string) => string;
  /** Partida being shown, highlighted in the results. */
  selected?: string;
}

/** Search by partida or the customer's reference, with its results as links. */
export function TrackingBusqueda({ q, onSearch, hrefFor, selected }: TrackingBusquedaProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(q);
  // A new search in the URL (back button, a link) replaces what is typed.
  const [prevQ, setPrevQ] = useState(q);
  if (q !== prevQ) {
    setPrevQ(q);
    setText(q);
  }
  const search = useSearchTracking(q);
  const results = search.data ?? [];

  return (
    <Stack gap="sm">
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(text.trim());
        }}
      >
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label={t('tracking.buscar')}
            placeholder={t('tracking.buscarPlaceholder')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
            style={{ flex: 1 }}
            type="search"
            maxLength={64}
          />
          <Button type="submit">{t('tracking.buscarBoton')}</Button>
        </Group>
      </form>
      {q !== '' && (
        <section aria-label={t('tracking.resultados')}>
          {search.isPending ? (
            <Group gap="xs" role="status">
              <Loader size="sm" aria-hidden />
              <Text size="sm">{t('tracking.buscando')}</Text>
            </Group>
          ) : search.isError ? (
            <ErrorAlert onRetry={() => void search.refetch()} retrying={search.isFetching}>
              {search.error.message}
            </ErrorAlert>
          ) : results.length === 0 ? (
            <Text size="sm" c="gray.7" role="status">
              {t('tracking.sinResultados', { q })}
            </Text>
          ) : (
            <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              <Text size="sm" c="gray.7" role="status">
                {t('tracking.numResultados', { count: results.length })}
              </Text>
              {results.map((porte) => (
                <li key={porte.partida}>
                  <UnstyledButton
                    component={Link}
                    to={hrefFor(porte.partida)}
                    aria-current={porte.partida === selected ? 'true' : undefined}
                    w="100%"
                  >
                    <Paper
                      withBorder
                      p="xs"
                      radius="sm"
                      bg={porte.partida === selected ? 'blue.0' : undefined}
                    >
                      <Group justify="space-between" gap="xs" wrap="wrap">
                        <Text fw={600} size="sm">
                          {porte.partida}
                          {porte.ref_cliente ? ` · ${porte.ref_cliente}` : ''}
                        </Text>
                        <PorteEstadoBadge estado={porte.estado} />
                      </Group>
                      <Text size="sm" c="gray.7">
                        {porte.origen_poblacion} → {porte.destino_poblacion} ·{' '}
                        {formatDate(porte.fecha_carga_prevista)}
                      </Text>
                    </Paper>
                  </UnstyledButton>
                </li>
              ))}
            </Stack>
          )}
        </section>
      )}
    </Stack>
  );
}
