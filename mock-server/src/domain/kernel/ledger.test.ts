/**
 * Property tests of the ledger through the public API: random sequences of deposits, recharges,
 * transfers, withdrawals, flash exchanges and clock moves (valid and invalid amounts alike) never
 * break an invariant.
 */
import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { operationTable, type OperationId } from '../../../../contracts/generated/operations';
import { dispatch } from '../../core/dispatch';
import { ACCOUNT_KINDS, SYSTEM } from './ledger';
import { World } from '../world';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const COINS = ['USDT', 'BTC', 'ETH'] as const;
const CHAIN = { USDT: 'TRC20', BTC: 'BTC', ETH: 'ERC20' } as const;

type Step =
  | { op: 'deposit'; coin: (typeof COINS)[number]; amount: string }
  | { op: 'recharge'; amount: string }
  | { op: 'transfer'; coin: (typeof COINS)[number]; from: number; to: number; amount: string }
  | { op: 'withdraw'; coin: (typeof COINS)[number]; amount: string }
  | { op: 'flash'; from: (typeof COINS)[number]; to: (typeof COINS)[number]; amount: string; wait: number }
  | { op: 'clock'; ms: number }
  | { op: 'order'; side: 'buy' | 'sell'; type: 'limit' | 'market'; offset: number; quantity: string; cancel: boolean };

const amount = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 300 }).map(String), weight: 3 },
  fc.integer({ min: 0, max: 20_000 }).map(String),
  fc.tuple(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 99_999_999 })).map(([i, f]) => `${i}.${String(f).padStart(8, '0')}`),
  fc.constantFrom('-5', '0', '1e3', 'abc', '0.0000000001', '99999999999'),
);
const coin = fc.constantFrom(...COINS);
const anyKind = fc.integer({ min: 0, max: ACCOUNT_KINDS.length - 1 });
// Mostly from the funds account, where the money is, so that transfers often succeed.
const kind = fc.oneof({ arbitrary: fc.constant(0), weight: 2 }, { arbitrary: anyKind, weight: 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('deposit' as const), coin, amount }),
  fc.record({ op: fc.constant('recharge' as const), amount }),
  fc.record({ op: fc.constant('transfer' as const), coin, from: kind, to: anyKind, amount }),
  fc.record({ op: fc.constant('withdraw' as const), coin, amount }),
  fc.record({ op: fc.constant('flash' as const), from: coin, to: coin, amount, wait: fc.constantFrom(0, 11_000) }),
  fc.record({ op: fc.constant('clock' as const), ms: fc.integer({ min: 1_000, max: 120_000 }) }),
  fc.record({
    op: fc.constant('order' as const),
    side: fc.constantFrom('buy' as const, 'sell' as const),
    type: fc.constantFrom('limit' as const, 'market' as const),
    offset: fc.integer({ min: -20, max: 20 }),
    quantity: fc.constantFrom('0.001', '0.01', '0.05', '0.3', '5', '-1', '0.000001'),
    cancel: fc.boolean(),
  }),
);

function setup() {
  const world = new World({ seed: 77, freezeClock: true });
  const call = (operationId: OperationId, body?: unknown, query: Record<string, string> = {}) =>
    dispatch(world, { operationId, path: operationTable[operationId].path, token, query, body }).body as { type: string; message: Record<string, string> };
  // Read by `call` once logged in (undefined for the login itself).
  let token: string | undefined = undefined;
  token = call('login', { account: 'demo@example.com', password: 'Demo1234' }).message.token;
  call('setTransactionPassword', { password: '482915', confirmPassword: '482915' });
  const ids: Record<string, string> = {};
  for (const c of COINS) {
    call('sendCode', { account: 'demo@example.com', scene: 'security' });
    const address = c === 'BTC' ? 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' : c === 'ETH' ? `0x${'ab'.repeat(20)}` : 'TXk3LoVgYqW9m4sQ1hXc8bP7nJd2rFa5Uy';
    ids[c] = call('addAddress', { coin: c, chain: CHAIN[c], address, code: '123456' }).message.id;
  }
  call('transfer', { coin: 'USDT', from: 'funds', to: 'exchange', amount: '3000' });
  call('transfer', { coin: 'BTC', from: 'funds', to: 'exchange', amount: '0.2' });
  const voucher = call('uploadImage', { image: PNG }).message.id;
  const depositAddress = call('getDepositAddress', undefined, { coin: 'USDT', chain: 'TRC20' }).message.address;
  const userId = world.accounts.record(token).id;
  return { world, call, ids, voucher, depositAddress, userId };
}

