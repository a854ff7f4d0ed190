import { describe, expect, it } from 'vitest';
import { depthLabels, depthPoints, niceStep } from './depth';

const bids = [
  { price: '99', total: '1' },
  { price: '98', total: '3' },
  { price: '95', total: '4.5' },
];
const asks = [
  { price: '101', total: '2' },
  { price: '102', total: '2.5' },
  { price: '110', total: '7' },
];

describe('depthPoints', () => {
  const d = depthPoints(bids, asks, 10);

  it('puts the bids left of the spread and the asks right of it, each in ascending price', () => {
    expect(d.bids.at(-1)!.x).toBe(99);
    expect(d.asks[0].x).toBe(101);
    for (const s of [d.bids, d.asks]) for (let i = 1; i < s.length; i++) expect(s[i].x).toBeGreaterThan(s[i - 1].x);
  });

  it('accumulates outwards: bids grow to the left, asks to the right, ending at each side’s total', () => {
    expect(d.bids[0]).toMatchObject({ x: 95, value: 4.5, level: { price: '95', total: '4.5' } });
    expect(d.bids.at(-1)!.value).toBe(1);
    expect(d.asks.at(-1)).toMatchObject({ x: 110, value: 7, level: { price: '110', total: '7' } });
    expect(d.asks[0].level).toEqual({ price: '101', total: '2' });
  });

  it('spaces both sides on one grid (the wider side decides): the axis stays linear in price', () => {
    // mid 100, widest side 10 away: a step of 1.
    expect(d.asks.slice(0, 3).map((p) => p.x)).toEqual([101, 102, 103]);
    expect(d.bids.slice(-3).map((p) => p.x)).toEqual([97, 98, 99]);
    // 97 reaches the levels 99 and 98 only.
    expect(d.bids.at(-3)!.level.price).toBe('98');
  });

  it('draws one side alone, and nothing for an empty book', () => {
    expect(depthPoints([], [], 10)).toEqual({ bids: [], asks: [], gap: [], step: 0 });
    const onlyAsks = depthPoints([], asks, 10);
    expect(onlyAsks.bids).toEqual([]);
    expect(onlyAsks.asks.at(-1)!.value).toBe(7);
  });

  it('handles a single level a side', () => {
    const one = depthPoints([{ price: '99', total: '1' }], [{ price: '101', total: '2' }], 10);
    expect(one.bids.map((p) => p.x)).toEqual([99]);
    expect(one.asks.map((p) => p.x)).toEqual([101]);
  });

  it('samples on round prices: the first point of a side already reaches its best level, the last its deepest', () => {
    const odd = depthPoints(
      [
        { price: '99.37', total: '1' },
        { price: '95.5', total: '2' },
      ],
      [{ price: '100.64', total: '3' }],
      10,
    );
    // mid 100.005, the bids reach 4.5 away: 0.45 a step, rounded up to 0.5.
    expect(odd.bids.map((p) => p.x)).toEqual([95.5, 96, 96.5, 97, 97.5, 98, 98.5, 99]);
    expect(odd.bids.at(-1)!.level.price).toBe('99.37');
    expect(odd.bids[0].value).toBe(2);
    expect(odd.asks.map((p) => p.x)).toEqual([101]);
  });
});

describe('the spread and the labels', () => {
  it('fills the spread with grid prices drawn as nothing, so the axis stays linear across it', () => {
    const d = depthPoints(bids, asks, 10);
    // Step 1: the bids end at 99, the asks begin at 101.
    expect(d.step).toBe(1);
    expect(d.gap).toEqual([100]);
    expect(depthPoints([{ price: '96', total: '1' }], [{ price: '104', total: '1' }], 4).gap).toEqual([97, 98, 99, 100, 101, 102, 103]);
  });

  it('labels every round multiple of the step far enough apart, none cut at an edge', () => {
    const d = depthPoints(bids, asks, 10);
    // 95 … 110 is 16 points: 20 px a point; 60 px labels want 78 px apart, 3.9 steps: every 5.
    const labels = depthLabels(d, 320, 60)!;
    expect(labels.every).toBe(5);
    // Wider, 2 steps are enough; narrower, 10 (then 20, 25, 50: whole steps only).
    expect(depthLabels(d, 640, 60)!.every).toBe(2);
    expect(depthLabels(d, 160, 60)!.every).toBe(10);
    expect(depthLabels(d, 50, 60)!.every).toBe(25);
    // Half a label is 1.5 steps, the first point half a step inside: 1 step kept clear either side.
    expect(labels.from).toBe(96);
    expect(labels.to).toBe(109);
    expect(depthLabels(depthPoints([], [], 10), 320, 60)).toBeNull();
  });
});

describe('niceStep', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect([0.3, 1, 1.2, 3, 7, 0.012].map(niceStep)).toEqual([0.5, 1, 2, 5, 10, 0.02]);
  });
});
