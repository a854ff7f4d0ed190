/**
 * The candlestick chart of the K-line page (lightweight-charts): candles and the price-pane
 * indicators the user chose (MA, EMA, BOLL), a pane below with one sub-indicator (VOL, MACD, KDJ,
 * RSI, or none) and its legend, and above the canvas a readout of the candle under the crosshair
 * (the latest one otherwise: open, high, low, close, change, volume, time) with the indicators'
 * values at it, prices through lib/format in the user's locale. Each pane has its own price axis,
 * which shows only whole labels (none cut at the top or bottom edge). History comes in `candles`;
 * live candles go through the imperative handle (`update`), which replaces the last candle or
 * appends a new one. Vertical touch drags scroll the page, not the chart; the chart is always
 * left-to-right, also inside an RTL page. It fills its parent's height.
 */
import { useComputedColorScheme } from '@mantine/core';
import {
  CandlestickSeries,
  HistogramSeries,
  LineSeries,
  LineStyle,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type MouseEventParams,
  type Time,
} from 'lightweight-charts';
import { forwardRef, useEffect, useImperativeHandle, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { usePriceColors } from '../../../theme/priceColors';
import { createTimeChart } from '../../../ui/chart/timeChart';
import type { Candle } from '../api';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { Big } from '../../../lib/decimal';
import { formatAmount, formatCompact, formatDate, formatPercent, groupDigits } from '../../../lib/format';
import {
  amountFormatOf,
  localizationOf,
  priceFormatOf,
  priceScaleOptions,
  themeOptions,
  timeScaleOptions,
  toChartTime as toTime,
} from '../../../ui/chart/chartOptions';
import { indicatorLines, INDICATORS, LINE_KEYS, type Indicator, type IndicatorLine } from '../../../ui/chart/indicators';
import { subPane, type Bar, type SubIndicator, type SubPane } from '../indicators';
import { toneOf } from '../../../ui/market/tone';
import { LIVE_UPDATE_MS, realClock, throttle } from '../../../lib/throttle';
import classes from './kline.module.css';

export interface KlineChartHandle {
  /** A live candle: replaces the last one (same time) or appends (later time); older ones are ignored. */
  update(candle: Candle): void;
}

const ALL_LINES = INDICATORS.flatMap((i) => LINE_KEYS[i]);
/** The pane below the price: its index, and its share of the height beside the price pane's. */
const SUB_PANE = 1;
const SUB_STRETCH = { price: 3, sub: 1 };

interface Series {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  lines: Map<string, ISeriesApi<'Line'>>;
  /** The sub pane's series (by key) and guides, for the sub-indicator they were made for. */
  sub: { indicator: SubIndicator; series: Map<string, ISeriesApi<'Line'> | ISeriesApi<'Histogram'>>; guides: IPriceLine[] };
}

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
  return INDICATORS.filter((i) => indicators.includes(i)).flatMap((i) => indicatorLines(i, closes));
}

/** The candles as floats, for the sub-indicators (drawing only). */
const barsOf = (list: Candle[]): Bar[] =>
  list.map((c) => ({ open: Number(c.open), high: Number(c.high), low: Number(c.low), close: Number(c.close), volume: Number(c.volume) }));

/** A point of a sub-pane series at candle `c`: a histogram bar takes the up or down colour. */
function subPoint(pane: SubPane, key: string, i: number, c: Candle, colors: { up: string; down: string }) {
  const s = pane.series.find((x) => x.key === key)!;
  const value = s.values[i];
  if (value === undefined) return { time: toTime(c.time) };
  if (s.kind === 'line') return { time: toTime(c.time), value };
  const color = s.rising![i] ? colors.up : colors.down;
  return { time: toTime(c.time), value, color: pane.format === 'volume' ? `${color}80` : `${color}b0` };
}

