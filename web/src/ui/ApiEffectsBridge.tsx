/**
 * Connects the API client's effects (spec §8) to the router, toasts and the transaction-password
 * prompt, and in development builds the dev alert to a notification that stays until closed.
 * It also closes the toasts of the page being left: an error about a form the user has left no
 * longer applies (see ui/toast.tsx for which toasts stay).
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { setApiEffects } from '../api/effects';
import { devAlert, toast } from './toast';
import { useConfirm } from './useConfirm';

export function ApiEffectsBridge() {
  const navigate = useNavigate();
  const location = useLocation();
  const { t, i18n } = useTranslation();
  const [ask, dialog] = useConfirm();
  const here = useRef('/');
  here.current = `${location.pathname}${location.search}`;

  useEffect(() => toast.pageShown(location.pathname), [location.pathname]);

  useEffect(() => {
    setApiEffects({
      navigate: (to) => navigate(to),
      toast: (message, options) => toast.error(message, options),
      confirmNoTransactionPassword: () =>
        ask({ message: t('errors.noTransactionPassword'), confirmLabel: t('dialog.setUpNow'), cancelLabel: t('dialog.notNow') }),
      t: (key, fallback, values) => t(key, { ...values, defaultValue: fallback }),
      hasKey: (key) => i18n.exists(key),
      currentPath: () => here.current,
      devAlert: import.meta.env.DEV ? devAlert : () => {},
    });
  }, [navigate, t, i18n, ask]);

  return dialog;
}
