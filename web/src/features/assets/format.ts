import { useIntlLocale } from '../../i18n/useIntlLocale';
import { formatAmount, formatMoney, formatSignedMoney } from '../../lib/format';
import { useCoins } from './api';

/** Formats an amount of a coin with the coin's display decimals (truncated; 2 by default). */
export function useCoinFormat(): (value: string, coin: string) => string {
  const locale = useIntlLocale();
  const { data: coins } = useCoins();
  return (value, coin) => formatAmount(value, coins?.find((c) => c.coin === coin)?.displayDecimals ?? 2, locale);
}

/**
 * Formats an amount of a coin with its coin ("1,234.56 USDT"; signed: "+100.00 USDT", "-100.00
 * USDT") as one bidi-isolated unit, so a right-to-left page keeps it whole.
 */
export function useCoinMoney(): (value: string, coin: string, options?: { signed?: boolean }) => string {
  const locale = useIntlLocale();
  const { data: coins } = useCoins();
  return (value, coin, options) => {
    const places = coins?.find((c) => c.coin === coin)?.displayDecimals ?? 2;
    return options?.signed ? formatSignedMoney(value, places, coin, locale) : formatMoney(value, places, coin, locale);
  };
}
