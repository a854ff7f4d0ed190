/** The referral team through dispatch: who is in it, activity, rebates as ledger postings, ownership, events, the demo's seeded team. */
import Big from 'big.js';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OperationId } from '../../../../contracts/generated/operations';
import { DAY } from '../market/candles';
import { coinInfo } from '../assets/coins';
import { SYSTEM } from '../kernel/ledger';
import { maskAccount, REBATE_RATES, type Rebate } from './team';
import { World } from '../world';
import { send } from '../../core/test-client';

let world: World;
let demo: string;

const call = (operationId: OperationId, as: string | undefined, body?: unknown, query: Record<string, string> = {}) =>
  send(world, operationId, { body, query, token: as }).body;
const ok = (operationId: OperationId, as: string | undefined, body?: unknown, query: Record<string, string> = {}) => {
  const res = call(operationId, as, body, query);
  expect(res.type, JSON.stringify(res)).toBe('ok');
  return res.message;
};
const login = (account: string, password = 'Demo1234') => ok('login', undefined, { account, password }).token as string;
/** Registers `account` with an invitation code and answers its session token. */
const register = (account: string, inviteCode: string) => {
  ok('sendCode', undefined, { account, scene: 'register' });
  return ok('register', undefined, {
    accountType: 'email',
    account,
    password: 'Pass2026!',
    confirmPassword: 'Pass2026!',
    code: '123456',
    inviteCode,
    agree: true,
  }).token as string;
};
const inviteCode = (token: string) => ok('getCurrentUser', token).inviteCode as string;
/** A market sell of `quantity` BTC on BTC/USDT from the user's exchange account: its fee is in USDT. */
const sellBtc = (token: string, quantity: string) => {
  const id = world.accounts.record(token).id;
  world.wallet.seedBalance(id, 'BTC', quantity);
  ok('transfer', token, { coin: 'BTC', from: 'funds', to: 'exchange', amount: quantity });
  return ok('placeOrder', token, { symbol: 'BTC/USDT', side: 'sell', type: 'market', quantity });
};

beforeEach(() => {
  world = new World({ seed: 11, freezeClock: true, scenario: 'empty' });
  world.accounts.create('lead@example.com', 'email', 'Demo1234', 'LEAD01');
  demo = login('lead@example.com');
});

