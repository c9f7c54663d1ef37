import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The 6-digit code field: numeric keyboard, one-time-code autofill. */
export function TotpCodeInput({
  value,
  onChange,
  error,
}: {
  /** The digits typed so far. */
  value: string;
  /** Receives only digits, at most 6. */
  onChange: (value: string) => void;
  /** A message under the field. */
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('totp.code')}
      description={t('totp.codeHelp')}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      required
      data-autofocus
      value={value}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
    />
  );
}
