import { useIntlLocale } from '../../i18n/useIntlLocale';
import { formatAmount } from '../../lib/format';
import { useCoins } from './api';

/** Formats an amount of a coin with the coin's display decimals (truncated; 2 by default). */
export function useCoinFormat(): (value: string, coin: string) => string {
  const locale = useIntlLocale();
  const { data: coins } = useCoins();
  return (value, coin) => formatAmount(value, coins?.find((c) => c.coin === coin)?.displayDecimals ?? 2, locale);
}
