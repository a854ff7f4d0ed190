/**
 * One open position: direction, symbol, multiple, unrealized P/L and its percentage of the margin
 * (live from the tickers), lots, margin, open and current price, take-profit and stop-loss,
 * equivalent quantity, overnight fees so far and open time, its close order if it has one; set
 * TP/SL, close (all or part, at market or a limit: the close sheet) and cancel its close order.
 *
 * A tick costs little: the list reads the last prices once (PositionList) and passes each card its
 * symbol's price, so a card renders again only when that price (or the order) changes, on the live
 * pulse; then only its P/L, percentage and current price are computed (once per position and
 * price) and rendered, while its title, facts and buttons are kept elements that React skips.
 */
import { Button } from '@mantine/core';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatExact, formatPercent } from '../../../lib/format';
import { toneOf } from '../../../ui/market/tone';
import { usePriceFlash } from '../../../ui/market/usePriceFlash';
import { pnlPercent, unrealizedPnl, type LeverOrder } from '../forms/leverMath';
import { priceText, quantityText, signedUsdt, usdt, usdtFee } from './display';
import { WRAP } from '../../../ui/wrap';
import { OrderTitle } from './OrderTitle';
import classes from './lever.module.css';

/** A position card's labels in the current language: translated once for the whole list. */
export interface PositionLabels {
  lots: string;
  margin: string;
  quantity: string;
  openPrice: string;
  currentPrice: string;
  overnightFee: string;
  takeProfit: string;
  stopLoss: string;
  openTime: string;
  tpsl: string;
  close: string;
  closeOrderPrice: string;
  closeOrderLots: string;
  cancelCloseOrder: string;
}

export function usePositionLabels(): PositionLabels {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      lots: t('lever.lots'),
      margin: t('lever.margin'),
      quantity: t('lever.quantity'),
      openPrice: t('lever.openPrice'),
      currentPrice: t('lever.currentPrice'),
      overnightFee: t('lever.overnightFee'),
      takeProfit: t('lever.takeProfit'),
      stopLoss: t('lever.stopLoss'),
      openTime: t('lever.openTime'),
      tpsl: t('lever.tpsl'),
      close: t('lever.close'),
      closeOrderPrice: t('lever.closeOrderPrice'),
      closeOrderLots: t('lever.closeOrderLots'),
      cancelCloseOrder: t('lever.cancelCloseOrder'),
    }),
    [t],
  );
}

const cell = (key: string, label: string, value: string) => (
  <div>
    <span className={classes.label}>{label}</span>
    <span className={classes.value} data-testid={`position-${key}`}>
      {value}
    </span>
  </div>
);

/** Memoised: renders again only when its order, its symbol's last price or its other props change. */
export const PositionCard = memo(function PositionCard({
  order,
  last,
  pricePrecision: pp,
  labels,
  locale,
  onTpSl,
  onClose,
  onCancelCloseOrder,
  closing,
}: {
  order: LeverOrder;
  /** The symbol's last price (undefined until known). */
  last: string | undefined;
  pricePrecision: number;
  labels: PositionLabels;
  locale: string;
  onTpSl: (order: LeverOrder) => void;
  onClose: (order: LeverOrder) => void;
  onCancelCloseOrder: (order: LeverOrder) => void;
  closing: boolean;
}) {
  const flash = usePriceFlash<HTMLSpanElement>(last);
  // The live figures, computed once per (position, price).
  const live = useMemo(() => {
    const pnl = unrealizedPnl(order, last);
    const pct = pnl ? pnlPercent(pnl, order.margin) : null;
    const value = pnl?.toFixed() ?? '';
    return {
      pnl: value,
      pnlText: pnl ? signedUsdt(pnl, locale) : '--',
      pnlTone: pnl ? toneOf(value) : '',
      pct: pct !== null ? formatPercent(pct, locale) : '--',
      pctTone: pct ? toneOf(pct) : '',
      price: priceText(last, pp, locale),
    };
  }, [order, last, pp, locale]);
  // What does not move with the price: kept elements, skipped by React on a tick.
  const title = useMemo(() => <OrderTitle order={order} />, [order]);
  const factsBefore = useMemo(
    () => (
      <>
        {cell('lots', labels.lots, formatExact(order.lots, locale))}
        {cell('margin', labels.margin, usdt(order.margin, locale))}
        {cell('quantity', labels.quantity, quantityText(order.quantity, order.symbol, locale))}
        {cell('open-price', labels.openPrice, priceText(order.openPrice, pp, locale))}
      </>
    ),
    [order, pp, labels, locale],
  );
  const factsAfter = useMemo(
    () => (
      <>
        {cell('overnight-fee', labels.overnightFee, usdtFee(order.overnightFee, locale))}
        {cell('take-profit', labels.takeProfit, priceText(order.takeProfit, pp, locale))}
        {cell('stop-loss', labels.stopLoss, priceText(order.stopLoss, pp, locale))}
        {cell('open-time', labels.openTime, formatDate(order.openedAt ?? order.time, 'dateTime', locale))}
        {order.closeOrder && cell('close-order-price', labels.closeOrderPrice, priceText(order.closeOrder.price, pp, locale))}
        {order.closeOrder && cell('close-order-lots', labels.closeOrderLots, formatExact(order.closeOrder.lots, locale))}
      </>
    ),
    [order, pp, labels, locale],
  );
  const actions = useMemo(
    () => (
      <div className={classes.actions}>
        {order.closeOrder && (
          <Button size="compact-sm" variant="subtle" onClick={() => onCancelCloseOrder(order)} classNames={WRAP} data-testid="position-cancel-close-order">
            {labels.cancelCloseOrder}
          </Button>
        )}
        <Button size="compact-sm" variant="light" onClick={() => onTpSl(order)} classNames={WRAP} data-testid="position-tpsl">
          {labels.tpsl}
        </Button>
        <Button size="compact-sm" variant="light" color="red" onClick={() => onClose(order)} loading={closing} classNames={WRAP} data-testid="position-close">
          {labels.close}
        </Button>
      </div>
    ),
    [order, labels, onTpSl, onClose, onCancelCloseOrder, closing],
  );
  return (
    <article
      className={`${classes.card} ${classes.positionCard}`}
      data-testid="position-row"
      data-id={order.id}
      data-symbol={order.symbol}
      data-side={order.side}
    >
      <div className={classes.cardHeader}>
        {title}
        <div className={classes.pnlBlock}>
          <div className={`${classes.big} ${live.pnlTone}`} data-testid="position-pnl" data-value={live.pnl}>
            {live.pnlText}
          </div>
          {/* Mantine's Text xs as a plain element: it renders on every tick. */}
          <p className={`${classes.pnlPercent} ${live.pctTone}`} data-testid="position-pnl-percent">
            {live.pct}
          </p>
        </div>
      </div>
      <div className={classes.grid}>
        {factsBefore}
        <div>
          <span className={classes.label}>{labels.currentPrice}</span>
          <span className={classes.value} ref={flash} data-testid="position-current-price" data-price={last}>
            {live.price}
          </span>
        </div>
        {factsAfter}
      </div>
      {actions}
    </article>
  );
});
