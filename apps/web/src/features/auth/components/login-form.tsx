import type { ClienteResumen, LoginRequest, LoginResponse } from '@extranet/contracts/auth/login';
import type { RegionCode } from '@extranet/contracts/regiones/region';
import { ActionIcon, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useField } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { loadAllTexts } from '../../../i18n';
import { isApiRequestError } from '../../../lib/api-client';
import { regionOptions } from '../../../lib/initial-data';
import type { Portal } from '../../../lib/portal';
import { clearSavedLogin, readSavedLogin, saveSavedLogin } from '../../../lib/storage';
import { useChooseCompany } from '../api/choose-company';
import { useLogin } from '../api/login';
import { getAuthSession } from '../api/session-check';
import { updateMenu } from '../api/update-menu';
import { defaultRegion } from '../default-region';
import { takeAfterLogin } from '../landing';
import { handOverMenus } from '../login-handoff';
import { notifyDanger } from '../notify';
import { useOpenPortal } from '../use-open-portal';
import { RegionSelect } from './region-select';
import { ErrorAlert } from '../../../components/error-alert';

// Issue 7, size budget: the dialogs (Modal, table, zod for the recovery call) load on first use,
// with the texts beyond the first screen's.
const RecoveryDialog = lazy(async () => {
  const [module] = await Promise.all([import('./recovery-dialog'), loadAllTexts()]);
  return { default: module.RecoveryDialog };
});
const TotpLoginStep = lazy(async () => {
  const [module] = await Promise.all([import('./totp-login-step'), loadAllTexts()]);
  return { default: module.TotpLoginStep };
});
const CompanySelectionDialog = lazy(async () => {
  const [module] = await Promise.all([import('./company-selection-dialog'), loadAllTexts()]);
  return { default: module.CompanySelectionDialog };
});

/** What a masked saved password looks like; the browser holds no password at all. */
const SAVED_PASSWORD_MASK = '••••••••';

export interface LoginFormProps {
  /** Which portal's login this is: endpoints, messages, storage keys and landing page. */
  portal: Portal;
}

interface LoginValues {
  usuario: string;
  clave: string;
  dregion: RegionCode;
}

/**
 * The login form of spec §2 with the flows of spec §4 and the messages of spec §8: e-mail,
 * password (or the saved one), region when several, Login, "Recibir nueva contraseña", and the
 * mandatory company selection after a login with several companies.
 */
