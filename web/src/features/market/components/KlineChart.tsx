/**
 * The candlestick chart of the K-line page (lightweight-charts): candles, the indicators the user
 * chose (MA, EMA, BOLL on the price pane; VOL beneath), and above the canvas a readout of the
 * candle under the crosshair (the latest one otherwise: open, high, low, close, change, volume,
 * time) with the indicators' values at it, all through lib/format in the user's locale. History
 * comes in `candles`; live candles go through the imperative handle (`update`), which replaces the
 * last candle or appends a new one. Vertical touch drags scroll the page, not the chart; the chart
 * is always left-to-right, also inside an RTL page. It fills its parent's height.
 */
import { useComputedColorScheme } from '@mantine/core';
import {
  CandlestickSeries,
  createChart,
  HistogramSeries,
  LineSeries,
  type IChartApi,
  type ISeriesApi,
  type MouseEventParams,
  type Time,
} from 'lightweight-charts';
import { forwardRef, useEffect, useImperativeHandle, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { usePriceColors } from '../../../theme/priceColors';
import type { Candle } from '../api';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { Big } from '../../../lib/decimal';
import { formatAmount, formatCompact, formatDate, formatPercent, groupDigits } from '../../../lib/format';
import { localizationOf, priceFormatOf, themeOptions, timeScaleOptions, toChartTime as toTime } from '../../../ui/chart/chartOptions';
import { indicatorLines, LINE_KEYS, type Indicator, type IndicatorLine } from '../../../ui/chart/indicators';
import { toneOf } from '../../../ui/market/tone';
import { LIVE_UPDATE_MS, realClock, throttle } from '../../../lib/throttle';
import classes from './kline.module.css';

export interface KlineChartHandle {
  /** A live candle: replaces the last one (same time) or appends (later time); older ones are ignored. */
  update(candle: Candle): void;
}

const PRICE_PANE = ['ma', 'ema', 'boll'] as const;
const ALL_LINES = PRICE_PANE.flatMap((i) => LINE_KEYS[i]);

interface Series {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
  lines: Map<string, ISeriesApi<'Line'>>;
}

const volumeBar = (c: Candle, colors: { up: string; down: string }) => ({
  time: toTime(c.time),
  value: Number(c.volume),
  color: Number(c.close) >= Number(c.open) ? `${colors.up}80` : `${colors.down}80`,
});

const candleColors = ({ up, down }: { up: string; down: string }) => ({
  upColor: up,
  downColor: down,
  borderUpColor: up,
  borderDownColor: down,
  wickUpColor: up,
  wickDownColor: down,
});

const candleBar = (c: Candle) => ({
  time: toTime(c.time),
  open: Number(c.open),
  high: Number(c.high),
  low: Number(c.low),
  close: Number(c.close),
});

/** What is drawn, as data attributes (for tests and debugging): candle count, last time and close. */
function mark(el: HTMLDivElement | null, list: Candle[]) {
  if (!el) return;
  const last = list[list.length - 1];
  el.dataset.count = String(list.length);
  el.dataset.lastTime = last ? String(last.time) : '';
  el.dataset.lastClose = last?.close ?? '';
}

/** The lines of the enabled price-pane indicators over `list`. */
function linesOf(list: Candle[], indicators: readonly Indicator[]): IndicatorLine[] {
  const closes = list.map((c) => Number(c.close));
  return PRICE_PANE.filter((i) => indicators.includes(i)).flatMap((i) => indicatorLines(i, closes));
}

/** The index of the candle that starts at `ms` (binary search; -1 when there is none). */
function indexAt(list: Candle[], ms: number): number {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid].time === ms) return mid;
    if (list[mid].time < ms) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

interface KlineChartProps {
  candles: Candle[];
  pricePrecision: number;
  /** Which indicators to draw. */
  indicators: readonly Indicator[];
}

