import { Box, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const FILE_NAME = 'extranet-codigos-recuperacion.txt';

/** Makes the browser save `text` as a plain-text file. */
function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The recovery codes of the second factor (issue 7), shown once after enrolling or after
 * asking for new ones: what they are for, copy to the clipboard, download as a text file.
 */
export function TotpRecoveryCodesView({
  codes,
}: {
  /** `xxxx-xxxx-xx`, as the server returned them. */
  codes: string[];
}) {
  const { t } = useTranslation();
  // Windows line ends: the file opens cleanly in Notepad too.
  const fileText = [t('totp.recoveryFileHeader'), '', ...codes, ''].join('\r\n');
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t('totp.recoveryTitle')}
      </Text>
      <Text size="sm">{t('totp.recoveryExplain')}</Text>
      <Text size="sm">{t('totp.recoveryShownOnce')}</Text>
      <Box
        component="ul"
        aria-label={t('totp.recoveryTitle')}
        m={0}
        p={0}
        style={{
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: 'repeat(2, max-content)',
          gap: '0.25rem 1.5rem',
          justifyContent: 'center',
        }}
      >
        {codes.map((code) => (
          <li key={code}>
            <Code fz="sm" style={{ letterSpacing: '0.08em' }}>
              {code}
            </Code>
          </li>
        ))}
      </Box>
      <Group justify="center" gap="xs">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              size="xs"
              leftSection={
                copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />
              }
              onClick={copy}
            >
              {copied ? t('totp.recoveryCopied') : t('totp.recoveryCopy')}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} aria-hidden />}
          onClick={() => downloadText(FILE_NAME, fileText)}
        >
          {t('totp.recoveryDownload')}
        </Button>
      </Group>
    </Stack>
  );
}
