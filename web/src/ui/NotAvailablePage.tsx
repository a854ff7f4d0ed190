import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../lib/paths';

/** A route of the spec whose page has not been built yet. */
export default function NotAvailablePage() {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="sm" py={64} px="md" ta="center" data-testid="not-available">
      <Title order={3}>{t('notAvailable.title')}</Title>
      <Text c="dimmed">{t('notAvailable.body')}</Text>
      <Button component={Link} to={paths.home.home} variant="light">
        {t('notAvailable.home')}
      </Button>
    </Stack>
  );
}
