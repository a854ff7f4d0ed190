/**
 * The depth chart of the K-line page: the live order book (the same store as the book below, fed
 * by the `depth` topic) as two cumulative areas around the spread, bids in the up colour on the
 * left, asks in the down colour on the right, over a horizontal price axis. Touching it shows the
 * level reached there (its price and the cumulative amount, exact decimals from the book); at
 * rest the best bid and ask. Labels go through lib/format in the user's locale, evenly spaced on
 * round prices and none cut at an edge; the chart stays left-to-right in an RTL page.
 */
import { Skeleton, Text, useComputedColorScheme } from '@mantine/core';
import { AreaSeries, createChartEx, LineType, type IChartApiBase, type ISeriesApi, type MouseEventParams } from 'lightweight-charts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { formatAmount, groupDigits } from '../../../lib/format';
import { usePriceColors } from '../../../theme/priceColors';
import { amountFormatOf, priceScaleOptions, themeOptions } from '../../../ui/chart/chartOptions';
import { depthLabels, depthPoints, type DepthPoint } from '../../../ui/chart/depth';
import { LocalPriceScale } from '../../../ui/chart/priceScale';
import { useOrderBook } from '../../../ui/market/orderbook';
import classes from './kline.module.css';

/** Levels a side drawn (the book keeps what the server sends; the depth chart shows more than the list). */
export const DEPTH_LEVELS = 100;

interface Chart {
  api: IChartApiBase<number>;
  scale: LocalPriceScale;
  bids: ISeriesApi<'Area', number>;
  asks: ISeriesApi<'Area', number>;
}

const areaColors = (color: string) => ({ lineColor: color, topColor: `${color}66`, bottomColor: `${color}10` });