/** How a sub pane's axis and legend read its values: amounts short, MACD at the price's places, oscillators at 2. */
function subFormat(pane: SubPane, pricePrecision: number, locale: string) {
  if (pane.format === 'volume') return { axis: amountFormatOf(locale), text: (v: number) => formatCompact(v.toFixed(8), locale) };
  const places = pane.format === 'price' ? pricePrecision : 2;
  const text = (v: number) => groupDigits(v.toFixed(places), locale);
  return { axis: { type: 'custom' as const, minMove: 10 ** -places, formatter: text }, text };
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
  /** Which indicators to draw on the price pane. */
  indicators: readonly Indicator[];
  /** What the pane below the price shows. */
  sub: SubIndicator;
}

export const KlineChart = forwardRef<KlineChartHandle, KlineChartProps>(function KlineChart({ candles, pricePrecision, indicators, sub }, ref) {
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
  const subRef = useRef(sub);
  subRef.current = sub;
  const formatRef = useRef({ pricePrecision, locale });
  formatRef.current = { pricePrecision, locale };
  const flush = useMemo(() => throttle(() => setList(drawn.current), LIVE_UPDATE_MS, realClock), []);
  useEffect(() => () => flush.cancel(), [flush]);
  /** The time (ms) of the candle under the crosshair, null when the crosshair is off the candles. */
  const [hover, setHover] = useState<number | null>(null);

  const lines = useMemo(() => linesOf(list, indicators), [list, indicators]);
  const pane = useMemo(() => subPane(sub, barsOf(list)), [list, sub]);
  /** Where the sub pane's legend goes: the pane's top, clear of its price axis (px). */
  const [subPlace, setSubPlace] = useState<{ top: number; right: number } | null>(null);

  // Create once; removed on unmount.
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const chart = createTimeChart(el, {
      autoSize: true,
      handleScroll: { vertTouchDrag: false },
      ...timeScaleOptions,
      ...priceScaleOptions,
      crosshair: { mode: 0 },
    });
    const candleSeries = chart.addSeries(CandlestickSeries, candleColors(colorsRef.current));
    candleSeries.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.06 } });
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
    series.current = { chart, candles: candleSeries, lines: lineSeries, sub: { indicator: 'none', series: new Map(), guides: [] } };
    // The sub pane's legend sits at the top of that pane, wherever a resize puts it.
    const observer = new ResizeObserver(() => placeSubLegend());
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.unsubscribeCrosshairMove(onMove);
      series.current = null;
      chart.remove();
    };
  }, []);

  /** The legend of the sub pane at that pane's top, after the chart laid its panes out. */
  const placeSubLegend = () =>
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const s = series.current;
        const shown = s && s.chart.panes().length > SUB_PANE;
        if (s && container.current) container.current.dataset.panes = String(s.chart.panes().length);
        setSubPlace(shown ? { top: s.chart.paneSize(0).height + 1, right: s.chart.priceScale('right', SUB_PANE).width() + 4 } : null);
      }),
    );

  useEffect(() => {
    series.current?.chart.applyOptions(themeOptions(dark));
  }, [dark]);

  useEffect(() => {
    const s = series.current;
    if (!s) return;
    s.candles.applyOptions(candleColors(colors));
    drawSub();
  }, [colors]);

  // Prices and times as the rest of the app shows them, in the user's language (the chart draws
  // with floats; only its labels are formatted here).
  useEffect(() => {
    const s = series.current;
    if (!s) return;
    const priceFormat = priceFormatOf(pricePrecision, locale);
    labelTicks();
    s.lines.forEach((l) => l.applyOptions({ priceFormat }));
    s.chart.applyOptions(localizationOf(locale));
    formatSub();
    placeSubLegend();
  }, [pricePrecision, locale]);

  /**
   * The price axis's tick labels, left out where the last price's label covers them: applied again
   * whenever the last price moves.
   */
  const labelTicks = () => {
    const s = series.current;
    if (!s) return;
    const { pricePrecision, locale } = formatRef.current;
    const lastClose = () => {
      const last = drawn.current[drawn.current.length - 1];
      return last ? [Number(last.close)] : [];
    };
    s.candles.applyOptions({ priceFormat: priceFormatOf(pricePrecision, locale, { series: () => series.current?.candles ?? null, prices: lastClose }) });
  };

  /** The sub pane's series for the chosen sub-indicator: made anew when it changes, none (and no pane) for none. */
  const buildSub = () => {
    const s = series.current;
    if (!s) return;
    const indicator = subRef.current;
    for (const old of s.sub.series.values()) s.chart.removeSeries(old);
    s.sub = { indicator, series: new Map(), guides: [] };
    const pane = subPane(indicator, []);
    if (pane) {
      for (const def of pane.series) {
        // Their values are in the legend; labels on the axis would only cover its ticks.
        const options = { priceLineVisible: false, lastValueVisible: false, crosshairMarkerVisible: false };
        const made =
          def.kind === 'line'
            ? s.chart.addSeries(LineSeries, { ...options, lineWidth: 1, color: def.color }, SUB_PANE)
            : s.chart.addSeries(HistogramSeries, { ...options, base: 0 }, SUB_PANE);
        s.sub.series.set(def.key, made);
      }
      const first = [...s.sub.series.values()][0];
      s.sub.guides = pane.guides.map((price) =>
        first.createPriceLine({ price, color: '#8a8f9880', lineWidth: 1, lineStyle: LineStyle.Dashed, axisLabelVisible: false }),
      );
      const panes = s.chart.panes();
      panes[0].setStretchFactor(SUB_STRETCH.price);
      panes[SUB_PANE].setStretchFactor(SUB_STRETCH.sub);
      s.chart.priceScale('right', SUB_PANE).applyOptions({ scaleMargins: pane.format === 'volume' ? { top: 0.25, bottom: 0 } : { top: 0.25, bottom: 0.08 } });
      formatSub();
      drawSub();
    }
    placeSubLegend();
  };

  /** The sub pane's axis labels in the user's locale. */
  const formatSub = () => {
    const s = series.current;
    const pane = s && subPane(s.sub.indicator, []);
    if (!s || !pane) return;
    const { axis } = subFormat(pane, formatRef.current.pricePrecision, formatRef.current.locale);
    for (const made of s.sub.series.values()) made.applyOptions({ priceFormat: axis });
  };

  /** The sub pane's series over `drawn` in full (a new history, sub-indicator or colours). */
  const drawSub = () => {
    const s = series.current;
    if (!s) return;
    const list = drawn.current;
    const pane = subPane(s.sub.indicator, barsOf(list));
    if (!pane) return;
    for (const [key, made] of s.sub.series) made.setData(list.map((c, i) => subPoint(pane, key, i, c, colorsRef.current)));
  };

  useEffect(buildSub, [sub]);

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
    labelTicks();
    drawLines();
    drawSub();
    placeSubLegend();
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
        if (candle.close !== last.close) labelTicks();
        for (const l of linesOf(next, indicatorsRef.current)) {
          const v = l.values[next.length - 1];
          if (v !== undefined) s.lines.get(l.key)?.update({ time, value: v });
        }
        const pane = subPane(s.sub.indicator, barsOf(next));
        if (pane) for (const [key, made] of s.sub.series) made.update(subPoint(pane, key, next.length - 1, candle, colorsRef.current));
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
  const subText = pane ? subFormat(pane, pricePrecision, locale).text : String;
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
      <div className={classes.canvas}>
        <div ref={container} className={classes.chartHost} dir="ltr" data-testid="kline-chart" data-indicators={indicators.join(' ')} data-sub={sub} />
        {pane && subPlace && candle && (
          <div className={classes.subLegend} style={subPlace} dir="ltr" data-testid="kline-sub-legend">
            <span className={classes.subTitle}>{pane.title}</span>
            {pane.series.map((x) => {
              const v = x.values[index];
              return (
                <span key={x.key} className={x.color ? classes.swatch : undefined} style={x.color ? ({ '--ma-color': x.color } as CSSProperties) : undefined}>
                  {pane.series.length === 1 ? '' : `${x.label} `}
                  {v === undefined ? '--' : subText(v)}
                </span>
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
});
