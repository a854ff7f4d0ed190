/** Coins the platform holds, their chains, limits and address formats (what Settings would configure). */
import Big from 'big.js';
import type { components } from '../../../../contracts/generated/openapi.ts';
import { fixed, type Rounding } from '../kernel/decimals.ts';
import { DomainError } from '../kernel/errors.ts';
import type { Rng } from '../kernel/random.ts';

type CoinInfo = components['schemas']['CoinInfo'];
export type Chain = components['schemas']['Chain'];

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const HEX = '0123456789abcdef';
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A chain's address format: the pattern every address matches, and how a well-formed one is made (a prefix and characters of an alphabet). */
interface Format {
  pattern: string;
  prefix: string;
  alphabet: string;
  length: number;
}
const EVM: Format = { pattern: '^0x[0-9a-fA-F]{40}$', prefix: '0x', alphabet: HEX, length: 40 };
const FORMATS: Record<Chain, Format> = {
  TRC20: { pattern: '^T[1-9A-HJ-NP-Za-km-z]{33}$', prefix: 'T', alphabet: BASE58, length: 33 },
  ERC20: EVM,
  BTC: { pattern: '^(bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$', prefix: 'bc1q', alphabet: BECH32, length: 38 },
  BEP20: EVM,
  AVAXC: EVM,
  ETC: EVM,
  ARBITRUM: EVM,
  OPTIMISM: EVM,
  SOL: { pattern: '^[1-9A-HJ-NP-Za-km-z]{32,44}$', prefix: '', alphabet: BASE58, length: 44 },
  XRP: { pattern: '^r[1-9A-HJ-NP-Za-km-z]{24,34}$', prefix: 'r', alphabet: BASE58, length: 33 },
  ADA: { pattern: '^addr1[02-9ac-hj-np-z]{53,98}$', prefix: 'addr1q', alphabet: BECH32, length: 97 },
  DOGE: { pattern: '^D[1-9A-HJ-NP-Za-km-z]{33}$', prefix: 'D', alphabet: BASE58, length: 33 },
  DOT: { pattern: '^1[1-9A-HJ-NP-Za-km-z]{46,47}$', prefix: '1', alphabet: BASE58, length: 47 },
  LTC: { pattern: '^(ltc1[02-9ac-hj-np-z]{11,71}|[LM3][1-9A-HJ-NP-Za-km-z]{26,33})$', prefix: 'ltc1q', alphabet: BECH32, length: 38 },
  ATOM: { pattern: '^cosmos1[02-9ac-hj-np-z]{38}$', prefix: 'cosmos1', alphabet: BECH32, length: 38 },
  XLM: { pattern: '^G[A-Z2-7]{55}$', prefix: 'G', alphabet: BASE32.toUpperCase(), length: 55 },
  FIL: { pattern: '^f[13][a-z2-7]{38,84}$', prefix: 'f1', alphabet: BASE32, length: 39 },
  NEAR: { pattern: '^[0-9a-f]{64}$', prefix: '', alphabet: HEX, length: 64 },
  APT: { pattern: '^0x[0-9a-f]{64}$', prefix: '0x', alphabet: HEX, length: 64 },
  TON: { pattern: '^(EQ|UQ)[A-Za-z0-9_-]{46}$', prefix: 'UQ', alphabet: B64URL, length: 46 },
  BCH: { pattern: '^(bitcoincash:)?[qp][02-9ac-hj-np-z]{41}$', prefix: 'bitcoincash:q', alphabet: BECH32, length: 41 },
};

/** A chain's settings for a coin: minimums and fee in the coin, and the confirmations a deposit and a withdrawal wait for (one every BLOCK_MS in the mock). */
const chain = (c: Chain, minDeposit: string, minWithdraw: string, withdrawFee: string, depositConfirmations = 1, withdrawConfirmations = 6) => ({
  chain: c,
  minDeposit,
  depositConfirmations,
  minWithdraw,
  withdrawFee,
  withdrawConfirmations,
  addressPattern: FORMATS[c].pattern,
});

