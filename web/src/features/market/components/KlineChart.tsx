/**
 * The candlestick chart of the K-line page (lightweight-charts): candles, a volume histogram on its
 * own price scale and MA7/MA25 lines. History comes in `candles`; live candles go through the
 * imperative handle (`update`), which replaces the last candle or appends a new one without
 * re-rendering React. Vertical touch drags scroll the page, not the chart; the chart is always
 * left-to-right, also inside an RTL page.
 */
import { useComputedColorScheme } from '@mantine/core';
import { CandlestickSeries, createChart, HistogramSeries, LineSeries, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { usePriceColors } from '../../../theme/priceColors';
import type { Candle } from '../api';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { localizationOf, priceFormatOf, themeOptions, toChartTime as toTime } from '../../../ui/chart/chartOptions';

const MA = [
  { length: 7, color: '#f0b90b' },
  { length: 25, color: '#c86dd7' },
] as const;

export interface KlineChartHandle {
  /** A live candle: replaces the last one (same time) or appends (later time); older ones are ignored. */
  update(candle: Candle): void;
}

interface Series {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
  ma: ISeriesApi<'Line'>[];
}

function movingAverage(closes: number[], times: UTCTimestamp[], length: number) {
  const out: { time: UTCTimestamp; value: number }[] = [];
  let sum = 0;
  for (let i = 0; i < closes.length; i++) {
    sum += closes[i];
    if (i >= length) sum -= closes[i - length];
    if (i >= length - 1) out.push({ time: times[i], value: sum / length });
  }
  return out;
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

export const KlineChart = forwardRef<KlineChartHandle, { candles: Candle[]; pricePrecision: number; height?: number }>(function KlineChart(
  { candles, pricePrecision, height = 300 },
  ref,
) {
  const container = useRef<HTMLDivElement>(null);
  const series = useRef<Series | null>(null);
  /** The candles as drawn (for MA recomputation on live updates). */
  const data = useRef<Candle[]>([]);
  const dark = useComputedColorScheme('light') === 'dark';
  const locale = useIntlLocale();
  // Green up or red up (the user's choice); volume bars take it too.
  const colors = usePriceColors();
  const colorsRef = useRef(colors);
  colorsRef.current = colors;

  // Create once; removed on unmount.
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const chart = createChart(el, {
      autoSize: true,
      handleScroll: { vertTouchDrag: false },
      timeScale: { timeVisible: true, secondsVisible: false },
      crosshair: { mode: 0 },
    });
    const candleSeries = chart.addSeries(CandlestickSeries, candleColors(colorsRef.current));
    candleSeries.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.25 } });
    const volume = chart.addSeries(HistogramSeries, {
      priceScaleId: 'volume',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    const ma = MA.map((m) =>
      chart.addSeries(LineSeries, { color: m.color, lineWidth: 1, priceLineVisible: false, lastValueVisible: false, crosshairMarkerVisible: false }),
    );
    series.current = { chart, candles: candleSeries, volume, ma };
    return () => {
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
    s.volume.setData(data.current.map((c) => volumeBar(c, colors)));
  }, [colors]);

  // Prices and times as the rest of the app shows them, in the user's language (the chart draws
  // with floats; only its labels are formatted here).
  useEffect(() => {
    const s = series.current;
    if (!s) return;
    const priceFormat = priceFormatOf(pricePrecision, locale);
    s.candles.applyOptions({ priceFormat });
    s.ma.forEach((m) => m.applyOptions({ priceFormat }));
    s.chart.applyOptions(localizationOf(locale));
  }, [pricePrecision, locale]);

  useEffect(() => {
    const s = series.current;
    if (!s) return;
    data.current = candles;
    s.candles.setData(candles.map(candleBar));
    s.volume.setData(candles.map((c) => volumeBar(c, colorsRef.current)));
    const closes = candles.map((c) => Number(c.close));
    const times = candles.map((c) => toTime(c.time));
    MA.forEach((m, i) => s.ma[i].setData(movingAverage(closes, times, m.length)));
    s.chart.timeScale().scrollToRealTime();
    mark(container.current, candles);
  }, [candles]);

  useImperativeHandle(
    ref,
    () => ({
      update(candle) {
        const s = series.current;
        const list = data.current;
        if (!s || !list.length) return;
        const last = list[list.length - 1];
        if (candle.time < last.time) return;
        const next = candle.time === last.time ? [...list.slice(0, -1), candle] : [...list, candle];
        data.current = next;
        s.candles.update(candleBar(candle));
        s.volume.update(volumeBar(candle, colorsRef.current));
        MA.forEach((m, i) => {
          if (next.length < m.length) return;
          let sum = 0;
          for (let k = next.length - m.length; k < next.length; k++) sum += Number(next[k].close);
          s.ma[i].update({ time: toTime(candle.time), value: sum / m.length });
        });
        mark(container.current, next);
      },
    }),
    [],
  );

  return <div ref={container} dir="ltr" data-testid="kline-chart" style={{ height, width: '100%', position: 'relative' }} />;
});
