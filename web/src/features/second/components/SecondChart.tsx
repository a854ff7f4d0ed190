/**
 * A small live price chart of the symbol (lightweight-charts): the last hour of one-minute closes,
 * then every tick of the feed while the page is open, and a dashed line at the purchase price of
 * each running contract on the symbol (in the colour of its direction). The price axis shows whole
 * labels only, none under the last price's or a purchase price's label. Vertical touch drags
 * scroll the page; the chart stays left-to-right inside an RTL page.
 */
import { useComputedColorScheme } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AreaSeries, LineStyle, type IChartApi, type IPriceLine, type ISeriesApi } from 'lightweight-charts';
import { useCallback, useEffect, useRef } from 'react';
import { useTicker } from '../../../api/market';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { usePriceColors } from '../../../theme/priceColors';
import { createTimeChart } from '../../../ui/chart/timeChart';
import { localizationOf, priceFormatOf, priceScaleOptions, themeOptions, toChartTime } from '../../../ui/chart/chartOptions';
import { historyQuery } from '../api';
import type { SecondOrder } from '../forms/secondForm';

export function SecondChart({ symbol, pricePrecision, running }: { symbol: string; pricePrecision: number; running: SecondOrder[] }) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<{ api: IChartApi; line: ISeriesApi<'Area'>; last: number; lastValue: number | null } | null>(null);
  const dark = useComputedColorScheme('light') === 'dark';
  const locale = useIntlLocale();
  const colors = usePriceColors();
  const { data: history } = useQuery(historyQuery(symbol));
  const ticker = useTicker(symbol);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const api = createTimeChart(el, {
      autoSize: true,
      handleScroll: { vertTouchDrag: false },
      timeScale: { timeVisible: true, secondsVisible: true, rightOffset: 6 },
      ...priceScaleOptions,
      crosshair: { mode: 0 },
    });
    const line = api.addSeries(AreaSeries, { lineWidth: 2, lineColor: '#3b82f6', topColor: 'rgba(59,130,246,0.25)', bottomColor: 'rgba(59,130,246,0)' });
    chart.current = { api, line, last: 0, lastValue: null };
    return () => {
      chart.current = null;
      api.remove();
    };
  }, []);

  useEffect(() => chart.current?.api.applyOptions(themeOptions(dark)), [dark]);

  // The labels drawn over the price axis: the last price's and each purchase price's.
  const labelsAt = useRef<number[]>([]);
  const format = useRef({ pricePrecision, locale });
  format.current = { pricePrecision, locale };
  const purchases = useRef<number[]>([]);
  purchases.current = running.filter((o) => o.symbol === symbol).map((o) => Number(o.openPrice));
  /** The axis's tick labels, left out under those labels: applied again whenever they move. */
  const labelsMoved = useCallback(() => {
    const c = chart.current;
    if (!c) return;
    labelsAt.current = [...(c.lastValue !== null ? [c.lastValue] : []), ...purchases.current];
    const clearOf = { series: () => chart.current?.line ?? null, prices: () => labelsAt.current };
    c.line.applyOptions({ priceFormat: priceFormatOf(format.current.pricePrecision, format.current.locale, clearOf) });
  }, []);

  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    labelsMoved();
    c.api.applyOptions(localizationOf(locale));
  }, [pricePrecision, locale, labelsMoved]);

  useEffect(() => {
    const c = chart.current;
    if (!c || !history) return;
    const points = history.candles.map((k) => ({ time: toChartTime(k.time), value: Number(k.close) }));
    c.line.setData(points);
    c.last = points.length ? (points[points.length - 1].time as number) : 0;
    c.lastValue = points.length ? points[points.length - 1].value : null;
    labelsMoved();
    c.api.timeScale().scrollToRealTime();
    container.current?.setAttribute('data-points', String(points.length));
  }, [history, labelsMoved]);

  // Each tick of the feed: a new point (or the same second's point replaced).
  useEffect(() => {
    const c = chart.current;
    if (!c || !ticker || !history) return;
    const time = toChartTime(ticker.time);
    if ((time as number) < c.last) return;
    c.line.update({ time, value: Number(ticker.last) });
    c.last = time;
    if (c.lastValue !== Number(ticker.last)) {
      c.lastValue = Number(ticker.last);
      labelsMoved();
    }
    container.current?.setAttribute('data-last', ticker.last);
  }, [ticker, history, labelsMoved]);

  // The purchase price of each running contract on this symbol.
  const lines = useRef<IPriceLine[]>([]);
  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    for (const l of lines.current) c.line.removePriceLine(l);
    lines.current = running
      .filter((o) => o.symbol === symbol)
      .map((o) =>
        c.line.createPriceLine({
          price: Number(o.openPrice),
          color: o.direction === 'up' ? colors.up : colors.down,
          lineStyle: LineStyle.Dashed,
          lineWidth: 1,
          axisLabelVisible: true,
          title: o.direction === 'up' ? '▲' : '▼',
        }),
      );
    container.current?.setAttribute('data-price-lines', String(lines.current.length));
    labelsMoved();
  }, [running, symbol, colors, labelsMoved]);

  return <div ref={container} dir="ltr" data-testid="second-chart" style={{ height: 180, width: '100%', position: 'relative' }} />;
}
