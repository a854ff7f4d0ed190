/**
 * Where the money is: when the exchange account cannot pay for the order (nothing available, or
 * less than what is typed) while the funds account holds the coin, one line on the order form says
 * so ("You have 10,000.00 USDT in your funds account") with a Transfer action that opens a sheet
 * moving it funds → exchange without leaving the form, prefilled with what is missing. The sheet
 * (FundsTransferSheet) is loaded when first opened (in a transition: see ui/useLazySheet).
 */
import { Button } from '@mantine/core';
import classes from './trade.module.css';
import { lazy, startTransition, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoinPrecision } from '../../../api/coins';
import { balanceOf, useWallet } from '../../../api/wallet';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { maxAmount, wireAmount } from '../../../lib/amount';
import { Big } from '../../../lib/decimal';
import { formatMoney, isolateAmounts } from '../../../lib/format';
import { useLazySheet } from '../../../ui/useLazySheet';

const FundsTransferSheet = lazy(() => import('./FundsTransferSheet'));

/** `fallback` shows instead when there is nothing to say (no coin waiting in the funds account). */
export function FundsHint({ coin, precision, needed, fallback }: { coin: string; precision: number; needed: Big | null; fallback: ReactNode }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const { data: wallet } = useWallet();
  const coinPrecision = useCoinPrecision()(coin);
  const [open, setOpen] = useState(false);
  const sheet = useLazySheet(open);
  if (!wallet) return fallback;
  const exchange = new Big(balanceOf(wallet, 'exchange', coin)?.available ?? '0');
  const funds = new Big(balanceOf(wallet, 'funds', coin)?.available ?? '0');
  const short = needed && needed.gt(exchange) ? needed.minus(exchange) : null;
  if (funds.lte(0) || !(exchange.lte(0) || short)) return fallback;
  // What is missing, rounded up to the coin's places, but never more than the funds hold.
  const places = coinPrecision ?? precision;
  const missing = short ? short.round(places, Big.roundUp) : null;
  const prefill = missing ? (missing.gt(funds) ? maxAmount(funds, places) : missing) : null;
  return (
    <>
      {/* Text above its action: the form's column is narrow, and a button beside it squeezes the sentence into four lines. */}
      <div className={classes.fundsHint} data-testid="funds-hint">
        <p className={classes.hintText} data-testid="funds-hint-text">
          {isolateAmounts(t('trade.fundsHint', { amount: formatMoney(funds, precision, coin, locale) }))}
        </p>
        <Button size="compact-xs" variant="light" onClick={() => startTransition(() => setOpen(true))} data-testid="funds-hint-transfer">
          {t('trade.transfer')}
        </Button>
      </div>
      <Suspense fallback={null}>
        {sheet.mount && (
          <FundsTransferSheet
            opened={open}
            onClose={() => setOpen(false)}
            coin={coin}
            places={places}
            shownPlaces={precision}
            funds={funds}
            initial={prefill ? wireAmount(prefill) : ''}
          />
        )}
      </Suspense>
    </>
  );
}
