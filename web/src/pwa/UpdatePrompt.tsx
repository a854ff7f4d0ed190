/** "A new version is available — Reload": shown while a new build's service worker waits. */
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { updates } from './register';
import classes from './pwa.module.css';

export function UpdatePrompt() {
  const { waiting } = useSyncExternalStore(updates.subscribe, updates.get, updates.get);
  const { t } = useTranslation();
  if (!waiting) return null;
  return (
    <div className={classes.update} role="status" data-testid="update-prompt">
      <span>{t('pwa.updateAvailable')}</span>
      <button type="button" className={classes.updateButton} onClick={() => updates.apply()} data-testid="update-reload">
        {t('pwa.reload')}
      </button>
    </div>
  );
}
