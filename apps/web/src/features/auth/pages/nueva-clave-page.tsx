import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@extranet/contracts/auth/constants';
import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { PageTitle } from '../../../components/page-title';
import { isApiRequestError } from '../../../lib/api-client';
import { loginPaths, type Portal } from '../../../lib/portal';
import { clearSavedLogin } from '../../../lib/storage';
import { usePasswordResetCheck, useResetPassword } from '../api/password-reset';
import { maskEmail } from '../mask-email';
import { ErrorAlert } from '../../../components/error-alert';

/**
 * The page of the recovery e-mail's link, `/nueva-clave?portal=clientes#<token>`. The token is
 * in the fragment so it never reaches server logs or a Referer header.
 */
export function NuevaClavePage() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const [searchParams] = useSearchParams();
  const portal: Portal = searchParams.get('portal') === 'proveedores' ? 'proveedores' : 'clientes';
  const token = decodeURIComponent(hash.replace(/^#/, ''));
  const check = usePasswordResetCheck(token);

  let body;
  if (token === '') body = <InvalidLink portal={portal} message={t('resetPassword.invalid')} />;
  else if (check.isPending) body = <PageLoader />;
  else if (check.isError)
    body = (
      <InvalidLink
        portal={portal}
        message={isApiRequestError(check.error) ? check.error.message : t('resetPassword.invalid')}
      />
    );
  else if (!check.data.valid)
    body = <InvalidLink portal={portal} message={t('resetPassword.invalid')} />;
  else body = <NewPasswordForm portal={portal} token={token} email={check.data.email} />;

  return (
    <>
      <PageTitle>{t('routes.nueva-clave.title')}</PageTitle>
      {body}
    </>
  );
}

function InvalidLink({ portal, message }: { portal: Portal; message: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <ErrorAlert>{message}</ErrorAlert>
      <Button component={Link} to={loginPaths[portal]} variant="default">
        {t('resetPassword.requestNew')}
      </Button>
    </Stack>
  );
}

function NewPasswordForm({
  portal,
  token,
  email,
}: {
  portal: Portal;
  token: string;
  email: string;
}) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const [invalidToken, setInvalidToken] = useState<string | undefined>(undefined);
  const form = useForm({
    mode: 'controlled',
    initialValues: { clave: '', repetir: '' },
    // NIST SP 800-63B: length only, no composition rules; the server also rejects common ones.
    validate: {
      clave: (value) =>
        value.length < PASSWORD_MIN_LENGTH
          ? t('resetPassword.tooShort', { min: PASSWORD_MIN_LENGTH })
          : value.length > PASSWORD_MAX_LENGTH
            ? t('resetPassword.tooLong', { max: PASSWORD_MAX_LENGTH })
            : null,
      repetir: (value, values) => (value !== values.clave ? t('resetPassword.mismatch') : null),
    },
  });

  if (invalidToken !== undefined) return <InvalidLink portal={portal} message={invalidToken} />;

  if (done) {
    return (
      <Stack gap="md">
        <Alert color="green" variant="light" role="status">
          {t('resetPassword.done')}
        </Alert>
        <Button component={Link} to={loginPaths[portal]}>
          {t('resetPassword.goToLogin')}
        </Button>
      </Stack>
    );
  }

  const submit = form.onSubmit(async ({ clave }) => {
    try {
      await reset.mutateAsync({ token, clave });
      // The old remember token is worthless now: the next login asks for the new password.
      clearSavedLogin(portal);
      setDone(true);
    } catch (error) {
      if (!isApiRequestError(error)) {
        console.error('Error al cambiar la contraseña', error);
        return;
      }
      if (error.code === 'INVALID_TOKEN') setInvalidToken(error.message);
      else form.setFieldError('clave', error.message);
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm">{t('resetPassword.forEmail', { email: maskEmail(email) })}</Text>
        <PasswordInput
          label={t('resetPassword.newPassword')}
          description={t('resetPassword.rules', { min: PASSWORD_MIN_LENGTH })}
          autoComplete="new-password"
          required
          maxLength={PASSWORD_MAX_LENGTH}
          visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
          data-autofocus
          {...form.getInputProps('clave')}
        />
        <PasswordInput
          label={t('resetPassword.repeatPassword')}
          autoComplete="new-password"
          required
          maxLength={PASSWORD_MAX_LENGTH}
          visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
          {...form.getInputProps('repetir')}
        />
        <Button type="submit" loading={reset.isPending} fullWidth>
          {t('resetPassword.submit')}
        </Button>
      </Stack>
    </form>
  );
}
