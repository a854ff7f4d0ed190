/** Coins the platform holds, their chains, limits and address formats (what Settings would configure). */
import Big from 'big.js';
import type { components } from '../../../../contracts/generated/openapi.ts';
import { fixed, type Rounding } from '../kernel/decimals.ts';
import { DomainError } from '../kernel/errors.ts';
import type { Rng } from '../kernel/random.ts';

type CoinInfo = components['schemas']['CoinInfo'];
export type Chain = components['schemas']['Chain'];

const PATTERNS: Record<Chain, string> = {
  TRC20: '^T[1-9A-HJ-NP-Za-km-z]{33}$',
  ERC20: '^0x[0-9a-fA-F]{40}$',
  BTC: '^(bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$',
};

const chain = (c: Chain, minDeposit: string, minWithdraw: string, withdrawFee: string) => ({
  chain: c,
  minDeposit,
  depositConfirmations: 1,
  minWithdraw,
  withdrawFee,
  withdrawConfirmations: 6,
  addressPattern: PATTERNS[c],
});

// The two minimum USDT deposits of the spec (10 and 100) are two chains' settings here. The chain
// figures are kept as configured (error messages quote them so); listCoins prints them (COINS).
const TABLE: CoinInfo[] = [
  { coin: 'USDT', name: 'Tether', precision: 6, displayDecimals: 2, chains: [chain('TRC20', '10', '10', '1'), chain('ERC20', '100', '20', '5')] },
  { coin: 'BTC', name: 'Bitcoin', precision: 8, displayDecimals: 6, chains: [chain('BTC', '0.0005', '0.001', '0.0002')] },
  { coin: 'ETH', name: 'Ethereum', precision: 8, displayDecimals: 6, chains: [chain('ERC20', '0.01', '0.01', '0.002')] },
  { coin: 'TRX', name: 'TRON', precision: 6, displayDecimals: 2, chains: [chain('TRC20', '50', '50', '1')] },
  { coin: 'LINK', name: 'Chainlink', precision: 8, displayDecimals: 4, chains: [chain('ERC20', '1', '2', '0.3')] },
  { coin: 'UNI', name: 'Uniswap', precision: 8, displayDecimals: 4, chains: [chain('ERC20', '1', '2', '0.4')] },
];

/** Coins traded on the spot market that cannot be deposited or withdrawn (no chain). */
const SPOT_ONLY: Array<[string, string, number]> = [
  ['BNB', 'BNB', 3],
  ['SOL', 'Solana', 3],
  ['XRP', 'XRP', 1],
  ['ADA', 'Cardano', 1],
  ['DOGE', 'Dogecoin', 0],
  ['DOT', 'Polkadot', 2],
  ['LTC', 'Litecoin', 3],
  ['AVAX', 'Avalanche', 2],
  ['ATOM', 'Cosmos', 2],
  ['XLM', 'Stellar', 0],
  ['ETC', 'Ethereum Classic', 2],
  ['FIL', 'Filecoin', 2],
  ['NEAR', 'NEAR', 2],
  ['APT', 'Aptos', 2],
  ['ARB', 'Arbitrum', 1],
  ['OP', 'Optimism', 1],
  ['TON', 'Toncoin', 2],
  ['BCH', 'Bitcoin Cash', 3],
  ['SHIB', 'Shiba Inu', 0],
];
TABLE.push(...SPOT_ONLY.map(([coin, name, precision]) => ({ coin, name, precision, displayDecimals: Math.max(precision, 2), chains: [] })));

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
  if (!new RegExp(PATTERNS[c]).test(address)) {
    throw new DomainError('address_invalid', `This is not a valid ${c} address`).with({ chain: c });
  }
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

/** A well-formed address of the chain, from a seeded generator. */
export function makeAddress(c: Chain, rng: Rng): string {
  const pick = (alphabet: string, n: number) => Array.from({ length: n }, () => alphabet[rng.int(0, alphabet.length - 1)]).join('');
  if (c === 'TRC20') return `T${pick(BASE58, 33)}`;
  if (c === 'ERC20') return `0x${rng.hex(40)}`;
  return `bc1q${pick(BECH32, 38)}`;
}
