/**
 * Connects the API client's effects (spec §8) to the router, toasts and the transaction-password
 * prompt, and in development builds the dev alert to a notification that stays until closed.
 */
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { setApiEffects } from '../api/effects';
import { useConfirm } from './useConfirm';

export function ApiEffectsBridge() {
  const navigate = useNavigate();
  const location = useLocation();
  const { t, i18n } = useTranslation();
  const [ask, dialog] = useConfirm();
  const here = useRef('/');
  here.current = `${location.pathname}${location.search}`;

  useEffect(() => {
    setApiEffects({
      navigate: (to) => navigate(to),
      toast: (message) => notifications.show({ message, autoClose: 3500, withBorder: true }),
      confirmNoTransactionPassword: () => ask(t('errors.noTransactionPassword')),
      t: (key, fallback, values) => t(key, { ...values, defaultValue: fallback }),
      hasKey: (key) => i18n.exists(key),
      currentPath: () => here.current,
      devAlert: import.meta.env.DEV
        ? (title, message) => notifications.show({ title, message, color: 'red', autoClose: false, withBorder: true, 'data-testid': 'dev-alert' })
        : () => {},
    });
  }, [navigate, t, i18n, ask]);

  return dialog;
}