// The two minimum USDT deposits of the spec (10 and 100) are two chains' settings here. The chain
// figures are kept as configured (error messages quote them so); listCoins prints them (COINS).
// Every listed coin can be deposited and withdrawn on its own network (its native chain, or the
// token standard it lives on). Each user has an address of their own on each chain, so no chain
// here needs a memo or tag.
// prettier-ignore
const TABLE: CoinInfo[] = [
  { coin: 'USDT', name: 'Tether', precision: 6, displayDecimals: 2, chains: [chain('TRC20', '10', '10', '1'), chain('ERC20', '100', '20', '5')] },
  { coin: 'BTC', name: 'Bitcoin', precision: 8, displayDecimals: 6, chains: [chain('BTC', '0.0005', '0.001', '0.0002')] },
  { coin: 'ETH', name: 'Ethereum', precision: 8, displayDecimals: 6, chains: [chain('ERC20', '0.01', '0.01', '0.002')] },
  { coin: 'TRX', name: 'TRON', precision: 6, displayDecimals: 2, chains: [chain('TRC20', '50', '50', '1')] },
  { coin: 'LINK', name: 'Chainlink', precision: 8, displayDecimals: 4, chains: [chain('ERC20', '1', '2', '0.3')] },
  { coin: 'UNI', name: 'Uniswap', precision: 8, displayDecimals: 4, chains: [chain('ERC20', '1', '2', '0.4')] },
  { coin: 'BNB', name: 'BNB', precision: 3, displayDecimals: 3, chains: [chain('BEP20', '0.01', '0.02', '0.001', 15, 15)] },
  { coin: 'SOL', name: 'Solana', precision: 3, displayDecimals: 3, chains: [chain('SOL', '0.01', '0.1', '0.008', 1, 1)] },
  { coin: 'XRP', name: 'XRP', precision: 1, displayDecimals: 2, chains: [chain('XRP', '1', '20', '0.2', 1, 1)] },
  { coin: 'ADA', name: 'Cardano', precision: 1, displayDecimals: 2, chains: [chain('ADA', '1', '10', '0.8', 15, 15)] },
  { coin: 'DOGE', name: 'Dogecoin', precision: 0, displayDecimals: 2, chains: [chain('DOGE', '20', '25', '4', 40, 40)] },
  { coin: 'DOT', name: 'Polkadot', precision: 2, displayDecimals: 2, chains: [chain('DOT', '1', '1.5', '0.08', 1, 1)] },
  { coin: 'LTC', name: 'Litecoin', precision: 3, displayDecimals: 3, chains: [chain('LTC', '0.001', '0.002', '0.001', 4, 4)] },
  { coin: 'AVAX', name: 'Avalanche', precision: 2, displayDecimals: 2, chains: [chain('AVAXC', '0.01', '0.02', '0.01', 12, 12)] },
  { coin: 'ATOM', name: 'Cosmos', precision: 2, displayDecimals: 2, chains: [chain('ATOM', '0.1', '0.5', '0.01', 1, 1)] },
  { coin: 'XLM', name: 'Stellar', precision: 0, displayDecimals: 2, chains: [chain('XLM', '1', '10', '1', 1, 1)] },
  { coin: 'ETC', name: 'Ethereum Classic', precision: 2, displayDecimals: 2, chains: [chain('ETC', '0.05', '0.1', '0.01', 60, 60)] },
  { coin: 'FIL', name: 'Filecoin', precision: 2, displayDecimals: 2, chains: [chain('FIL', '0.01', '0.02', '0.01', 30, 30)] },
  { coin: 'NEAR', name: 'NEAR', precision: 2, displayDecimals: 2, chains: [chain('NEAR', '0.1', '0.2', '0.01', 1, 1)] },
  { coin: 'APT', name: 'Aptos', precision: 2, displayDecimals: 2, chains: [chain('APT', '0.01', '0.02', '0.01', 1, 1)] },
  { coin: 'ARB', name: 'Arbitrum', precision: 1, displayDecimals: 2, chains: [chain('ARBITRUM', '1', '2', '0.1', 12, 12)] },
  { coin: 'OP', name: 'Optimism', precision: 1, displayDecimals: 2, chains: [chain('OPTIMISM', '1', '1', '0.1', 25, 25)] },
  { coin: 'TON', name: 'Toncoin', precision: 2, displayDecimals: 2, chains: [chain('TON', '0.1', '0.5', '0.05', 1, 1)] },
  { coin: 'BCH', name: 'Bitcoin Cash', precision: 3, displayDecimals: 3, chains: [chain('BCH', '0.001', '0.002', '0.001', 6, 6)] },
  { coin: 'SHIB', name: 'Shiba Inu', precision: 0, displayDecimals: 2, chains: [chain('ERC20', '100000', '1000000', '500000', 1, 6)] },
];

/** The coins as listCoins sends them: the chains' minimums and fee printed with the coin's precision. */
export const COINS: CoinInfo[] = TABLE.map((c) => ({
  ...c,
  chains: c.chains.map((x) => ({
    ...x,
    minDeposit: fixed(x.minDeposit, c.precision),
    minWithdraw: fixed(x.minWithdraw, c.precision),
    withdrawFee: fixed(x.withdrawFee, c.precision),
  })),
}));

export function coinInfo(coin: string): CoinInfo {
  const info = TABLE.find((c) => c.coin === coin);
  if (!info) throw new DomainError('unknown_coin', `${coin} is not supported`).with({ coin });
  return info;
}

export function chainInfo(coin: string, c: string) {
  const info = coinInfo(coin).chains.find((x) => x.chain === c);
  if (!info) throw new DomainError('unknown_chain', `${coin} cannot be sent on ${c}`).with({ coin, chain: c });
  return info;
}

/** An amount of `coin` as the wire carries it: exactly the coin's precision (rounded by `kind` if given, see decimals.ts). */
export function coinAmount(coin: string, value: Big | string, kind?: Rounding): string {
  return fixed(value, coinInfo(coin).precision, kind);
}

/** A positive amount with at most the coin's decimal places, or a clear error. */
export function parseAmount(value: string, coin: string): Big {
  const { precision } = coinInfo(coin);
  let amount: Big;
  try {
    amount = new Big(value);
  } catch {
    throw new DomainError('amount_invalid', 'Enter the amount correctly');
  }
  if (amount.lte(0)) throw new DomainError('amount_invalid', 'Enter the amount correctly');
  if (!amount.round(precision, Big.roundDown).eq(amount)) {
    throw new DomainError('amount_precision', `${coin} amounts have at most ${precision} decimal places`).with({ places: precision });
  }
  return amount;
}

export function checkAddress(c: Chain, address: string): void {
  if (!new RegExp(FORMATS[c].pattern).test(address)) {
    throw new DomainError('address_invalid', `This is not a valid ${c} address`).with({ chain: c });
  }
}

/** A well-formed address of the chain, from a seeded generator. */
export function makeAddress(c: Chain, rng: Rng): string {
  const { prefix, alphabet, length } = FORMATS[c];
  return prefix + Array.from({ length }, () => alphabet[rng.int(0, alphabet.length - 1)]).join('');
}
