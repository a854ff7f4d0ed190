/**
 * App download: the app is this web app; the page gives its address as a QR code to open it on a
 * phone, and how to add it to the home screen on iOS and Android.
 */
import { Stack, Text, Title } from '@mantine/core';
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './account.module.css';

export default function AppDownloadPage() {
  const { t } = useTranslation();
  const url = `${window.location.origin}${import.meta.env.BASE_URL}`;
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    void toDataURL(url, { margin: 1, width: 360 }).then(setQr, () => setQr(null));
  }, [url]);
  return (
    <div className={classes.prose}>
      <Stack align="center" gap="xs" mb="md">
        <Title order={3}>{t('app.title')}</Title>
        <Text c="dimmed" size="sm" ta="center">
          {t('app.scan')}
        </Text>
        {qr && <img src={qr} alt={t('app.qrAlt', { url })} width={180} height={180} style={{ borderRadius: 8, background: '#fff' }} data-testid="app-qr" />}
        <Text size="sm" style={{ wordBreak: 'break-all' }} data-testid="app-url">
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
