/**
 * App download: the app is this web app; the page gives its address as a QR code to open it on a
 * phone, and how to add it to the home screen on iOS and Android.
 */
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../../ui/QrCode';
import classes from './account.module.css';

export default function AppDownloadPage() {
  const { t } = useTranslation();
  const url = `${window.location.origin}${import.meta.env.BASE_URL}`;
  return (
    <div className={classes.prose}>
      <Stack align="center" gap="xs" mb="md">
        <Title order={3}>{t('app.title')}</Title>
        <Text c="dimmed" size="sm" ta="center">
          {t('app.scan')}
        </Text>
        <QrCode value={url} alt={t('app.qrAlt', { url })} testId="app-qr" />
        <Text size="sm" style={{ wordBreak: 'break-all' }} data-testid="app-url" data-server-text>
          {url}
        </Text>
      </Stack>
      <h2>{t('app.iosTitle')}</h2>
      <p>{t('app.iosSteps')}</p>
      <h2>{t('app.androidTitle')}</h2>
      <p>{t('app.androidSteps')}</p>
    </div>
  );
}
