/**
 * A horizontal scale of prices (for the depth chart) whose labels go through the app's formatter.
 * lightweight-charts' own price scale (`createOptionsChart`) prints `toFixed` ("67400.00") whatever
 * the locale; this is the same behaviour with the tick labels and the crosshair label formatted by
 * the function it is given, which can be replaced (a new locale) without recreating the chart.
 * Given `setLabels`, it labels only multiples of one round interval between two prices (evenly
 * spaced, none cut at an edge) instead of the roundest prices wherever they fall.
 */
import type {
  ChartOptionsImpl,
  IHorzScaleBehavior,
  InternalHorzScaleItem,
  InternalHorzScaleItemKey,
  LocalizationOptions,
  Mutable,
  TickMark,
  TickMarkWeightValue,
  TimeMark,
  TimeScalePoint,
} from 'lightweight-charts';

/** How round a price is compared with the grid's step: the axis prefers the roundest for its labels. */
function weightOf(price: number, step: number): TickMarkWeightValue {
  const multiples = [100, 50, 20, 10, 5, 2];
  const i = multiples.findIndex((m) => Math.abs(price / (m * step) - Math.round(price / (m * step))) < 1e-6);
  return (i < 0 ? 0 : multiples.length - i) as TickMarkWeightValue;
}

const multipleOf = (price: number, every: number) => Math.abs(price / every - Math.round(price / every)) < 1e-6;

export class LocalPriceScale implements IHorzScaleBehavior<number> {
  private opts!: ChartOptionsImpl<number>;
  private changed = false;
  private labels: { every: number; from: number; to: number } | null = null;
  constructor(private format: (price: number) => string) {}

  /** Labels every `every` from `from` to `to` only (set before the data it is for). */
  setLabels(labels: { every: number; from: number; to: number } | null): void {
    this.labels = labels;
    this.changed = true;
  }

  /** New labels (a new locale or precision): every tick label is formatted again. */
  setFormat(format: (price: number) => string): void {
    this.format = format;
    this.changed = true;
  }
  options(): ChartOptionsImpl<number> {
    return this.opts;
  }
  setOptions(options: ChartOptionsImpl<number>): void {
    this.opts = options;
  }
  preprocessData(): void {}
  updateFormatter(options: LocalizationOptions<number>): void {
    if (this.opts) this.opts.localization = options;
  }
  createConverterToInternalObj() {
    return (price: number) => price as unknown as InternalHorzScaleItem;
  }
  key(item: InternalHorzScaleItem | number): InternalHorzScaleItemKey {
    return item as unknown as InternalHorzScaleItemKey;
  }
  cacheKey(item: InternalHorzScaleItem): number {
    return item as unknown as number;
  }
  convertHorzItemToInternal(item: number): InternalHorzScaleItem {
    return item as unknown as InternalHorzScaleItem;
  }
  formatHorzItem(item: InternalHorzScaleItem): string {
    return this.format(item as unknown as number);
  }
  formatTickmark(mark: TickMark): string {
    const price = mark.time as unknown as number;
    const l = this.labels;
    if (l && (!multipleOf(price, l.every) || price < l.from || price > l.to)) return '';
    return this.format(price);
  }
  maxTickMarkWeight(marks: TimeMark[]): TickMarkWeightValue {
    return marks.reduce((a, b) => (a.weight > b.weight ? a : b), marks[0]).weight;
  }
  fillWeightsForPoints(points: readonly Mutable<TimeScalePoint>[], start: number): void {
    const l = this.labels;
    const step = points.length > 1 ? Math.abs((points[1].time as unknown as number) - (points[0].time as unknown as number)) : 1;
    for (let i = start; i < points.length; i++) {
      const price = points[i].time as unknown as number;
      // With an interval: its multiples all alike (none drawn bolder), the rest never labelled.
      points[i].timeWeight = l ? ((multipleOf(price, l.every) ? 1 : 0) as TickMarkWeightValue) : weightOf(price, step);
    }
  }
  shouldResetTickmarkLabels(): boolean {
    const reset = this.changed;
    this.changed = false;
    return reset;
  }
}
