import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MAIN_CONTENT_ID } from '../components/skip-link';

/** Any unknown path (spec §2: the text NOT FOUND). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center component="main" id={MAIN_CONTENT_ID} tabIndex={-1} mih="100dvh" p="md">
      <Stack align="center" gap="sm">
        <Title order={1}>NOT FOUND</Title>
        <Text c="dimmed">{t('notFound.message')}</Text>
        <Anchor component={Link} to="/">
          {t('notFound.backHome')}
        </Anchor>
      </Stack>
    </Center>
  );
}
