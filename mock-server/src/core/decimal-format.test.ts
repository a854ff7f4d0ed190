/**
 * Issue #11 item 4, exact decimal formats: every `Decimal` the mock sends (REST answers and socket
 * events) is printed with exactly the scale of its field, fixed, no exponent. The rules are the
 * contract's own: each Decimal field's `x-scale` (the vocabulary is in the Decimal schema's
 * description), read by decimal-scale.ts, the checker the conformance kit runs against any server.
 * The test drives the money and market flows, walks every answer and event payload along the
 * contract's schemas, and checks each value against its field's rule, with the scales the wire
 * itself states (listCoins, listTickers, listLeverSymbols). A Decimal field the contract gives no
 * `x-scale` fails the test, so a new field must be given its scale.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '../../../contracts/generated/operations';
import { World } from '../domain/world';
import { contractDecimals, decimalsIn, ruleProblem, scaleContext, scaleProblem, type DecimalField, type ScaleContext } from './decimal-scale';
import { route, type Delivery } from './realtime';
import { send } from './test-client';

type Json = any;

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const TOPICS = ['tickers', 'depth:BTC/USDT', 'depth:ETH/BTC', 'trades:BTC/USDT', 'trades:ETH/BTC', 'kline:BTC/USDT:1min', 'kline:ETH/BTC:1day'];

describe('decimal formats on the wire', () => {
  const found: Array<DecimalField & { where: string }> = [];
  let ctx: ScaleContext;
  let token: string | undefined;

  beforeAll(() => {
    const world = new World({ seed: 11, freezeClock: true });
    const call = (id: OperationId, body?: unknown, query: Record<string, string> = {}) => {
      const res = send(world, id, { body, query, token });
      expect(res.body.type, `${id}: ${res.body.code} ${res.body.message}`).toBe('ok');
      const request = { ...query, ...(body && typeof body === 'object' ? body : {}) };
      found.push(...decimalsIn({ operation: id }, res.body, request).map((f) => ({ ...f, where: `${id} ${f.pointer}` })));
      return res.body.message;
    };
    // Every private event; the first 40 of each public room (one a virtual second, all alike).
    const perRoom = new Map<string, number>();
    const event = (d: Delivery) => {
      const n = perRoom.get(d.room) ?? 0;
      perRoom.set(d.room, n + 1);
      if (d.room.startsWith('user:') || n < 40)
        found.push(...decimalsIn({ event: d.event }, d.payload).map((f) => ({ ...f, where: `event ${d.event} ${f.pointer}` })));
    };

    ctx = scaleContext(call('listCoins'), call('listTickers'), call('listLeverSymbols'));
    call('getSettings');
    const p2pAds = call('listP2pAds', undefined, { side: 'buy', coin: 'USDT', fiat: 'USD', sort: 'completion' }).items as Json[];
    call('listP2pAds', undefined, { side: 'buy', coin: 'USDT', fiat: 'VND' });
    call('getP2pStore', undefined, { id: p2pAds[0].store.id });
    const core = route({ world: () => world, on: (e, l) => world.events.on(e, l), rooms: () => TOPICS, deliver: event });
    core.subscribe({ topics: TOPICS }).snapshots.forEach(event);

    token = call('login', { account: 'demo@example.com', password: 'Demo1234' }).token;
    call('getCurrentUser');
    call('getWallet');
    call('getDepositAddress', undefined, { coin: 'USDT', chain: 'TRC20' });
    call('getDepositAddress', undefined, { coin: 'BTC', chain: 'BTC' });

    // Money in: deposits (the '1200.5'), a recharge.
    call('sandboxDeposit', { coin: 'USDT', chain: 'TRC20', amount: '1200.5' });
    call('sandboxDeposit', { coin: 'BTC', chain: 'BTC', amount: '0.01' });
    world.clock.advance(10_000);
    const voucher = call('uploadImage', { image: PNG }).id;
    const address = call('getDepositAddress', undefined, { coin: 'USDT', chain: 'TRC20' }).address;
    call('submitRecharge', { coin: 'USDT', chain: 'TRC20', amount: '500.5', address, voucher });
    world.clock.advance(60_000);

    // Transfers, a withdrawal to success, flash exchange both ways.
    call('transfer', { coin: 'USDT', from: 'funds', to: 'exchange', amount: '3000.25' });
    call('transfer', { coin: 'BTC', from: 'funds', to: 'exchange', amount: '0.2' });
    call('transfer', { coin: 'ETH', from: 'funds', to: 'exchange', amount: '1' });
    call('sendCode', { account: 'demo@example.com', scene: 'security' });
    const ad = call('addAddress', { coin: 'USDT', chain: 'TRC20', address: 'TXk3LoVgYqW9m4sQ1hXc8bP7nJd2rFa5Uy', code: '123456' });
    call('setTransactionPassword', { password: '482915', confirmPassword: '482915' });
    call('withdraw', { coin: 'USDT', chain: 'TRC20', addressId: ad.id, amount: '100.5', transactionPassword: '482915' });
    world.clock.advance(100_000);
    call('flashExchange', { quoteId: call('flashQuote', { from: 'BTC', to: 'USDT', amount: '0.1' }).id });
    call('flashExchange', { quoteId: call('flashQuote', { from: 'USDT', to: 'ETH', amount: '100' }).id });

    // Spot: resting limit orders both sides, market orders by amount and by quantity, a crossing
    // limit order, a cancel, the same on a BTC-quoted market; then resting orders fill over time.
    const last = Number(world.market.ticker('BTC/USDT').last);
    call('placeOrder', { symbol: 'BTC/USDT', side: 'buy', type: 'limit', price: (last * 0.999).toFixed(2), quantity: '0.01' });
    call('placeOrder', { symbol: 'BTC/USDT', side: 'sell', type: 'limit', price: (last * 1.001).toFixed(2), quantity: '0.01' });
    call('placeOrder', { symbol: 'BTC/USDT', side: 'buy', type: 'market', quoteAmount: '1000' });
    call('placeOrder', { symbol: 'BTC/USDT', side: 'buy', type: 'market', quantity: '0.003' });
    call('placeOrder', { symbol: 'BTC/USDT', side: 'sell', type: 'market', quantity: '0.05' });
    const ask = world.liquidity.book('BTC/USDT').asks[0][0];
    call('placeOrder', { symbol: 'BTC/USDT', side: 'buy', type: 'limit', price: (Number(ask) * 1.001).toFixed(2), quantity: '0.02' });
    call('cancelOrder', { id: call('placeOrder', { symbol: 'ETH/USDT', side: 'buy', type: 'limit', price: '100.00', quantity: '1' }).id });
    call('placeOrder', { symbol: 'ETH/BTC', side: 'buy', type: 'market', quoteAmount: '0.012345' });
    call('placeOrder', { symbol: 'ETH/BTC', side: 'sell', type: 'market', quantity: '0.1' });
    // Earn: a lock-up redeemed early (its penalty), a machine paying in BTC, a savings deposit.
    call('listIeoProjects');
    call('subscribeIeo', { projectId: 'io_ton', quantity: '100.5' });
    call('listLoanProducts');
    call('quoteLoan', undefined, { productId: 'ln_credit', amount: '3333.33', days: '180', method: 'instalments' });
    call('listLockProducts');
    call('listMiningMachines');
    call('listSavingsProducts');
    call('redeemLock', { id: call('lockFunds', { productId: 'lk_usdt_30', amount: '600.5' }).id });
    call('buyMachine', { machineId: 'mc_s19', quantity: 1 });
    call('depositSavings', { productId: 'sv_usdt_30', amount: '100.25' });
    for (let i = 0; i < 300; i++) world.clock.advance(1000);

    call('listOrders', undefined, { status: 'all' });
    call('listRecords', undefined, { pageSize: '100' });
    call('listEarnPositions', undefined, { pageSize: '100' });
    for (const kind of ['funds', 'exchange']) call('listBalanceLog', undefined, { kind, pageSize: '100' });
    call('getWallet');
    call('listTickers');
    call('getKline', undefined, { symbol: 'BTC/USDT', period: '1min', limit: '20' });
    call('getKline', undefined, { symbol: 'ETH/BTC', period: '1mon', limit: '20' });
    call('getOrderBook', undefined, { symbol: 'BTC/USDT' });
    call('getOrderBook', undefined, { symbol: 'SHIB/USDT' });
    call('getTrades', undefined, { symbol: 'BTC/USDT' });
    call('getTrades', undefined, { symbol: 'ETH/BTC' });

    // Lever: a position with a close order, part of it closed, a limit close, the account.
    call('transfer', { coin: 'USDT', from: 'funds', to: 'lever', amount: '500.5' });
    const btc = Number(world.market.ticker('BTC/USDT').last);
    const position = call('openLever', {
      symbol: 'BTC/USDT',
      side: 'long',
      type: 'market',
      lots: '3',
      multiple: 20,
      takeProfit: (btc * 1.1).toFixed(2),
      stopLoss: (btc * 0.9).toFixed(2),
    });
    call('openLever', { symbol: 'ETH/USDT', side: 'short', type: 'limit', price: '100.00', lots: '1', multiple: 10 });
    call('placeLeverCloseOrder', { id: position.id, price: (btc * 1.05).toFixed(2), lots: '2' });
    call('closeLever', { id: position.id, lots: '1' });
    call('listLeverOrders', undefined, { status: 'all' });
    call('getLeverAccount');

    // Second contracts bought and settled, a P2P order, the team, a loan once identity is verified.
    call('getSecondTerms');
    call('transfer', { coin: 'USDT', from: 'funds', to: 'second', amount: '100' });
    call('buySecond', { symbol: 'BTC/USDT', direction: 'up', period: 30, stake: '10.5' });
    call('placeP2pOrder', { adId: p2pAds[0].id, quantity: '100' });
    call('getTeam');
    call('listTeamMembers');
    call('listRebates');
    const image = () => call('uploadImage', { image: PNG }).id;
    call('submitIdentity', { level: 'primary', realName: 'Alex Morgan', idType: 'id_card', idNumber: 'X1234567', frontImage: image(), backImage: image() });
    for (let i = 0; i < 120; i++) world.clock.advance(1000);
    const credit = { emergencyName: 'Sam Morgan', emergencyPhone: '+1 555 0100', contact: 'demo@example.com', address: '1 Harbor Street' };
    call('applyLoan', { productId: 'ln_credit', amount: '3000', days: 90, method: 'instalments', ...credit });
    for (let i = 0; i < 120; i++) world.clock.advance(1000);
    call('listLoans');
    call('listSecondOrders', undefined, { status: 'all' });
    call('listP2pOrders', undefined, { status: 'open' });
    // The IEO round ends: the subscription's allocation, cost and refund.
    world.clock.advance(2 * 86_400_000);
    call('listIeoSubscriptions');
  });

  it('the contract gives every Decimal field an x-scale of the vocabulary', () => {
    const fields = contractDecimals();
    expect(fields.length).toBeGreaterThan(150);
    expect(
      fields.filter((f) => f.rule === undefined).map((f) => f.key),
      'Decimal fields without an x-scale',
    ).toEqual([]);
    expect(
      fields.flatMap((f) => ruleProblem(f.rule) ?? []),
      'x-scales outside the vocabulary',
    ).toEqual([]);
  });

  it('every x-scale is exercised, in answers and socket events', () => {
    const reached = new Set(found.map((f) => f.key));
    const unreached = contractDecimals()
      .map((f) => f.key)
      .filter((k) => !reached.has(k));
    expect(unreached.sort(), 'Decimal fields no flow reached').toEqual([]);
    for (const e of ['balances', 'record', 'order', 'tickers', 'kline', 'depth', 'trades'])
      expect(
        found.some((f) => f.where.startsWith(`event ${e} `)),
        e,
      ).toBe(true);
  });

  it('every Decimal has exactly the scale of its field (fixed, no exponent, no "-0")', () => {
    const wrong = new Map<string, string[]>();
    for (const f of found) {
      const problem = scaleProblem(f, ctx);
      if (!problem) continue;
      const list = wrong.get(f.key) ?? [];
      if (list.length < 3) list.push(`${f.where}: ${problem.message}`);
      wrong.set(f.key, list);
    }
    expect(Object.fromEntries(wrong)).toEqual({});
  });
});
