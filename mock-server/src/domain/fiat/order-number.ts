/**
 * Order numbers: what a person reads out to support or the other side ("order 260101 4738 2951"),
 * as Binance shows one on every P2P order. Not an id: the API never looks an order up by it, and
 * an order stays its two sides' alone whatever number is known.
 *
 * Unique by construction: the world counts the orders it has numbered and a keyed permutation of
 * 0 … 10^8 − 1 (a four-round Feistel network on two halves of four decimal digits, each round
 * HMAC-keyed by the seed, kernel/random.ts) turns the count into eight digits. A permutation maps
 * different counts to different numbers, so no two orders of a world share one (until 10^8 orders);
 * the numbers are not in order, and one number tells nothing of the next without the world's key.
 * The six digits before them are the UTC date the order was placed (YYMMDD), for people.
 */
import { keyedHex } from '../kernel/random.ts';

const HALF = 10_000;
const ROUNDS = 4;

/** The count's place in the world's permutation of 0 … 10^8 − 1. */
export function permute(seed: number, count: number): number {
  if (!Number.isInteger(count) || count < 0 || count >= HALF * HALF) throw new Error(`order count ${count} out of range`);
  let left = Math.floor(count / HALF);
  let right = count % HALF;
  for (let round = 0; round < ROUNDS; round++) {
    const f = parseInt(keyedHex(seed, `p2p-order-no:${round}:${right}`, 8), 16) % HALF;
    [left, right] = [right, (left + f) % HALF];
  }
  return left * HALF + right;
}

/** The order number of the `count`th order of a world (0 first), placed at `at`: YYMMDD and eight digits. */
export function orderNumber(seed: number, count: number, at: number): string {
  const d = new Date(at);
  const date = [d.getUTCFullYear() % 100, d.getUTCMonth() + 1, d.getUTCDate()].map((n) => String(n).padStart(2, '0')).join('');
  return `${date}${String(permute(seed, count)).padStart(8, '0')}`;
}
