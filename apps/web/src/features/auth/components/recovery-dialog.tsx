import type { Region, RegionCode } from '@extranet/contracts/regiones/region';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../../../lib/api-client';
import type { Portal } from '../../../lib/portal';
import { useRecoverPassword } from '../api/recover-password';
import { notifyDanger, notifySuccess } from '../notify';
import { RegionSelect } from './region-select';

/** Spec §4, §9: the dialog closes 400 ms after a successful recovery request. */
export const RECOVERY_CLOSE_DELAY_MS = 400;
/** Spec §8, §9: the recovery failure notification stays 5 s. */
export const RECOVERY_FAILURE_AUTO_CLOSE_MS = 5000;

export interface RecoveryDialogProps {
  portal: Portal;
  opened: boolean;
  onClose: () => void;
  /** The e-mail typed in the login form, prefilled. */
  initialEmail: string;
  initialRegion: RegionCode;
  regions: Region[];
  /** Called once the e-mail went out: the saved password no longer holds (spec §4). */
  onSent: () => void;
}

/** "Recibir nueva contraseña" (spec §2): e-mail, Región when several, Cancelar and Enviar. */
export function RecoveryDialog(props: RecoveryDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('recovery.title')}
      centered
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {props.opened && <RecoveryForm {...props} />}
    </Modal>
  );
}

function RecoveryForm({
  portal,
  onClose,
  initialEmail,
  initialRegion,
  regions,
  onSent,
}: RecoveryDialogProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [region, setRegion] = useState<RegionCode>(initialRegion);
  const [sent, setSent] = useState(false);
  const recover = useRecoverPassword(portal);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  async function send() {
    const usuario = email.trim();
    try {
      const response = await recover.mutateAsync({ usuario, dregion: region });
      if (response.recoverEmailSent) {
        notifySuccess(t('recovery.sent', { email: usuario }));
        onSent();
        setSent(true);
        closeTimer.current = setTimeout(onClose, RECOVERY_CLOSE_DELAY_MS);
      } else {
        notifyDanger(t('recovery.notSent', { email: usuario }), RECOVERY_FAILURE_AUTO_CLOSE_MS);
      }
    } catch (error) {
      // Spec §8: errors of the application's type show their message; others are only logged.
      if (isApiRequestError(error)) notifyDanger(error.message);
      else console.error('Error al solicitar una nueva contraseña', error);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (email.trim() !== '' && !recover.isPending && !sent) void send();
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('recovery.intro')}
        </Text>
        <TextInput
          label={t('login.email')}
          type="email"
          autoComplete="username"
          required
          data-autofocus
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <RegionSelect regions={regions} value={region} onChange={setRegion} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('recovery.cancel')}
          </Button>
          <Button type="submit" disabled={email.trim() === '' || sent} loading={recover.isPending}>
            {t('recovery.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
