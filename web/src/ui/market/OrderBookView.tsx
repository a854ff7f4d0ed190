/**
 * The order book as exchange apps show it: asks above (best at the bottom), the last price in the
 * middle, bids below, each row with a cumulative depth bar. Tapping a row hands its price back.
 */
import { NativeSelect } from '@mantine/core';
import { Bone } from '../skeleton/Skeleton';
import { memo, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIntlLocale } from '../../i18n/useIntlLocale';
import { Big } from '../../lib/decimal';
import { formatAmount, formatExact } from '../../lib/format';
import { useTicker } from '../../api/market';
import { useOrderBook, type Level } from './orderbook';
import classes from './orderBook.module.css';

interface OrderBookViewProps {
  symbol: string;
  pricePrecision: number;
  amountPrecision: number;
  /** Rows per side. */
  levels?: number;
  onPrice?: (price: string) => void;
}

/** Grouping choices: the tick and its 10× and 100× multiples. */
function groupings(pricePrecision: number): string[] {
  return [0, 1, 2].map((k) => new Big(10).pow(k - pricePrecision).toFixed(Math.max(0, pricePrecision - k)));
}

/** The last traded price between the sides, live from the symbol's ticker. */
function LastPrice({ symbol, pricePrecision }: { symbol: string; pricePrecision: number }) {
  const locale = useIntlLocale();
  const last = useTicker(symbol)?.last;
  return (
    <div className={classes.midPrice} data-testid="book-last">
      {last ? formatAmount(last, pricePrecision, locale) : '--'}
    </div>
  );
}

export function OrderBookView({ symbol, pricePrecision, amountPrecision, levels = 10, onPrice }: OrderBookViewProps) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const options = useMemo(() => groupings(pricePrecision), [pricePrecision]);
  // The steps as the locale writes them ("0,01" in German); the chosen value stays the plain step.
  const choices = useMemo(() => options.map((value) => ({ value, label: formatExact(value, locale) })), [options, locale]);
  const [grouping, setGrouping] = useGroupingState(symbol, options[0]);
  const book = useOrderBook(symbol, { levels, grouping: grouping === options[0] ? undefined : grouping });
  const asks = [...book.asks].reverse();
  // Bars are scaled to the deeper side's cumulative total.
  const deepest = [book.asks.at(-1)?.total ?? '0', book.bids.at(-1)?.total ?? '0'].reduce((a, b) => (new Big(b).gt(a) ? b : a));
  const scale = (l: Level) => (new Big(deepest).gt(0) ? `scaleX(${new Big(l.total).div(deepest).toFixed(4)})` : 'scaleX(0)');
  const shownPlaces = grouping.includes('.') ? grouping.split('.')[1].length : 0;
  // Positional keys: a new price updates a row's text instead of replacing the row.
  const row = (l: Level, i: number, kind: 'ask' | 'bid') => (
    <button
      type="button"
      key={`${kind}${i}`}
      className={`${classes.row} ${kind === 'ask' ? classes.ask : classes.bid}`}
      onClick={() => onPrice?.(l.price)}
      data-testid={`book-${kind}`}
      data-price={l.price}
    >
      <span className={classes.bar} style={{ transform: scale(l) }} />
      <span className={classes.price}>{formatAmount(l.price, shownPlaces, locale)}</span>
      <span className={classes.qty}>{formatAmount(l.quantity, Math.min(amountPrecision, 4), locale)}</span>
    </button>
  );
  return (
    <div
      className={classes.book}
      data-testid="order-book"
      data-seq={book.seq}
      data-bid-levels={book.depth.bids}
      data-ask-levels={book.depth.asks}
      role="group"
      aria-label={t('trade.book')}
    >
      <div className={classes.bookHead}>
        <span>{t('trade.price')}</span>
        <span>{t('trade.quantity')}</span>
      </div>
      {!book.ready ? (
        // As tall as the book it stands for: both sides' 24 px rows and the middle's two lines.
        <Bone h={levels * 48 + 49} />
      ) : (
        <>
          <div data-testid="book-asks">{asks.length ? asks.map((l, i) => row(l, i, 'ask')) : <p className={classes.empty}>{t('trade.noLiquidity')}</p>}</div>
          <div className={classes.mid}>
            <LastPrice symbol={symbol} pricePrecision={pricePrecision} />
            {book.asks[0] && book.bids[0] && (
              <p className={classes.spread} data-testid="book-spread">
                {t('trade.spread')} {formatExact(new Big(book.asks[0].price).minus(book.bids[0].price), locale)}
              </p>
            )}
          </div>
          <div data-testid="book-bids">{book.bids.map((l, i) => row(l, i, 'bid'))}</div>
        </>
      )}
      <GroupingSelect label={t('trade.grouping')} value={grouping} options={choices} onChange={setGrouping} />
    </div>
  );
}

/**
 * The grouping choice, apart so that the book's updates (many a second) do not re-render it: a
 * Mantine select resolves its styles on every render.
 */
const GroupingSelect = memo(function GroupingSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (v: string) => void;
}) {
  return (
    <NativeSelect
      size="xs"
      mt={6}
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      data={options}
      data-testid="book-grouping"
    />
  );
});

function useGroupingState(symbol: string, initial: string): [string, (v: string) => void] {
  const [value, setValue] = useState(initial);
  useEffect(() => setValue(initial), [symbol, initial]);
  return [value, setValue];
}