function checkInvariants(world: World, userId: string) {
  const entries = world.ledger.entries;
  // Every posting balances, per coin.
  const sums = new Map<string, Big>();
  for (const e of entries) sums.set(`${e.posting}|${e.coin}`, (sums.get(`${e.posting}|${e.coin}`) ?? new Big(0)).plus(e.available).plus(e.frozen));
  for (const [k, v] of sums) expect(v.eq(0), `posting ${k} sums to ${v}`).toBe(true);
  // Internal moves (transfers, freezes and unfreezes) never change what the user owns in a coin.
  const internal = new Map<string, Big>();
  for (const e of entries.filter((x) => x.owner === userId && ['transfer', 'freeze', 'unfreeze'].includes(x.reason))) {
    const k = `${e.posting}|${e.coin}`;
    internal.set(k, (internal.get(k) ?? new Big(0)).plus(e.available).plus(e.frozen));
  }
  for (const [k, v] of internal) expect(v.eq(0), `internal move ${k} changed the total by ${v}`).toBe(true);
  // No negative balance; balances equal the sum of their entries; the user's balance log (what
  // listBalanceLog shows) is exactly those entries, each "after" the running sum, numbered 1, 2, 3...
  for (const h of world.ledger.holdings(userId)) {
    expect(h.available.gte(0) && h.frozen.gte(0), `${h.kind} ${h.coin} ${h.available}/${h.frozen}`).toBe(true);
    const mine = entries.filter((e) => e.owner === userId && e.kind === h.kind && e.coin === h.coin);
    expect(world.ledger.log(userId, h.kind, h.coin)).toEqual(mine);
    let available = new Big(0);
    let frozen = new Big(0);
    for (const e of mine) {
      available = available.plus(e.available);
      frozen = frozen.plus(e.frozen);
      expect(e.availableAfter.eq(available) && e.frozenAfter.eq(frozen), `entry ${e.id} after`).toBe(true);
    }
    expect(available.eq(h.available) && frozen.eq(h.frozen)).toBe(true);
  }
  const seqs = world.ledger.entries.filter((e) => e.owner === userId).map((e) => e.seq);
  expect(seqs).toEqual(seqs.map((_, i) => i + 1));
  // The user's total of a coin = deposits + recharges + exchanges + team rebates in − withdrawals − fees.
  for (const c of COINS) {
    const total = world.ledger
      .holdings(userId)
      .filter((h) => h.coin === c)
      .reduce((s, h) => s.plus(h.available).plus(h.frozen), new Big(0));
    const external = entries
      .filter((e) => e.owner === userId && e.coin === c && ['deposit', 'recharge', 'withdrawal', 'exchange', 'trade', 'rebate'].includes(e.reason))
      .reduce((s, e) => s.plus(e.available).plus(e.frozen), new Big(0));
    expect(total.eq(external), `${c}: ${total} vs ${external}`).toBe(true);
  }
  // The fee account never goes below zero: rebates are paid out of fees received.
  for (const h of world.ledger.holdings(SYSTEM.fees)) expect(h.available.gte(0)).toBe(true);
}

describe('ledger invariants under random API use', () => {
  it('hold after every step of any sequence', () => {
    const succeeded = new Map<string, number>();
    const tally = (op: string, res: { type: string }) => res.type === 'ok' && succeeded.set(op, (succeeded.get(op) ?? 0) + 1);
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 25 }), (steps) => {
        const { world, call, ids, voucher, depositAddress, userId } = setup();
        for (const s of steps) {
          switch (s.op) {
            case 'deposit':
              tally('deposit', call('sandboxDeposit', { coin: s.coin, chain: CHAIN[s.coin], amount: s.amount }));
              break;
            case 'recharge':
              tally('recharge', call('submitRecharge', { coin: 'USDT', chain: 'TRC20', amount: s.amount, address: depositAddress, voucher }));
              break;
            case 'transfer':
              tally('transfer', call('transfer', { coin: s.coin, from: ACCOUNT_KINDS[s.from], to: ACCOUNT_KINDS[s.to], amount: s.amount }));
              break;
            case 'withdraw':
              tally(
                'withdraw',
                call('withdraw', { coin: s.coin, chain: CHAIN[s.coin], addressId: ids[s.coin], amount: s.amount, transactionPassword: '482915' }),
              );
              break;
            case 'flash': {
              const q = call('flashQuote', { from: s.from, to: s.to, amount: s.amount });
              if (s.wait) world.clock.advance(s.wait);
              if (q.type === 'ok') tally('flash', call('flashExchange', { quoteId: q.message.id }));
              break;
            }
            case 'clock':
              world.clock.advance(s.ms);
              break;
            case 'order': {
              const last = Number(world.market.ticker('BTC/USDT').last);
              const price = (last * (1 + s.offset / 1000)).toFixed(2);
              const res = call('placeOrder', {
                symbol: 'BTC/USDT',
                side: s.side,
                type: s.type,
                quantity: s.quantity,
                ...(s.type === 'limit' ? { price } : {}),
              });
              tally('order', res);
              if (res.type === 'ok' && s.cancel && res.message.status === 'pending') tally('cancel', call('cancelOrder', { id: res.message.id }));
              break;
            }
          }
          checkInvariants(world, userId);
        }
        world.clock.advance(10 * 60_000);
        checkInvariants(world, userId);
      }),
      // A fixed seed keeps CI reproducible; LEDGER_SEED and LEDGER_RUNS explore further.
      { numRuns: Number(process.env.LEDGER_RUNS ?? 40), seed: Number(process.env.LEDGER_SEED ?? 20261123) },
    );
    // The sequences did reach the success paths, not only the refusals.
    for (const op of ['deposit', 'recharge', 'transfer', 'withdraw', 'flash', 'order']) expect(succeeded.get(op) ?? 0, op).toBeGreaterThan(0);
  }, 240_000);
});