describe('team', () => {
  it('lists direct referrals as level 1 and theirs as level 2, masked, newest first; the members see none of it', () => {
    const a = register('alice@example.com', 'LEAD01');
    world.clock.advance(60_000);
    register('bob@example.com', 'lead01 ');
    world.clock.advance(60_000);
    register('carol@example.com', inviteCode(a));
    const team = ok('getTeam', demo);
    expect(team).toMatchObject({ directCount: 2, teamCount: 3, activeCount: 0, activeDays: 30, income: [], incomeUsdt: '0.00' });
    expect(team.levels).toEqual([
      { level: 1, rate: '0.20000000', members: 2 },
      { level: 2, rate: '0.10000000', members: 1 },
    ]);
    const members = ok('listTeamMembers', demo).items;
    expect(members.map((m: { account: string; level: number }) => [m.account, m.level])).toEqual([
      ['ca***@example.com', 2],
      ['bo***@example.com', 1],
      ['al***@example.com', 1],
    ]);
    expect(ok('listTeamMembers', demo, undefined, { level: '2' }).items).toHaveLength(1);
    expect(JSON.stringify(members)).not.toContain(world.accounts.idOf('alice@example.com'));
    // Alice's own team is Carol alone.
    expect(ok('getTeam', a)).toMatchObject({ directCount: 1, teamCount: 1 });
    expect(call('getTeam', undefined).code).toBe('not_logged_in');
  });

  it("credits 20 % of a direct referral's spot fee and 10 % of a level-2 member's, as ledger postings from the fee account", () => {
    const a = register('alice@example.com', 'LEAD01');
    const c = register('carol@example.com', inviteCode(a));
    const events: Array<{ userId: string; rebate: Rebate }> = [];
    world.events.on('rebate', (e) => events.push(e));
    const feesBefore = world.ledger.balance(SYSTEM.fees, 'exchange', 'USDT').available;

    const order = sellBtc(c, '0.1');
    const fee = new Big(order.fee);
    expect(fee.gt(0)).toBe(true);
    const aliceShare = fee.times('0.2').round(6, Big.roundDown);
    const leadShare = fee.times('0.1').round(6, Big.roundDown);
    const aliceId = world.accounts.idOf('alice@example.com')!;
    const leadId = world.accounts.idOf('lead@example.com')!;
    expect(world.ledger.balance(aliceId, 'funds', 'USDT').available.toString()).toBe(aliceShare.toString());
    expect(world.ledger.balance(leadId, 'funds', 'USDT').available.toString()).toBe(leadShare.toString());
    expect(world.ledger.balance(SYSTEM.fees, 'exchange', 'USDT').available.toString()).toBe(feesBefore.plus(fee).minus(aliceShare).minus(leadShare).toString());
    expect(events.map((e) => [e.userId, e.rebate.level, e.rebate.amount])).toEqual([
      [aliceId, 1, aliceShare.toFixed(6)],
      [leadId, 2, leadShare.toFixed(6)],
    ]);

    const [rebate] = ok('listRebates', demo).items;
    expect(rebate).toMatchObject({ member: 'ca***@example.com', level: 2, symbol: 'BTC/USDT', rate: '0.10000000', coin: 'USDT', amount: leadShare.toFixed(6) });
    const team = ok('getTeam', demo);
    // Carol traded; Alice only received a rebate, which is not activity.
    expect(team).toMatchObject({ activeCount: 1, income: [{ coin: 'USDT', amount: leadShare.toFixed(6) }] });
    const carol = ok('listTeamMembers', demo, undefined, { level: '2' }).items[0];
    expect(carol).toMatchObject({ active: true, lastActiveAt: world.clock.now(), incomeUsdt: rebate.usdtValue });
    // Carol's fee earns Carol nothing, and Alice sees only her own rebate.
    expect(ok('listRebates', c).total).toBe(0);
    expect(ok('listRebates', a).items.map((r: Rebate) => r.level)).toEqual([1]);
  });

  it('a buy pays its fee in the base coin: the rebate is in that coin', () => {
    const a = register('alice@example.com', 'LEAD01');
    const id = world.accounts.record(a).id;
    world.wallet.seedBalance(id, 'USDT', '5000');
    ok('transfer', a, { coin: 'USDT', from: 'funds', to: 'exchange', amount: '5000' });
    const order = ok('placeOrder', a, { symbol: 'BTC/USDT', side: 'buy', type: 'market', quantity: '0.05' });
    const [rebate] = ok('listRebates', demo).items;
    expect(rebate).toMatchObject({ coin: 'BTC', amount: new Big(order.fee).times('0.2').round(8, Big.roundDown).toFixed(8) });
  });

  it('a member is active for 30 days after a credited deposit or a trade', () => {
    const a = register('alice@example.com', 'LEAD01');
    world.wallet.seedBalance(world.accounts.record(a).id, 'USDT', '10');
    expect(ok('getTeam', demo).activeCount).toBe(1);
    world.clock.advance(30 * DAY - 1000);
    expect(ok('getTeam', demo).activeCount).toBe(1);
    world.clock.advance(1000);
    expect(ok('getTeam', demo).activeCount).toBe(0);
    // A transfer between her own accounts is not activity.
    ok('transfer', a, { coin: 'USDT', from: 'funds', to: 'exchange', amount: '10' });
    expect(ok('getTeam', demo).activeCount).toBe(0);
  });

  it('property: a share is the fee times the rate truncated to the coin, never more than the fee, and the ledger stays balanced', () => {
    const lead = world.accounts.record(demo);
    const a = world.accounts.create('a@example.com', 'email', 'Demo1234');
    a.invitedBy = lead.id;
    const b = world.accounts.create('b@example.com', 'email', 'Demo1234');
    b.invitedBy = a.id;
    fc.assert(
      fc.property(
        fc.constantFrom('USDT', 'BTC', 'ETH', 'DOGE', 'XRP'),
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        fc.integer({ min: 0, max: 10 }),
        (coin, units, scale) => {
          const fee = new Big(units.toString()).div(new Big(10).pow(scale));
          const got = (id: string) => world.ledger.balance(id, 'funds', coin).available;
          const before = { a: got(a.id), lead: got(lead.id), entries: world.ledger.entries.length };
          world.team.feePaid(b.id, { symbol: 'BTC/USDT', coin, amount: fee });
          const places = coinInfo(coin).precision;
          const shares = { 1: got(a.id).minus(before.a), 2: got(lead.id).minus(before.lead) };
          for (const level of [1, 2] as const) {
            expect(shares[level].eq(fee.times(REBATE_RATES[level]).round(places, Big.roundDown))).toBe(true);
            expect(shares[level].lte(fee.times(REBATE_RATES[level]))).toBe(true);
          }
          expect(shares[1].plus(shares[2]).lte(fee)).toBe(true);
          const sum = world.ledger.entries.slice(before.entries).reduce((s, e) => s.plus(e.available).plus(e.frozen), new Big(0));
          expect(sum.eq(0)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('masks emails and phone numbers', () => {
    expect(maskAccount('alice@example.com')).toBe('al***@example.com');
    expect(maskAccount('a@example.com')).toBe('a***@example.com');
    expect(maskAccount('ab@example.com')).toBe('a***@example.com');
    expect(maskAccount('+447700900123')).toBe('+4477****0123');
    expect(maskAccount('+1555123')).toBe('+1****23');
  });
});

describe("the demo's seeded team", () => {
  it('has five direct referrals, one of theirs, four active, with dated rebates, and the demo still holds 10,000 USDT', () => {
    world = new World({ seed: 11, freezeClock: true });
    const token = login('demo@example.com');
    expect(ok('getTeam', token)).toMatchObject({ directCount: 5, teamCount: 6, activeCount: 4 });
    const rebates = ok('listRebates', token, undefined, { pageSize: '100' });
    expect(rebates.total).toBeGreaterThan(20);
    const times = rebates.items.map((r: Rebate) => r.time);
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(Math.min(...times)).toBeLessThan(world.clock.now() - 60 * DAY);
    const id = world.accounts.idOf('demo@example.com')!;
    expect(world.ledger.balance(id, 'funds', 'USDT').available.toFixed(6)).toBe('10000.000000');
    // A seeded member can log in and trade on; the demo's rebates grow.
    const lina = login('lina.chen@example.com');
    sellBtc(lina, '0.01');
    expect(ok('listRebates', token).total).toBe(rebates.total + 1);
  });
});