export function LoginForm({ portal }: LoginFormProps) {
  const { t } = useTranslation();
  const openPortal = useOpenPortal();
  const regions = useMemo(() => regionOptions(), []);
  const [saved, setSaved] = useState(() => readSavedLogin(portal));
  const savedMode = saved?.remembered === true;
  const [formInvalid, setFormInvalid] = useState(false);
  const [recoveryOpen, setRecoveryOpen] = useState(false);
  // Stays mounted once opened, so the dialog can animate out and give the focus back.
  const [recoveryUsed, setRecoveryUsed] = useState(false);
  const [companies, setCompanies] = useState<ClienteResumen[] | undefined>(undefined);
  // Password right, authenticator code due (issue 7): the second step's dialog.
  const [secondStep, setSecondStep] = useState<
    { mode: 'codigo' | 'alta'; email: string } | undefined
  >(undefined);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const loginMutation = useLogin(portal);
  const chooseMutation = useChooseCompany(portal);

  // Issue 14 point 3: signed in, company not chosen yet (a reload during the mandatory choice,
  // or a portal page that sent the user here): the same dialog again, with the server's list.
  useEffect(() => {
    const controller = new AbortController();
    void (async () => {
      try {
        const session = await getAuthSession(controller.signal);
        const samePortal = portal === 'proveedores' ? session.supplier : session.client;
        if (session.success === 1 && samePortal && session.pendingChoice) {
          setCompanies((shown) => shown ?? session.pendingChoice);
        }
      } catch (error) {
        if (!controller.signal.aborted) console.warn('No se ha podido comprobar la sesión', error);
      }
    })();
    return () => controller.abort();
  }, [portal]);

  // @mantine/form's field hook rather than its whole form (issue 7: 5 KiB less on the entry).
  // Spec §5: each field must pass its own HTML5 validity check (type=email, required).
  const usuarioField = useField({
    initialValue: saved?.usuario ?? '',
    validate: () => (emailRef.current?.validity.valid === false ? t('login.invalidEmail') : null),
  });
  const claveField = useField({
    initialValue: '',
    validate: () =>
      passwordRef.current?.validity.valid === false ? t('login.passwordRequired') : null,
  });
  const dregionField = useField<RegionCode>({ initialValue: defaultRegion(regions) });
  const usuario = usuarioField.getValue();
  const clave = claveField.getValue();
  const dregion = dregionField.getValue();
  const canSubmit = usuario.trim() !== '' && (savedMode || clave !== '');

  function forgetSavedPassword() {
    clearSavedLogin(portal);
    setSaved(undefined);
  }

  function goToLanding() {
    openPortal(takeAfterLogin(portal));
  }

  async function signIn(values: LoginValues) {
    setFormInvalid(false);
    const email = values.usuario.trim();
    const request: LoginRequest = savedMode
      ? // The server uses its HttpOnly remember-token cookie instead of a password.
        { usuario: email, clave: '', dregion: values.dregion, remembered: true }
      : { usuario: email, clave: values.clave, dregion: values.dregion, remembered: false };
    let response;
    try {
      response = await loginMutation.mutateAsync(request);
    } catch (error) {
      if (!isApiRequestError(error)) {
        console.error('Error al hacer login', error);
        return;
      }
      if (error.code === 'INVALID_CREDENTIALS') {
        // A remember token the server no longer accepts is useless: back to the password.
        if (savedMode) forgetSavedPassword();
        notifyDanger(t('login.failed', { email }));
      } else if (error.code === 'NO_CLIENTS' || error.code === 'NO_SUPPLIERS') {
        notifyDanger(error.code === 'NO_CLIENTS' ? t('login.noClients') : t('login.noSuppliers'));
      } else {
        // TOO_MANY_ATTEMPTS, timeouts…: the server's (or the client's) Spanish message.
        notifyDanger(error.message);
      }
      return;
    }

    if (response.segundoFactor) {
      setSecondStep({ mode: response.segundoFactor, email });
      return;
    }
    if (response.success !== 1) {
      notifyDanger(t('login.failed', { email }));
      return;
    }
    continueSignedIn(response, email);
  }

  /** After the password (and the code when one is due): companies, saved login, landing. */
  function continueSignedIn(response: LoginResponse, email: string) {
    const noCompanies = portal === 'clientes' ? t('login.noClients') : t('login.noSuppliers');
    const linked = portal === 'clientes' ? response.clientes : response.proveedores;
    if (linked.length === 0) {
      notifyDanger(noCompanies);
      return;
    }
    saveSavedLogin(portal, { usuario: email, remembered: true });
    setSaved({ usuario: email, remembered: true });
    if (linked.length > 1) {
      setCompanies(linked);
      return;
    }
    // The portal opens with a new query cache (nothing of a previous visitor), seeded with these.
    handOverMenus(portal, response.menus);
    goToLanding();
  }

  async function chooseCompany(company: ClienteResumen) {
    try {
      await chooseMutation.mutateAsync(company);
    } catch (error) {
      if (isApiRequestError(error)) notifyDanger(error.message);
      else console.error('Error al seleccionar la empresa', error);
      return;
    }
    try {
      handOverMenus(portal, await updateMenu(portal));
    } catch (error) {
      // Spec §8: a failed menu update after the choice is only logged; the shell fetches them.
      console.error('No se han podido actualizar los menús', error);
    }
    setCompanies(undefined);
    goToLanding();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors = await Promise.all([usuarioField.validate(), claveField.validate()]);
    if (errors.some(Boolean)) {
      // Spec §8 gives the notification text; §5 the same sentence with a full stop, shown inline.
      setFormInvalid(true);
      notifyDanger(t('login.formInvalid'));
      return;
    }
    await signIn({ usuario, clave, dregion });
  }

  return (
    <>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <TextInput
            ref={emailRef}
            label={t('login.email')}
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            {...usuarioField.getInputProps()}
          />
          <PasswordInput
            ref={passwordRef}
            label={t('login.password')}
            autoComplete="current-password"
            required={!savedMode}
            disabled={savedMode}
            placeholder={savedMode ? SAVED_PASSWORD_MASK : undefined}
            visibilityToggleButtonProps={{
              'aria-label': t('login.togglePassword'),
            }}
            rightSection={
              savedMode ? (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('login.deleteSavedPassword')}
                  title={t('login.deleteSavedPassword')}
                  onClick={() => {
                    forgetSavedPassword();
                    // The field is enabled on the next render; focus it for the new password.
                    setTimeout(() => passwordRef.current?.focus(), 0);
                  }}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              ) : undefined
            }
            {...claveField.getInputProps()}
          />
          <RegionSelect
            regions={regions}
            value={dregion}
            onChange={(value) => dregionField.setValue(value)}
          />
          {formInvalid && <ErrorAlert compact>{t('login.formInvalidInline')}</ErrorAlert>}
          <Button type="submit" disabled={!canSubmit} loading={loginMutation.isPending} fullWidth>
            {t('login.submit')}
          </Button>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setRecoveryUsed(true);
              setRecoveryOpen(true);
            }}
          >
            {t('login.recoverLink')}
          </Anchor>
        </Stack>
      </form>

      <Suspense fallback={null}>
        {secondStep && (
          <TotpLoginStep
            mode={secondStep.mode}
            onSignedIn={(signedIn) => {
              setSecondStep(undefined);
              continueSignedIn(signedIn, secondStep.email);
            }}
            onCancel={() => setSecondStep(undefined)}
          />
        )}
        {recoveryUsed && (
          <RecoveryDialog
            portal={portal}
            opened={recoveryOpen}
            onClose={() => setRecoveryOpen(false)}
            initialEmail={usuario.trim()}
            initialRegion={dregion}
            regions={regions}
            onSent={forgetSavedPassword}
          />
        )}
        {companies !== undefined && (
          <CompanySelectionDialog
            opened
            title={portal === 'clientes' ? t('chooser.title') : t('chooser.titleProveedor')}
            companies={companies ?? []}
            mandatory
            onSelect={(company) => void chooseCompany(company)}
            submitting={chooseMutation.isPending}
          />
        )}
      </Suspense>
    </>
  );
}
