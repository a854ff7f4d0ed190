/** Connects the API client's effects (spec §8) to the router, toasts and the 401 prompt. */
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { setApiEffects } from '../api/effects';

const ConfirmDialog = lazy(() => import('./ConfirmDialog'));

export function ApiEffectsBridge() {
  const navigate = useNavigate();
  const location = useLocation();
  const { t, i18n } = useTranslation();
  const [prompt, setPrompt] = useState<((yes: boolean) => void) | null>(null);
  const here = useRef('/');
  here.current = `${location.pathname}${location.search}`;

  useEffect(() => {
    setApiEffects({
      navigate: (to) => navigate(to),
      toast: (message) => notifications.show({ message, autoClose: 3500, withBorder: true }),
      confirmNoTransactionPassword: () =>
        new Promise<boolean>((resolve) => {
          setPrompt(() => resolve);
        }),
      t: (key, fallback) => t(key, { defaultValue: fallback }),
      hasKey: (key) => i18n.exists(key),
      currentPath: () => here.current,
    });
  }, [navigate, t, i18n]);

  const answer = (yes: boolean) => {
    prompt?.(yes);
    setPrompt(null);
  };

  if (!prompt) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog message={t('errors.noTransactionPassword')} onAnswer={answer} />
    </Suspense>
  );
}
