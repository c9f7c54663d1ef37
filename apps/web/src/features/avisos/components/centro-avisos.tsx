import type { Aviso, PreferenciaAviso } from '@extranet/contracts/avisos/aviso';
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Drawer,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Table,
  Tabs,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { formatDateTime } from '../../../lib/format';
import { useAvisos } from '../api/get-avisos';
import { useMarcarAvisoLeido, useMarcarAvisosLeidos } from '../api/marcar-avisos';
import { useGuardarPreferenciaAviso, usePreferenciasAvisos } from '../api/preferencias-avisos';
import { mensajeDeAviso } from '../mensaje-aviso';

export interface CentroAvisosProps {
  opened: boolean;
  onClose: () => void;
  pushPanel: ReactNode;
}

/** The notice centre: the user's notices and, on its second tab, the preferences. */
export function CentroAvisos({ opened, onClose, pushPanel }: CentroAvisosProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)', false);
  const [tab, setTab] = useState<string | null>('avisos');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'md'}
      title={t('avisos.titulo')}
      closeButtonProps={{ 'aria-label': t('avisos.cerrar') }}
    >
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List aria-label={t('avisos.titulo')} mb="md">
          <Tabs.Tab value="avisos">{t('avisos.tabAvisos')}</Tabs.Tab>
          <Tabs.Tab value="preferencias">{t('avisos.tabPreferencias')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="avisos">
          <ListaAvisos onNavigate={onClose} />
        </Tabs.Panel>
        <Tabs.Panel value="preferencias">
          <Stack gap="lg">
            {pushPanel}
            <PreferenciasAvisos />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Drawer>
  );
}

