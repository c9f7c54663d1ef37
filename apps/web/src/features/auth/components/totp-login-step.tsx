import type { LoginResponse } from '@extranet/contracts/auth/login';
import type { TotpEnrolment } from '@extranet/contracts/auth/totp';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../../../lib/api-client';
import { enrolDuringLogin, verifyLoginCode } from '../api/totp';
import { TotpCodeInput } from './totp-code-input';
import { TotpEnrolmentView } from './totp-enrolment-view';

export interface TotpLoginStepProps {
  /** `codigo`: ask for the code; `alta`: enrol first (the portal requires it). */
  mode: 'codigo' | 'alta';
  /** The code was right: the session exists; the login continues as after a password. */
  onSignedIn: (response: LoginResponse) => void;
  /** Cancelled or expired: back to the e-mail and password. */
  onCancel: () => void;
}

/** The second login step (issue 7): a dialog asking for the authenticator code. */
export function TotpLoginStep({ mode, onSignedIn, onCancel }: TotpLoginStepProps) {
  const { t } = useTranslation();
  const [codigo, setCodigo] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | undefined>(undefined);

  useEffect(() => {
    if (mode !== 'alta') return;
    enrolDuringLogin().then(setEnrolment, (err: unknown) =>
      setError(isApiRequestError(err) ? err.message : t('totp.failed')),
    );
  }, [mode, t]);

  async function submit() {
    setBusy(true);
    setError(undefined);
    try {
      onSignedIn(await verifyLoginCode(codigo));
    } catch (err) {
      if (isApiRequestError(err) && err.code === 'TOTP_PENDING_EXPIRED') {
        onCancel();
      }
      setError(isApiRequestError(err) ? err.message : t('totp.failed'));
      setCodigo('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened onClose={onCancel} title={t('totp.loginTitle')} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (codigo.length === 6 && !busy) void submit();
        }}
      >
        <Stack gap="md">
          {mode === 'alta' ? (
            <>
              <Text size="sm">{t('totp.requiredIntro')}</Text>
              {enrolment && <TotpEnrolmentView enrolment={enrolment} />}
            </>
          ) : (
            <Text size="sm">{t('totp.loginIntro')}</Text>
          )}
          <TotpCodeInput value={codigo} onChange={setCodigo} />
          {error && (
            <Alert color="red" variant="light" role="alert" p="xs">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('totp.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={codigo.length !== 6}>
              {t('totp.verify')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
