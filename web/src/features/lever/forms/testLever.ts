/**
 * The lever forms' tests' fixtures: the demo BTC/USDT terms, a form and an account, and the
 * arbitraries of the properties (fixed seed; LEVER_FORM_SEED and LEVER_FORM_RUNS explore further).
 */
import Big from 'big.js';
import fc from 'fast-check';
import { initialLeverForm, type LeverFormState } from './leverForm';
import type { LeverSide, LeverTerms } from './leverMath';

export const BTC: LeverTerms = {
  symbol: 'BTC/USDT',
  contractSize: '0.01',
  minLots: '0.01',
  maxLots: '100',
  lotStep: '0.01',
  multiples: [5, 10, 20, 50, 100],
  feeRate: '0.0005',
  overnightRate: '0.0002',
  liquidationLine: '0.2',
  pricePrecision: 2,
};
export const form = (patch: Partial<LeverFormState> = {}): LeverFormState => ({ ...initialLeverForm(BTC), ...patch });
export const account = (balance: string, positionMargin = '0') => ({ balance, positionMargin, liquidationLine: '0.2' });
export const position = (symbol: string, side: LeverSide, openPrice: string, quantity: string) => ({ symbol, side, openPrice, quantity });

export const RUNS = { numRuns: Number(process.env.LEVER_FORM_RUNS ?? 300), seed: Number(process.env.LEVER_FORM_SEED ?? 20261124) };

/** A positive decimal of at most `p` places. */
export const decimal = (p: number, maxInt = 1_000_000) =>
  fc
    .tuple(fc.integer({ min: 0, max: maxInt }), fc.integer({ min: 0, max: 10 ** p - 1 }), fc.integer({ min: 0, max: 4 }))
    .map(([i, f, shift]) => new Big(p ? `${i}.${String(f).padStart(p, '0')}` : String(i)).div(10 ** shift).round(p, Big.roundDown))
    .filter((v) => v.gt(0));

export const terms: fc.Arbitrary<LeverTerms> = fc
  .record({
    pricePrecision: fc.integer({ min: 0, max: 6 }),
    stepPlaces: fc.integer({ min: 0, max: 3 }),
    stepUnits: fc.constantFrom(1, 2, 5),
    minSteps: fc.integer({ min: 1, max: 10 }),
    spanSteps: fc.integer({ min: 0, max: 10_000 }),
    contractSize: fc.constantFrom('1', '0.1', '0.01', '0.001', '10', '0.5'),
    multiples: fc.uniqueArray(fc.integer({ min: 1, max: 200 }), { minLength: 1, maxLength: 6 }).map((m) => m.sort((a, b) => a - b)),
    feeRate: fc.constantFrom('0', '0.0005', '0.001', '0.00075', '0.003'),
    liquidationLine: fc.constantFrom('0.1', '0.2', '0.5', '0.8'),
  })
  .map((r) => {
    const lotStep = new Big(r.stepUnits).times(new Big(10).pow(-r.stepPlaces));
    return {
      symbol: 'X/USDT',
      contractSize: r.contractSize,
      lotStep: lotStep.toFixed(),
      minLots: lotStep.times(r.minSteps).toFixed(),
      maxLots: lotStep.times(r.minSteps + r.spanSteps).toFixed(),
      multiples: r.multiples,
      feeRate: r.feeRate,
      overnightRate: '0.0001',
      liquidationLine: r.liquidationLine,
      pricePrecision: r.pricePrecision,
    };
  });

export const side = fc.constantFrom<LeverSide>('long', 'short');
export const scenario = terms.chain((t) =>
  fc.record({
    terms: fc.constant(t),
    price: decimal(t.pricePrecision, 200_000),
    steps: fc.integer({ min: 0, max: 12_000 }),
    multiple: fc.constantFrom(...t.multiples),
    side,
    available: decimal(6, 10_000_000),
  }),
);