function ListaAvisos({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const [estado, setEstado] = useState<'todos' | 'no_leidos'>('todos');
  const avisos = useAvisos(estado);
  const marcar = useMarcarAvisoLeido();
  const marcarTodos = useMarcarAvisosLeidos();
  const items = avisos.data?.pages.flatMap((page) => page.items) ?? [];
  const hayNoLeidos = items.some((aviso) => !aviso.leido);

  function todosLeidos() {
    marcarTodos.mutate(undefined, {
      onSuccess: ({ marcados }) =>
        notifications.show({ color: 'green', message: t('avisos.marcados', { count: marcados }) }),
      onError: (error) => notifications.show({ color: 'red', message: error.message }),
    });
  }

  let lista;
  if (avisos.isPending) {
    lista = (
      <Group justify="center" p="md">
        <Loader size="sm" aria-label={t('avisos.cargando')} />
      </Group>
    );
  } else if (avisos.isError) {
    lista = (
      <ErrorAlert onRetry={() => void avisos.refetch()} retrying={avisos.isFetching}>
        {avisos.error.message}
      </ErrorAlert>
    );
  } else if (items.length === 0) {
    lista = (
      <Text c="dimmed" size="sm">
        {estado === 'no_leidos' ? t('avisos.vacioNoLeidos') : t('avisos.vacio')}
      </Text>
    );
  } else {
    lista = (
      <Stack gap={0} component="ul" aria-label={t('avisos.lista')} m={0} p={0}>
        {items.map((aviso) => (
          <AvisoItem
            key={aviso.id}
            aviso={aviso}
            marcando={marcar.isPending && marcar.variables === aviso.id}
            onMarcar={() =>
              marcar.mutate(aviso.id, {
                onError: (error) => notifications.show({ color: 'red', message: error.message }),
              })
            }
            onAbrir={() => {
              if (!aviso.leido) marcar.mutate(aviso.id);
              onNavigate();
            }}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <SegmentedControl
          size="sm"
          value={estado}
          onChange={(value) => setEstado(value === 'no_leidos' ? 'no_leidos' : 'todos')}
          aria-label={t('avisos.filtro')}
          data={[
            { value: 'todos', label: t('avisos.todos') },
            { value: 'no_leidos', label: t('avisos.noLeidos') },
          ]}
        />
        <Button
          size="sm"
          variant="default"
          onClick={todosLeidos}
          loading={marcarTodos.isPending}
          disabled={!hayNoLeidos}
        >
          {t('avisos.marcarTodos')}
        </Button>
      </Group>
      {lista}
      {avisos.hasNextPage && (
        <Button
          variant="subtle"
          onClick={() => void avisos.fetchNextPage()}
          loading={avisos.isFetchingNextPage}
        >
          {t('avisos.masAvisos')}
        </Button>
      )}
    </Stack>
  );
}

function AvisoItem({
  aviso,
  marcando,
  onMarcar,
  onAbrir,
}: {
  aviso: Aviso;
  marcando: boolean;
  onMarcar: () => void;
  onAbrir: () => void;
}) {
  const { t } = useTranslation();
  const mensaje = mensajeDeAviso(aviso, t);
  return (
    <Stack
      component="li"
      gap={4}
      py="sm"
      style={{
        listStyle: 'none',
        borderBottom: '1px solid var(--mantine-color-gray-3)',
      }}
    >
      <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
        <Text fw={aviso.leido ? 400 : 700} size="sm">
          {mensaje.titulo}
        </Text>
        {!aviso.leido && (
          <Badge color="blue" variant="light" size="sm" style={{ flexShrink: 0 }}>
            {t('avisos.sinLeer')}
          </Badge>
        )}
      </Group>
      <Text size="sm">{mensaje.texto}</Text>
      {/* The date alone: the title says what happened (the kind's long name repeated it). */}
      <Text size="xs" c="dimmed" component="time" dateTime={aviso.created_at}>
        {formatDateTime(aviso.created_at)}
      </Text>
      {/* As tall with or without "Marcar como leído", so read and unread notices line up. */}
      <Group gap="xs" mih={26}>
        <Anchor component={Link} to={aviso.url} size="sm" onClick={onAbrir}>
          {t('avisos.abrir')}
        </Anchor>
        {!aviso.leido && (
          <Button size="compact-sm" variant="subtle" loading={marcando} onClick={onMarcar}>
            {t('avisos.marcarLeido')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function PreferenciasAvisos() {
  const { t } = useTranslation();
  const preferencias = usePreferenciasAvisos();
  const guardar = useGuardarPreferenciaAviso();

  function cambiar(item: PreferenciaAviso) {
    guardar.mutate(item, {
      onSuccess: () =>
        notifications.show({ color: 'green', message: t('avisos.preferencias.guardadas') }),
      onError: (error) => notifications.show({ color: 'red', message: error.message }),
    });
  }

  if (preferencias.isPending) {
    return <Loader size="sm" aria-label={t('avisos.cargando')} />;
  }
  if (preferencias.isError) {
    return (
      <ErrorAlert onRetry={() => void preferencias.refetch()} retrying={preferencias.isFetching}>
        {preferencias.error.message}
      </ErrorAlert>
    );
  }
  return (
    <Stack gap="xs" component="section" aria-labelledby="avisos-preferencias-titulo">
      <Text id="avisos-preferencias-titulo" fw={600} size="sm">
        {t('avisos.preferencias.titulo')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('avisos.preferencias.explicacion')}
      </Text>
      <Table aria-labelledby="avisos-preferencias-titulo">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('avisos.preferencias.tipo')}</Table.Th>
            <Table.Th scope="col" ta="center">
              {t('avisos.preferencias.push')}
            </Table.Th>
            <Table.Th scope="col" ta="center">
              {t('avisos.preferencias.email')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preferencias.data.items.map((item) => {
            const nombre = t(`avisos.tipos.${item.tipo}`);
            return (
              <Table.Tr key={item.tipo}>
                <Table.Th scope="row" fw={400}>
                  {nombre}
                </Table.Th>
                <Table.Td>
                  <Group justify="center">
                    <Checkbox
                      checked={item.push}
                      aria-label={t('avisos.preferencias.pushDe', { tipo: nombre })}
                      onChange={(event) => cambiar({ ...item, push: event.currentTarget.checked })}
                    />
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group justify="center">
                    <Checkbox
                      checked={item.email}
                      aria-label={t('avisos.preferencias.emailDe', { tipo: nombre })}
                      onChange={(event) => cambiar({ ...item, email: event.currentTarget.checked })}
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
