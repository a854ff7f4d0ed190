/**
 * What a buyer weighs a store by (the server's figures, P2pStoreSummary): its record of the last
 * 30 days, or "New store" while it has no orders (never a 0 % rate), whether the merchant is
 * online or when it was last seen, how fast it releases on average, and an ad's payment window.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { formatDate, formatRate, groupDigits } from '../../../lib/format';
import type { P2pStoreSummary } from '../api';
import classes from './fiat.module.css';

type Record = Pick<P2pStoreSummary, 'totalOrders' | 'orders30d' | 'completionRate30d'>;

/** The store's record in one line: "New store" without orders; its 30-day orders and completion rate (when one counts). */
export function storeRecord(t: TFunction, store: Record, locale: string): string {
  if (store.totalOrders === 0) return t('fiat.newStore');
  // `count` picks the plural form ("1 order", "2 orders"; Russian, Arabic their own); `orders` is the number as shown.
  const orders = { count: store.orders30d, orders: groupDigits(String(store.orders30d), locale) };
  if (store.completionRate30d === undefined) return t('fiat.record30dNoRate', orders);
  return t('fiat.record', { ...orders, rate: formatRate(store.completionRate30d, locale) });
}

/** An average release time in whole minutes, rounded ("under a minute" is its own text). */
export function releaseText(t: TFunction, seconds: number): string {
  return seconds < 60 ? t('fiat.releaseUnderMinute') : t('fiat.releaseMinutes', { minutes: Math.round(seconds / 60) });
}

/** Online, or when last seen (on the server's clock, as the server sent it). */
export function Presence({ store }: { store: Pick<P2pStoreSummary, 'online' | 'lastSeenAt'> }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  return (
    <span className={classes.presence} data-testid="p2p-presence" data-online={store.online}>
      <span className={store.online ? classes.dotOn : classes.dotOff} aria-hidden="true" />
      {store.online ? t('fiat.onlineNow') : t('fiat.lastSeen', { time: formatDate(store.lastSeenAt, 'dateTime', locale) })}
    </span>
  );
}

/** Presence, release time and (for an ad) the payment window, in one wrapping row. */
export function StoreSignals({ store, payWindowMinutes }: { store: P2pStoreSummary; payWindowMinutes?: number }) {
  const { t } = useTranslation();
  return (
    <div className={classes.signals} data-testid="p2p-signals">
      <Presence store={store} />
      {store.avgReleaseSeconds !== undefined && (
        <span data-testid="p2p-release">{t('fiat.avgRelease', { time: releaseText(t, store.avgReleaseSeconds) })}</span>
      )}
      {payWindowMinutes !== undefined && <span data-testid="p2p-pay-window">{t('fiat.payWindow', { minutes: payWindowMinutes })}</span>}
    </div>
  );
}
