import type { TotpEnrolment } from '@extranet/contracts/auth/totp';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../../../lib/api-client';
import { useConfirmTotp, useDisableTotp, useStartTotp, useTotpStatus } from '../api/totp';
import { notifySuccess } from '../notify';
import { TotpCodeInput } from './totp-code-input';
import { TotpEnrolmentView } from './totp-enrolment-view';

/** Enrol (QR code and secret, confirmed with a first code) or disable with a code. */
export function TotpSettingsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useTotpStatus(true);
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const disable = useDisableTotp();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | undefined>(undefined);
  const [codigo, setCodigo] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);

  const messageOf = (err: unknown) => (isApiRequestError(err) ? err.message : t('totp.failed'));
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['totp'] });

  async function begin() {
    setError(undefined);
    try {
      setEnrolment(await start.mutateAsync());
    } catch (err) {
      setError(messageOf(err));
    }
  }

  async function submitCode() {
    setError(undefined);
    try {
      if (status.data?.activo) {
        await disable.mutateAsync(codigo);
        notifySuccess(t('totp.disabled'));
      } else {
        await confirm.mutateAsync(codigo);
        notifySuccess(t('totp.enabled'));
        setEnrolment(undefined);
      }
      setCodigo('');
      await refresh();
    } catch (err) {
      setError(messageOf(err));
      setCodigo('');
    }
  }

  const active = status.data?.activo === true;
  const askCode = enrolment !== undefined || (active && !status.data?.requerido);

  return (
    <Modal opened onClose={onClose} title={t('totp.settingsTitle')} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (codigo.length === 6) void submitCode();
        }}
      >
        <Stack gap="md">
          <Text size="sm">{active ? t('totp.statusOn') : t('totp.statusOff')}</Text>
          {active && status.data?.requerido && <Text size="sm">{t('totp.requiredNote')}</Text>}
          {!active && !enrolment && (
            <Button onClick={() => void begin()} loading={start.isPending}>
              {t('totp.enable')}
            </Button>
          )}
          {enrolment && <TotpEnrolmentView enrolment={enrolment} />}
          {askCode && <TotpCodeInput value={codigo} onChange={setCodigo} />}
          {error && (
            <Alert color="red" variant="light" role="alert" p="xs">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('totp.close')}
            </Button>
            {askCode && (
              <Button
                type="submit"
                color={active ? 'red' : undefined}
                disabled={codigo.length !== 6}
                loading={confirm.isPending || disable.isPending}
              >
                {active ? t('totp.disable') : t('totp.confirm')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