export const KlineChart = forwardRef<KlineChartHandle, KlineChartProps>(function KlineChart({ candles, pricePrecision, indicators }, ref) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const series = useRef<Series | null>(null);
  const dark = useComputedColorScheme('light') === 'dark';
  const locale = useIntlLocale();
  // Green up or red up (the user's choice); volume bars take it too.
  const colors = usePriceColors();
  const colorsRef = useRef(colors);
  colorsRef.current = colors;

  // The candles as shown by the readout: the history, then live candles on top of it (at most
  // once per LIVE_UPDATE_MS; the canvas takes every live candle at once, see `update`).
  const [list, setList] = useState(candles);
  const [history, setHistory] = useState(candles);
  if (history !== candles) {
    setHistory(candles);
    setList(candles);
  }
  /** The candles as drawn (the history and every live candle since). */
  const drawn = useRef<Candle[]>(candles);
  const indicatorsRef = useRef(indicators);
  indicatorsRef.current = indicators;
  const flush = useMemo(() => throttle(() => setList(drawn.current), LIVE_UPDATE_MS, realClock), []);
  useEffect(() => () => flush.cancel(), [flush]);
  /** The time (ms) of the candle under the crosshair, null when the crosshair is off the candles. */
  const [hover, setHover] = useState<number | null>(null);

  const lines = useMemo(() => linesOf(list, indicators), [list, indicators]);
  const showVolume = indicators.includes('vol');

  // Create once; removed on unmount.
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const chart = createChart(el, {
      autoSize: true,
      handleScroll: { vertTouchDrag: false },
      ...timeScaleOptions,
      crosshair: { mode: 0 },
    });
    const candleSeries = chart.addSeries(CandlestickSeries, candleColors(colorsRef.current));
    const volume = chart.addSeries(HistogramSeries, {
      priceScaleId: 'volume',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    const lineSeries = new Map(
      ALL_LINES.map((key) => [
        key,
        chart.addSeries(LineSeries, { lineWidth: 1, priceLineVisible: false, lastValueVisible: false, crosshairMarkerVisible: false, visible: false }),
      ]),
    );
    const onMove = (param: MouseEventParams<Time>) => {
      setHover(param.point && typeof param.time === 'number' ? param.time * 1000 : null);
    };
    chart.subscribeCrosshairMove(onMove);
    series.current = { chart, candles: candleSeries, volume, lines: lineSeries };
    return () => {
      chart.unsubscribeCrosshairMove(onMove);
      series.current = null;
      chart.remove();
    };
  }, []);

  useEffect(() => {
    series.current?.chart.applyOptions(themeOptions(dark));
  }, [dark]);

  useEffect(() => {
    const s = series.current;
    if (!s) return;
    s.candles.applyOptions(candleColors(colors));
    s.volume.setData(drawn.current.map((c) => volumeBar(c, colors)));
  }, [colors]);

  // Prices and times as the rest of the app shows them, in the user's language (the chart draws
  // with floats; only its labels are formatted here).
  useEffect(() => {
    const s = series.current;
    if (!s) return;
    const priceFormat = priceFormatOf(pricePrecision, locale);
    s.candles.applyOptions({ priceFormat });
    s.lines.forEach((l) => l.applyOptions({ priceFormat }));
    s.chart.applyOptions(localizationOf(locale));
  }, [pricePrecision, locale]);

  // Volume on or off: with it the candles leave the lower fifth to the bars.
  useEffect(() => {
    const s = series.current;
    if (!s) return;
    s.volume.applyOptions({ visible: showVolume });
    s.candles.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: showVolume ? 0.25 : 0.06 } });
  }, [showVolume]);

  /** Draws the indicator lines over `drawn` in full (a new history, or other indicators). */
  const drawLines = () => {
    const s = series.current;
    if (!s) return;
    const list = drawn.current;
    const shown = new Map(linesOf(list, indicatorsRef.current).map((l) => [l.key, l]));
    for (const [key, line] of s.lines) {
      const l = shown.get(key);
      line.applyOptions({ visible: Boolean(l), ...(l ? { color: l.color } : {}) });
      line.setData(l ? list.flatMap((c, i) => (l.values[i] === undefined ? [] : [{ time: toTime(c.time), value: l.values[i]! }])) : []);
    }
    if (container.current) container.current.dataset.lines = [...shown.keys()].join(' ');
  };

  // A new history: every candle, bar and line.
  useEffect(() => {
    const s = series.current;
    if (!s) return;
    drawn.current = history;
    s.candles.setData(history.map(candleBar));
    s.volume.setData(history.map((c) => volumeBar(c, colorsRef.current)));
    drawLines();
    s.chart.timeScale().scrollToRealTime();
    mark(container.current, history);
  }, [history]);

  // Other indicators: their lines.
  useEffect(drawLines, [indicators]);

  useImperativeHandle(
    ref,
    () => ({
      update(candle) {
        const s = series.current;
        const current = drawn.current;
        const last = current[current.length - 1];
        if (!s || !last || candle.time < last.time) return;
        const next = candle.time === last.time ? [...current.slice(0, -1), candle] : [...current, candle];
        drawn.current = next;
        // The canvas at once, incrementally: the candle, its bar and each line's last point.
        const time = toTime(candle.time);
        s.candles.update(candleBar(candle));
        s.volume.update(volumeBar(candle, colorsRef.current));
        for (const l of linesOf(next, indicatorsRef.current)) {
          const v = l.values[next.length - 1];
          if (v !== undefined) s.lines.get(l.key)?.update({ time, value: v });
        }
        mark(container.current, next);
        // The readout on the next pulse.
        flush.request();
      },
    }),
    [flush],
  );

  // The readout: the candle under the crosshair, the latest one otherwise.
  const hovered = hover === null ? -1 : indexAt(list, hover);
  const index = hovered >= 0 ? hovered : list.length - 1;
  const candle = list[index];
  const price = (v: string) => formatAmount(v, pricePrecision, locale);
  const change = candle && new Big(candle.open).gt(0) ? new Big(candle.close).minus(candle.open).div(candle.open).times(100).toFixed(4) : '0';
  const cell = (label: string, value: string, testId: string, tone?: string) => (
    <div className={classes.cell}>
      <dt>{label}</dt>
      <dd className={tone} data-testid={testId}>
        {value}
      </dd>
    </div>
  );

  return (
    <div className={classes.klineChart}>
      <div className={classes.readout} data-testid="kline-readout" data-time={candle?.time ?? ''} data-hovered={hovered >= 0 ? 'true' : 'false'}>
        <div className={classes.readoutTime} data-testid="readout-time">
          {candle ? formatDate(candle.time, 'dateTime', locale) : '--'}
        </div>
        <dl className={classes.ohlc}>
          {cell(t('kline.ohlc.open'), candle ? price(candle.open) : '--', 'readout-open')}
          {cell(t('kline.ohlc.high'), candle ? price(candle.high) : '--', 'readout-high')}
          {cell(t('kline.ohlc.low'), candle ? price(candle.low) : '--', 'readout-low')}
          {cell(t('kline.ohlc.close'), candle ? price(candle.close) : '--', 'readout-close')}
          {cell(t('kline.ohlc.change'), candle ? formatPercent(change, locale) : '--', 'readout-change', toneOf(change))}
          {cell(t('kline.ohlc.volume'), candle ? formatCompact(candle.volume, locale) : '--', 'readout-volume')}
        </dl>
        {lines.length > 0 && (
          <div className={classes.legend} data-testid="kline-legend">
            {lines.map((l) => {
              const v = l.values[index];
              return (
                <span key={l.key} style={{ '--ma-color': l.color } as CSSProperties}>
                  {l.label} {v === undefined ? '--' : groupDigits(v.toFixed(pricePrecision), locale)}
                </span>
              );
            })}
          </div>
        )}
      </div>
      <div ref={container} className={classes.canvas} dir="ltr" data-testid="kline-chart" data-indicators={indicators.join(' ')} />
    </div>
  );
});
