import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../lib/paths';
import { useDocumentTitle } from './useDocumentTitle';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useDocumentTitle('404');
  return (
    // The page's main landmark (it has no Shell around it), saying which page it shows as the Shell's does.
    <Stack component="main" align="center" gap="sm" py={96} px="md" ta="center" data-path={pathname}>
      <Title order={1}>404</Title>
      <Text c="dimmed">{t('notFound.body')}</Text>
      <Button component={Link} to={paths.home.home}>
        {t('notAvailable.home')}
      </Button>
    </Stack>
  );
}
