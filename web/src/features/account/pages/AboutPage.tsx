import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSettings, useSiteName } from '../../../api/settings';
import { ListGroup, ListRow } from '../../../ui/ListRow';
import { paths } from '../../../lib/paths';

/** About: the app, its version (from the server settings, 1.0.0) and the legal texts. */
export default function AboutPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const version = settings.data?.appVersion ?? '1.0.0';
  const siteName = useSiteName();
  return (
    <div>
      <Stack align="center" gap={4} py={28}>
        <div
          aria-hidden
          style={{
            width: 64,
            height: 64,
            borderRadius: 16,
            background: '#0b7cff',
            display: 'grid',
            placeItems: 'center',
            color: '#fff',
            fontWeight: 800,
            fontSize: 22,
          }}
        >
          H5
        </div>
        <Title order={3} data-server-text>
          {siteName}
        </Title>
        <Text c="dimmed" size="sm" data-testid="app-version">
          {t('mine.version', { version })}
        </Text>
      </Stack>
      <Text px={20} size="sm">
        {t('about.body')}
      </Text>
      <ListGroup>
        <ListRow label={t('routes.agreement')} to={paths.home.agreement} />
        <ListRow label={t('routes.policy')} to={paths.mine.policy} />
        <ListRow label={t('routes.app')} to={paths.mine.app} />
      </ListGroup>
    </div>
  );
}
