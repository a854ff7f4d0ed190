/**
 * How the lever pages show their figures, all through lib/format: USDT amounts truncated to 2
 * places (the spec's rule, §9; a fee under a cent at the places it needs), signed profit and loss,
 * rates as percentages, prices at the symbol's places, each value with a unit as one bidi-isolated
 * unit.
 */
import { Big } from '../../../lib/decimal';
import { formatAmount, formatExact, formatMoney, formatRate, formatSignedMoney, isolate } from '../../../lib/format';

/** The lever account's coin: every lever symbol is quoted in it (contract, tag lever). */
export const LEVER_COIN = 'USDT';

/** The base coin of a symbol ("BTC" of "BTC/USDT"). */
export const baseOf = (symbol: string): string => symbol.split('/')[0];

/** A USDT amount, 2 places truncated: "1,234.56 USDT". */
export const usdt = (value: string | Big, locale: string): string => formatMoney(value, 2, LEVER_COIN, locale);

/**
 * A fee, 2 places truncated like every amount ("0.66 USDT", "0.00 USDT" when none was charged),
 * except one under a cent, shown at the places it needs ("0.0032 USDT") rather than as nothing.
 */
export function usdtFee(value: string | Big, locale: string): string {
  const fee = new Big(value);
  return fee.gt(0) && fee.lt('0.01') ? isolate(`${formatExact(fee, locale)} ${LEVER_COIN}`) : usdt(fee, locale);
}

/** Profit or loss with its sign: "+10.00 USDT", "-3.21 USDT". */
export const signedUsdt = (value: string | Big, locale: string): string => formatSignedMoney(value, 2, LEVER_COIN, locale);

/** A price at the symbol's places ("64,000.50"), or "--". */
export const priceText = (value: string | Big | undefined | null, places: number, locale: string): string =>
  value === undefined || value === null ? '--' : formatAmount(value, places, locale);

/** A price with its coin: "64,000.50 USDT". */
export const priceMoney = (value: string | Big, places: number, locale: string): string => formatMoney(value, places, LEVER_COIN, locale);

/** An equivalent quantity with its base coin, exact: "0.025 BTC". */
export const quantityText = (value: string | Big, symbol: string, locale: string): string => isolate(`${formatExact(value, locale)} ${baseOf(symbol)}`);

/** A ratio (1.5) as a percentage, 2 places truncated: "150.00%". */
export const ratioPercent = (ratio: string | Big, locale: string): string => isolate(`${formatAmount(new Big(ratio).times(100), 2, locale)}%`);

/** A fee rate (0.0005) as a percentage in its shortest form: "0.05%". */
export const ratePercentText = (rate: string | Big, locale: string): string => formatRate(rate, locale);

/** A whole percentage offered as one tap (25 → "25%"). */
export const percentText = (percent: number, locale: string): string => isolate(`${formatAmount(String(percent), 0, locale)}%`);
