import type { LoginResponse } from '@extranet/contracts/auth/login';
import type { TotpEnrolment } from '@extranet/contracts/auth/totp';
import { Anchor, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../../../lib/api-client';
import { enrolDuringLogin, verifyLoginCode, verifyLoginRecoveryCode } from '../api/totp';
import { TotpCodeInput } from './totp-code-input';
import { TotpEnrolmentView } from './totp-enrolment-view';
import { TotpRecoveryCodesView } from './totp-recovery-codes';
import { ErrorAlert } from '../../../components/error-alert';

export interface TotpLoginStepProps {
  /** `codigo`: ask for the code; `alta`: enrol first (the portal requires it). */
  mode: 'codigo' | 'alta';
  /** The code was right: the session exists; the login continues as after a password. */
  onSignedIn: (response: LoginResponse) => void;
  /** Cancelled or expired: back to the e-mail and password. */
  onCancel: () => void;
}

/** Letters and digits typed of a recovery code (separators do not count). */
const recoveryLength = (value: string) => value.replace(/[^0-9a-z]/gi, '').length;

/**
 * The second login step (issue 7): a dialog asking for the authenticator code, or one of the
 * recovery codes instead. After an enrolment the new recovery codes are shown before going on.
 */
export function TotpLoginStep({ mode, onSignedIn, onCancel }: TotpLoginStepProps) {
  const { t } = useTranslation();
  const [codigo, setCodigo] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | undefined>(undefined);
  // Signed in by the enrolment's first code: its recovery codes are shown once, then on.
  const [enrolled, setEnrolled] = useState<LoginResponse | undefined>(undefined);

  useEffect(() => {
    if (mode !== 'alta') return;
    enrolDuringLogin().then(setEnrolment, (err: unknown) =>
      setError(isApiRequestError(err) ? err.message : t('totp.failed')),
    );
  }, [mode, t]);

  const ready = useRecovery ? recoveryLength(codigo) >= 10 : codigo.length === 6;

  async function submit() {
    setBusy(true);
    setError(undefined);
    try {
      const response = useRecovery
        ? await verifyLoginRecoveryCode(codigo)
        : await verifyLoginCode(codigo);
      if (response.codigosRecuperacion?.length) setEnrolled(response);
      else onSignedIn(response);
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

  function switchMode() {
    setUseRecovery((current) => !current);
    setCodigo('');
    setError(undefined);
  }

  if (enrolled) {
    // The session exists: closing the dialog goes on into the portal as well.
    const proceed = () => onSignedIn(enrolled);
    return (
      <Modal opened onClose={proceed} title={t('totp.loginTitle')} centered>
        <Stack gap="md">
          <TotpRecoveryCodesView codes={enrolled.codigosRecuperacion ?? []} />
          <Group justify="flex-end">
            <Button onClick={proceed} data-autofocus>
              {t('totp.continue')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  return (
    <Modal opened onClose={onCancel} title={t('totp.loginTitle')} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (ready && !busy) void submit();
        }}
      >
        <Stack gap="md">
          {mode === 'alta' ? (
            <>
              <Text size="sm">{t('totp.requiredIntro')}</Text>
              {enrolment && <TotpEnrolmentView enrolment={enrolment} />}
            </>
          ) : (
            <Text size="sm">
              {useRecovery ? t('totp.recoveryLoginIntro') : t('totp.loginIntro')}
            </Text>
          )}
          {useRecovery ? (
            <TextInput
              label={t('totp.recoveryCode')}
              description={t('totp.recoveryCodeHelp')}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={20}
              required
              data-autofocus
              value={codigo}
              onChange={(event) => setCodigo(event.currentTarget.value)}
            />
          ) : (
            <TotpCodeInput value={codigo} onChange={setCodigo} />
          )}
          {/* Recovery codes exist only once the factor is enrolled. */}
          {mode === 'codigo' && (
            <Anchor component="button" type="button" size="sm" onClick={switchMode}>
              {useRecovery ? t('totp.useApp') : t('totp.useRecovery')}
            </Anchor>
          )}
          {error && <ErrorAlert compact>{error}</ErrorAlert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('totp.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={!ready}>
              {t('totp.verify')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
