import type { TotpEnrolment } from '@extranet/contracts/auth/totp';
import { Code, Image, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The QR code (an SVG data URL, allowed by the CSP's img-src) and the secret to type by hand. */
export function TotpEnrolmentView({
  enrolment,
}: {
  /** From the alta call. */ enrolment: TotpEnrolment;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" align="center">
      <Text size="sm">{t('totp.scan')}</Text>
      <Image src={enrolment.qr} alt={t('totp.qrAlt')} w={200} h={200} />
      <Text size="sm">{t('totp.manual')}</Text>
      <Code fz="sm" style={{ letterSpacing: '0.1em', wordBreak: 'break-all' }}>
        {enrolment.secreto}
      </Code>
    </Stack>
  );
}
