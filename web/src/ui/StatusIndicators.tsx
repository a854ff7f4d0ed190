/** The loading bar of token-style calls and the banner shown while the realtime link is down. */
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { loading } from '../api/effects';
import { useRealtimeStatus } from '../realtime/hooks';
import classes from './shell.module.css';

export function LoadingBar() {
  const visible = useSyncExternalStore(loading.subscribe, loading.isVisible, loading.isVisible);
  const { t } = useTranslation();
  if (!visible) return null;
  return <div className={classes.loadingBar} role="progressbar" aria-label={t('common.loading')} data-testid="loading" />;
}

export function ConnectionBanner() {
  const status = useRealtimeStatus();
  const { t } = useTranslation();
  if (status !== 'disconnected') return null;
  return (
    <div className={classes.banner} role="status" data-testid="reconnecting">
      {t('realtime.reconnecting')}
    </div>
  );
}
