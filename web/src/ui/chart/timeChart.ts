/**
 * `createChart` for charts over time whose time axis never shows a label cut at an edge.
 * lightweight-charts draws each tick label centred on its bar, so while the chart is scrolled the
 * first and last labels hang half outside the axis (it moves them inside only at the very ends of
 * the data). Here a label that would not fit whole is left out, and the labels are worked out anew
 * whenever the visible range or the width changes (the library keeps them per time otherwise).
 */
import {
  createChartEx,
  defaultHorzScaleBehavior,
  type ChartOptions,
  type DeepPartial,
  type IChartApi,
  type InternalHorzScaleItem,
  type LocalizationOptions,
  type Time,
  type TickMark,
} from 'lightweight-charts';

/** Room (px) kept between a label and the edge. */
const EDGE_PX = 2;

export function createTimeChart(container: HTMLElement, options: DeepPartial<ChartOptions>): IChartApi {
  const Base = defaultHorzScaleBehavior();
  let chart: IChartApi | null = null;
  /** Bumped on every scroll, zoom or resize: the labels' cache keys with it. */
  let generation = 0;
  const measure = document.createElement('canvas').getContext('2d');

  class EdgeSafeTime extends Base {
    cacheKey(item: InternalHorzScaleItem): number {
      return super.cacheKey(item) + (generation % 100_000) * 1e10;
    }

    formatTickmark(mark: TickMark, localization: LocalizationOptions<Time>): string {
      const text = super.formatTickmark(mark, localization);
      if (!chart || !measure) return text;
      const scale = chart.timeScale();
      const x = scale.logicalToCoordinate(mark.index as unknown as Parameters<typeof scale.logicalToCoordinate>[0]);
      const { fontSize, fontFamily } = chart.options().layout;
      measure.font = `${fontSize}px ${fontFamily}`;
      const half = measure.measureText(text).width / 2 + EDGE_PX;
      return x === null || x - half < 0 || x + half > scale.width() ? '' : text;
    }
  }

  // What `createChart` adds to the options of its own time scale.
  chart = createChartEx(container, new EdgeSafeTime(), { localization: { dateFormat: "dd MMM 'yy" }, ...options }) as IChartApi;
  const again = () => generation++;
  chart.timeScale().subscribeVisibleLogicalRangeChange(again);
  chart.timeScale().subscribeSizeChange(again);
  return chart;
}
