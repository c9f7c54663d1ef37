import type { TotpEnrolment } from '@extranet/contracts/auth/totp';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../../../lib/api-client';
import {
  useConfirmTotp,
  useDisableTotp,
  useRegenerateRecoveryCodes,
  useStartTotp,
  useTotpStatus,
  totpStatusKey,
} from '../api/totp';
import { notifySuccess } from '../notify';
import { TotpCodeInput } from './totp-code-input';
import { TotpEnrolmentView } from './totp-enrolment-view';
import { TotpRecoveryCodesView } from './totp-recovery-codes';
import { ErrorAlert } from '../../../components/error-alert';

/**
 * Enrol (QR code and secret, confirmed with a first code, then the recovery codes once), ask
 * for new recovery codes, or disable with a code.
 */
export function TotpSettingsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useTotpStatus(true);
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const disable = useDisableTotp();
  const regenerate = useRegenerateRecoveryCodes();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | undefined>(undefined);
  // Recovery codes just issued (enrolment or a new set): shown once, until the dialog closes.
  const [codes, setCodes] = useState<string[] | undefined>(undefined);
  const [codigo, setCodigo] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);

  const messageOf = (err: unknown) => (isApiRequestError(err) ? err.message : t('totp.failed'));
  const refresh = () => queryClient.invalidateQueries({ queryKey: totpStatusKey });

  async function begin() {
    setError(undefined);
    try {
      setEnrolment(await start.mutateAsync());
    } catch (err) {
      setError(messageOf(err));
    }
  }

  async function submitCode(action: 'confirm' | 'disable' | 'regenerate') {
    setError(undefined);
    try {
      if (action === 'disable') {
        await disable.mutateAsync(codigo);
        notifySuccess(t('totp.disabled'));
      } else if (action === 'regenerate') {
        setCodes((await regenerate.mutateAsync(codigo)).codigos);
        notifySuccess(t('totp.regenerated'));
      } else {
        setCodes((await confirm.mutateAsync(codigo)).codigos);
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
  const required = status.data?.requerido === true;
  const askCode = codes === undefined && (enrolment !== undefined || active);
  // Enter does what the highlighted button does.
  const primary: 'confirm' | 'disable' | 'regenerate' = !active
    ? 'confirm'
    : required
      ? 'regenerate'
      : 'disable';

  return (
    <Modal opened onClose={onClose} title={t('totp.settingsTitle')} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (codigo.length === 6) void submitCode(primary);
        }}
      >
        <Stack gap="md">
          <Text size="sm">{active ? t('totp.statusOn') : t('totp.statusOff')}</Text>
          {active && required && <Text size="sm">{t('totp.requiredNote')}</Text>}
          {codes && <TotpRecoveryCodesView codes={codes} />}
          {active && !codes && (
            <Text size="sm">
              {t('totp.recoveryLeft', { count: status.data?.codigosRestantes ?? 0 })}{' '}
              {t('totp.regenerateHelp')}
            </Text>
          )}
          {!active && !enrolment && (
            <Button onClick={() => void begin()} loading={start.isPending}>
              {t('totp.enable')}
            </Button>
          )}
          {enrolment && <TotpEnrolmentView enrolment={enrolment} />}
          {askCode && <TotpCodeInput value={codigo} onChange={setCodigo} />}
          {error && <ErrorAlert compact>{error}</ErrorAlert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('totp.close')}
            </Button>
            {askCode && active && primary === 'disable' && (
              <Button
                variant="default"
                disabled={codigo.length !== 6}
                loading={regenerate.isPending}
                onClick={() => void submitCode('regenerate')}
              >
                {t('totp.regenerate')}
              </Button>
            )}
            {askCode && (
              <Button
                type="submit"
                color={primary === 'disable' ? 'red' : undefined}
                disabled={codigo.length !== 6}
                loading={
                  {
                    confirm: confirm.isPending,
                    disable: disable.isPending,
                    regenerate: regenerate.isPending,
                  }[primary]
                }
              >
                {primary === 'confirm'
                  ? t('totp.confirm')
                  : primary === 'disable'
                    ? t('totp.disable')
                    : t('totp.regenerate')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
