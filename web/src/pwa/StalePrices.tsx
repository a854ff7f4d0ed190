/**
 * Marks prices that are not live: `usePricesStale()` (online.ts) greys them (add `staleClass`), and
 * <StaleNote /> says since when they are as they are: "Prices as of 12:03:04 — offline".
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { tickersQuery } from '../api/market';
import { useIntlLocale } from '../i18n/useIntlLocale';
import { formatDate } from '../lib/format';
import { useOnline, usePricesStale } from './online';
import classes from './pwa.module.css';

export { usePricesStale };

/** Add to the element holding prices while they are stale (greyed). */
export const staleClass = classes.stale;

const TICKERS_KEY = tickersQuery.queryKey;
const DAY_MS = 24 * 60 * 60 * 1000;

/** When the tickers were last updated (REST or live), 0 if never. */
function useTickersUpdatedAt(): number {
  const queryClient = useQueryClient();
  const subscribe = useCallback((listener: () => void) => queryClient.getQueryCache().subscribe(listener), [queryClient]);
  const get = useCallback(() => queryClient.getQueryState(TICKERS_KEY)?.dataUpdatedAt ?? 0, [queryClient]);
  return useSyncExternalStore(subscribe, get, get);
}

/** The "Prices as of … — offline" line, only while prices are stale and some were loaded. */
export function StaleNote({ className }: { className?: string }) {
  const stale = usePricesStale();
  return stale ? <StaleLine className={className} /> : null;
}

function StaleLine({ className }: { className?: string }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const online = useOnline();
  const asOf = useTickersUpdatedAt();
  if (!asOf) return null;
  // The time of day, or the date too when the prices are from an earlier day.
  const time = formatDate(asOf, Date.now() - asOf < DAY_MS && new Date(asOf).getDate() === new Date().getDate() ? 'time' : 'dateTime', locale);
  return (
    <p className={`${classes.staleNote} ${className ?? ''}`} role="status" data-testid="prices-stale">
      {t(online ? 'pwa.staleNotUpdating' : 'pwa.staleOffline', { time })}
    </p>
  );
}