export function DepthChart({
  symbol,
  base,
  pricePrecision,
  amountPrecision,
}: {
  symbol: string;
  base: string;
  pricePrecision: number;
  amountPrecision: number;
}) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const dark = useComputedColorScheme('light') === 'dark';
  const colors = usePriceColors();
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const book = useOrderBook(symbol, { levels: DEPTH_LEVELS });
  const depth = useMemo(() => depthPoints(book.bids, book.asks), [book.bids, book.asks]);
  const depthRef = useRef(depth);
  depthRef.current = depth;
  /** The point under the crosshair and its side. */
  const [hover, setHover] = useState<{ side: 'bid' | 'ask'; point: DepthPoint } | null>(null);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const scale = new LocalPriceScale((x) => x.toFixed(pricePrecision));
    const api = createChartEx<number, LocalPriceScale>(el, scale, {
      autoSize: true,
      handleScroll: false,
      handleScale: false,
      crosshair: { mode: 0 },
      // Evenly spaced labels (LocalPriceScale.setLabels): none bolder, no grid line between them.
      timeScale: { borderVisible: true, allowBoldLabels: false },
      rightPriceScale: { ...priceScaleOptions.rightPriceScale, scaleMargins: { top: 0.1, bottom: 0 } },
    });
    const area = { lineWidth: 2 as const, lineType: LineType.WithSteps, priceLineVisible: false, lastValueVisible: false };
    const bids = api.addSeries(AreaSeries, area);
    const asks = api.addSeries(AreaSeries, area);
    const onMove = (param: MouseEventParams<number>) => {
      const x = param.time;
      if (!param.point || typeof x !== 'number') return setHover(null);
      const d = depthRef.current;
      const bid = d.bids.find((p) => p.x === x);
      const ask = bid ? undefined : d.asks.find((p) => p.x === x);
      setHover(bid ? { side: 'bid', point: bid } : ask ? { side: 'ask', point: ask } : null);
    };
    api.subscribeCrosshairMove(onMove);
    chart.current = { api, scale, bids, asks };
    return () => {
      api.unsubscribeCrosshairMove(onMove);
      chart.current = null;
      api.remove();
    };
    // Created once; the labels' format follows below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const theme = themeOptions(dark);
    chart.current?.api.applyOptions({ ...theme, grid: { ...theme.grid, vertLines: { visible: false } } });
  }, [dark]);

  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    c.bids.applyOptions(areaColors(colors.up));
    c.asks.applyOptions(areaColors(colors.down));
  }, [colors]);

  // Axis and crosshair labels in the user's locale: prices across, cumulative amounts up.
  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    const label = (x: number) => groupDigits(x.toFixed(pricePrecision), locale);
    c.scale.setFormat(label);
    c.api.applyOptions({ localization: { locale, timeFormatter: label } });
    const priceFormat = amountFormatOf(locale);
    c.bids.applyOptions({ priceFormat });
    c.asks.applyOptions({ priceFormat });
  }, [pricePrecision, locale]);

  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    // Labels as wide as the widest price, evenly spaced for the width there is.
    const widest = depth.asks.at(-1) ?? depth.bids.at(-1);
    const labelPx = widest ? groupDigits(widest.x.toFixed(pricePrecision), locale).length * 7 + 8 : 0;
    c.scale.setLabels(depthLabels(depth, c.api.timeScale().width(), labelPx));
    c.bids.setData(depth.bids.map((p) => ({ time: p.x, value: p.value })));
    c.asks.setData([...depth.gap.map((x) => ({ time: x })), ...depth.asks.map((p) => ({ time: p.x, value: p.value }))]);
    c.api.timeScale().fitContent();
  }, [depth, pricePrecision, locale]);

  const bestBid = book.bids[0];
  const bestAsk = book.asks[0];
  const amount = (v: string) => `${formatAmount(v, Math.min(amountPrecision, 4), locale)} ${base}`;
  return (
    <div className={classes.klineChart}>
      <div className={classes.readout} data-testid="depth-readout" data-side={hover?.side ?? ''}>
        {hover ? (
          <dl className={classes.depthReadout}>
            <div className={classes.cell}>
              <dt>{t(hover.side === 'bid' ? 'kline.depth.bids' : 'kline.depth.asks')}</dt>
              <dd className={hover.side === 'bid' ? classes.up : classes.down} data-testid="depth-readout-price">
                {formatAmount(hover.point.level.price, pricePrecision, locale)}
              </dd>
            </div>
            <div className={classes.cell}>
              <dt>{t('kline.depth.total')}</dt>
              <dd data-testid="depth-readout-total">{amount(hover.point.level.total)}</dd>
            </div>
          </dl>
        ) : (
          <dl className={classes.depthReadout}>
            <div className={classes.cell}>
              <dt className={classes.swatchUp}>{t('kline.depth.bids')}</dt>
              <dd className={classes.up}>{bestBid ? formatAmount(bestBid.price, pricePrecision, locale) : '--'}</dd>
            </div>
            <div className={classes.cell}>
              <dt className={classes.swatchDown}>{t('kline.depth.asks')}</dt>
              <dd className={classes.down}>{bestAsk ? formatAmount(bestAsk.price, pricePrecision, locale) : '--'}</dd>
            </div>
          </dl>
        )}
      </div>
      <div
        ref={container}
        className={classes.canvas}
        dir="ltr"
        data-testid="depth-chart"
        data-bid-levels={book.bids.length}
        data-ask-levels={book.asks.length}
        data-best-bid={bestBid?.price ?? ''}
        data-best-ask={bestAsk?.price ?? ''}
        data-bid-total={book.bids.at(-1)?.total ?? ''}
        data-ask-total={book.asks.at(-1)?.total ?? ''}
      />
      {!book.ready ? (
        <Skeleton className={classes.chartSkeleton} />
      ) : (
        !bestBid &&
        !bestAsk && (
          <Text className={classes.chartEmpty} size="sm" c="dimmed" data-testid="depth-empty">
            {t('trade.noLiquidity')}
          </Text>
        )
      )}
    </div>
  );
}
