/**
 * The depth chart's two areas from an order book's cumulative levels: bids to the left of the
 * spread, asks to the right, sampled on one evenly spaced price grid (lightweight-charts spaces
 * points evenly, so an even grid makes the horizontal axis linear in price). Each point keeps the
 * book level it reaches (its exact price and cumulative total, as decimal strings) for the
 * readout; the floats are for drawing only.
 */

/** A book level with its cumulative total from the best price (what `useOrderBook` gives). */
export interface DepthLevel {
  price: string;
  total: string;
}

export interface DepthPoint {
  /** Price on the horizontal axis. */
  x: number;
  /** Cumulative amount (drawing). */
  value: number;
  /** The deepest level this point reaches. */
  level: DepthLevel;
}

export interface Depth {
  /** Ascending prices up to the best bid. */
  bids: DepthPoint[];
  /** Ascending prices from the best ask. */
  asks: DepthPoint[];
  /** The grid prices inside the spread, between the two sides: drawn as nothing, they keep the axis linear across it. */
  gap: number[];
  /** The grid's step (0 for an empty book). */
  step: number;
}

/**
 * Samples the cumulative bid and ask curves. `bids` best (highest) first, `asks` best (lowest)
 * first, as the book gives them; `steps` points per side across the wider side's range.
 */
export function depthPoints(bids: readonly DepthLevel[], asks: readonly DepthLevel[], steps = 60): Depth {
  const bidPrices = bids.map((l) => Number(l.price));
  const askPrices = asks.map((l) => Number(l.price));
  if (!bids.length && !asks.length) return { bids: [], asks: [], gap: [], step: 0 };
  const best = { bid: bidPrices[0], ask: askPrices[0] };
  const mid = bids.length && asks.length ? (best.bid + best.ask) / 2 : bids.length ? best.bid : best.ask;
  const half = Math.max(bids.length ? mid - bidPrices[bids.length - 1] : 0, asks.length ? askPrices[asks.length - 1] - mid : 0);
  const step = niceStep(half > 0 ? half / steps : Math.max(Math.abs(mid), 1) / 1000);
  const places = Math.max(0, 1 - Math.floor(Math.log10(step)));
  const grid = (k: number) => Number((k * step).toFixed(places));

  /** One side: grid prices from the best price outwards until the deepest level is reached. */
  const side = (levels: readonly DepthLevel[], prices: number[], dir: 1 | -1): DepthPoint[] => {
    const out: DepthPoint[] = [];
    if (!levels.length) return out;
    const end = prices[prices.length - 1];
    // The first grid price at or beyond the best one (outwards), so it already reaches the best level.
    const k0 = dir < 0 ? Math.floor(prices[0] / step + 1e-9) : Math.ceil(prices[0] / step - 1e-9);
    let j = 0;
    for (let i = 0; ; i++) {
      const x = grid(k0 + dir * i);
      while (j + 1 < prices.length && (dir < 0 ? prices[j + 1] >= x : prices[j + 1] <= x)) j++;
      out.push({ x, value: Number(levels[j].total), level: levels[j] });
      if (dir < 0 ? x <= end : x >= end) break;
    }
    return dir < 0 ? out.reverse() : out;
  };
  const sides = { bids: side(bids, bidPrices, -1), asks: side(asks, askPrices, 1) };
  const gap: number[] = [];
  const [lastBid, firstAsk] = [sides.bids.at(-1), sides.asks[0]];
  if (lastBid && firstAsk) for (let k = Math.round(lastBid.x / step) + 1; k < Math.round(firstAsk.x / step); k++) gap.push(grid(k));
  return { ...sides, gap, step };
}

/**
 * Where the price axis labels a depth chart `width` px wide: every `every` (a round multiple of the
 * grid's step, so the labels are evenly spaced and at least `labelPx` × 1.3 apart), and only between
 * `from` and `to` (a label centred nearer an edge than half its width would be cut). Null for an
 * empty book.
 */
export function depthLabels(depth: Depth, width: number, labelPx: number): { every: number; from: number; to: number } | null {
  const xs = [...depth.bids, ...depth.asks].map((p) => p.x);
  if (!xs.length || width <= 0) return null;
  const [min, max] = [Math.min(...xs), Math.max(...xs)];
  const points = depth.bids.length + depth.gap.length + depth.asks.length;
  const pxPerStep = width / points;
  const every = depth.step * roundCount((labelPx * 1.3) / pxPerStep);
  // The library centres a point in its slot: the first and last lie half a step inside the edges.
  const margin = (labelPx / 2 / pxPerStep - 0.5) * depth.step;
  return { every, from: min + margin, to: max - margin };
}

/** The least whole number of steps of 1, 2, 2.5 or 5 times a power of ten that is at least `raw` (and 1). */
function roundCount(raw: number): number {
  for (let p = 1; ; p *= 10) for (const f of [1, 2, 2.5, 5]) if (Number.isInteger(f * p) && f * p >= raw) return f * p;
}

/** The grid step: 1, 2 or 5 times a power of ten, at least `raw`. */
export function niceStep(raw: number): number {
  const p = 10 ** Math.floor(Math.log10(raw));
  const m = raw / p;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
}
