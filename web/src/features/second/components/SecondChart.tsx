/**
 * A small live price chart of the symbol (lightweight-charts): the last hour of one-minute closes,
 * then every tick of the feed while the page is open, and a dashed line at the purchase price of
 * each running contract on the symbol (in the colour of its direction). Vertical touch drags
 * scroll the page; the chart stays left-to-right inside an RTL page.
 */
import { useComputedColorScheme } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AreaSeries, createChart, LineStyle, type IChartApi, type IPriceLine, type ISeriesApi } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { useTicker } from '../../../api/market';
import { useIntlLocale } from '../../../i18n/useIntlLocale';
import { usePriceColors } from '../../../theme/priceColors';
import { localizationOf, priceFormatOf, themeOptions, toChartTime } from '../../../ui/chart/chartOptions';
import { historyQuery } from '../api';
import type { SecondOrder } from '../forms/secondForm';

export function SecondChart({ symbol, pricePrecision, running }: { symbol: string; pricePrecision: number; running: SecondOrder[] }) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<{ api: IChartApi; line: ISeriesApi<'Area'>; last: number } | null>(null);
  const dark = useComputedColorScheme('light') === 'dark';
  const locale = useIntlLocale();
  const colors = usePriceColors();
  const { data: history } = useQuery(historyQuery(symbol));
  const ticker = useTicker(symbol);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const api = createChart(el, {
      autoSize: true,
      handleScroll: { vertTouchDrag: false },
      timeScale: { timeVisible: true, secondsVisible: true, rightOffset: 6 },
      crosshair: { mode: 0 },
    });
    const line = api.addSeries(AreaSeries, { lineWidth: 2, lineColor: '#3b82f6', topColor: 'rgba(59,130,246,0.25)', bottomColor: 'rgba(59,130,246,0)' });
    chart.current = { api, line, last: 0 };
    return () => {
      chart.current = null;
      api.remove();
    };
  }, []);

  useEffect(() => chart.current?.api.applyOptions(themeOptions(dark)), [dark]);

  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    c.line.applyOptions({ priceFormat: priceFormatOf(pricePrecision, locale) });
    c.api.applyOptions(localizationOf(locale));
  }, [pricePrecision, locale]);

  useEffect(() => {
    const c = chart.current;
    if (!c || !history) return;
    const points = history.candles.map((k) => ({ time: toChartTime(k.time), value: Number(k.close) }));
    c.line.setData(points);
    c.last = points.length ? (points[points.length - 1].time as number) : 0;
    c.api.timeScale().scrollToRealTime();
    container.current?.setAttribute('data-points', String(points.length));
  }, [history]);

  // Each tick of the feed: a new point (or the same second's point replaced).
  useEffect(() => {
    const c = chart.current;
    if (!c || !ticker || !history) return;
    const time = toChartTime(ticker.time);
    if ((time as number) < c.last) return;
    c.line.update({ time, value: Number(ticker.last) });
    c.last = time;
    container.current?.setAttribute('data-last', ticker.last);
  }, [ticker, history]);

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
  }, [running, symbol, colors]);

  return <div ref={container} dir="ltr" data-testid="second-chart" style={{ height: 180, width: '100%', position: 'relative' }} />;
}
