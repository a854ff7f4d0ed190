/**
 * The lever contracts' terms: which symbols are offered, the contract size of each (base coin per
 * lot), the lots and multiples a position may have, the fee rates and the liquidation line. One
 * table, sent whole by `listLeverSymbols`: the client computes with these values, never its own.
 */
import Big from 'big.js';
import type { components } from '../../../../contracts/generated/openapi.ts';
import * as dec from '../kernel/decimals.ts';
import { SPECS, USDT } from '../market/symbols.ts';

export type LeverSymbol = components['schemas']['LeverSymbol'];

/** Fee on opening and again on closing, of the position's value. */
export const LEVER_FEE_RATE = '0.0005';
/** Fee per day held (at each 00:00 UTC), of the position's opening value. */
export const LEVER_OVERNIGHT_RATE = '0.0002';
/** At or below this risk rate (equity ÷ position margin) every position of the account is closed. */
export const LIQUIDATION_LINE = '0.2';
const MULTIPLES = [5, 10, 20, 50, 100];
const MIN_LOTS = '1';
const MAX_LOTS = '100';
const LOT_STEP = '1';

/** Base coin per lot of each offered symbol (all quoted in USDT, the lever account's coin). */
const CONTRACT_SIZES: ReadonlyArray<[base: string, size: string]> = [
  ['BTC', '0.01'],
  ['ETH', '0.1'],
  ['BNB', '0.1'],
  ['SOL', '1'],
  ['XRP', '100'],
  ['DOGE', '1000'],
];

export const LEVER_SYMBOLS: readonly LeverSymbol[] = CONTRACT_SIZES.map(([base, size]) => {
  const spec = SPECS.find((s) => s.base === base && !s.quote);
  if (!spec) throw new Error(`lever-terms: ${base}/${USDT} is not a listed market`);
  return {
    symbol: `${base}/${USDT}`,
    contractSize: dec.fixed(size, spec.amountPrecision),
    minLots: MIN_LOTS,
    maxLots: MAX_LOTS,
    lotStep: LOT_STEP,
    multiples: [...MULTIPLES],
    feeRate: LEVER_FEE_RATE,
    overnightRate: LEVER_OVERNIGHT_RATE,
    liquidationLine: LIQUIDATION_LINE,
    pricePrecision: spec.pricePrecision,
  };
});

/** The terms of a symbol as numbers to compute with. */
export interface LeverTerms {
  symbol: string;
  contractSize: Big;
  minLots: Big;
  maxLots: Big;
  lotStep: Big;
  /** Decimals of `lots` (the scale of lotStep). */
  lotDecimals: number;
  multiples: readonly number[];
  pricePrecision: number;
  amountPrecision: number;
}

const decimalsOf = (value: string) => value.split('.')[1]?.length ?? 0;

const TERMS = new Map<string, LeverTerms>(
  LEVER_SYMBOLS.map((s) => [
    s.symbol,
    {
      symbol: s.symbol,
      contractSize: new Big(s.contractSize),
      minLots: new Big(s.minLots),
      maxLots: new Big(s.maxLots),
      lotStep: new Big(s.lotStep),
      lotDecimals: decimalsOf(s.lotStep),
      multiples: s.multiples,
      pricePrecision: s.pricePrecision,
      amountPrecision: decimalsOf(s.contractSize),
    },
  ]),
);

/** The terms of an offered symbol, or undefined. */
export const leverTerms = (symbol: string): LeverTerms | undefined => TERMS.get(symbol);
