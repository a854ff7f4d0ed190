/**
 * Pull-to-refresh for the routes that have it (route table `refresh`): dragging down from the top
 * of the page past a threshold refetches the page's active queries.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './shell.module.css';

const THRESHOLD = 64;
const MAX_PULL = 96;

export function PullToRefresh({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [pull, setPull] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const start = useRef<number | null>(null);
  const pullRef = useRef(0);

  useEffect(() => {
    if (!enabled) return;
    const onStart = (e: TouchEvent) => {
      start.current = window.scrollY <= 0 && !refreshing ? e.touches[0].clientY : null;
    };
    const onMove = (e: TouchEvent) => {
      if (start.current === null) return;
      const distance = Math.min(MAX_PULL, Math.max(0, (e.touches[0].clientY - start.current) * 0.5));
      pullRef.current = distance;
      setPull(distance);
    };
    const onEnd = () => {
      if (start.current === null) return;
      start.current = null;
      const reached = pullRef.current >= THRESHOLD;
      pullRef.current = 0;
      setPull(0);
      if (!reached) return;
      setRefreshing(true);
      void queryClient.refetchQueries({ type: 'active' }).finally(() => setRefreshing(false));
    };
    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: true });
    window.addEventListener('touchend', onEnd);
    window.addEventListener('touchcancel', onEnd);
    return () => {
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
      window.removeEventListener('touchcancel', onEnd);
    };
  }, [enabled, queryClient, refreshing]);

  const shown = refreshing ? THRESHOLD * 0.6 : pull;
  return (
    <>
      {enabled && shown > 0 && (
        <div className={classes.pull} style={{ height: shown }} role="status" data-testid="pull-to-refresh">
          {refreshing ? t('common.refreshing') : pull >= THRESHOLD ? t('common.releaseToRefresh') : t('common.pullToRefresh')}
        </div>
      )}
      {children}
    </>
  );
}
