/**
 * Every event told: what changes a user's money or orders without their action at that moment
 * reaches them as one system message (and its event) with a link to the thing; what they did
 * themselves, or what was answered at once, does not.
 */
import Big from 'big.js';
import { beforeEach, describe, expect, it } from 'vitest';
import * as validate from '../../../../contracts/generated/socket-validators.js';
import { P2P_TIMES } from '../fiat/model';
import { WorldHost } from '../../host';
import { control } from '../../core/control';
import { route, type Delivery } from '../../core/realtime';
import { asSession } from '../../core/test-client';
import type { World } from '../world';

const DAY = 86_400_000;
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
let host: WorldHost;
let world: World;
let demo: string;
let pushed: Delivery[];
const { call, ok } = asSession(
  () => world,
  () => demo,
);

interface Message {
  id: string;
  kind: string;
  title: string;
  params?: Record<string, string>;
  subject?: { type: string; id: string };
}
/** The demo's messages newest first, without the welcome. */
const inbox = (): Message[] => ok('listMessages').items.filter((m: Message) => m.kind !== 'welcome');
const price = async (symbol: string, value: string) => expect((await control(host, 'mockPrice', { symbol, price: value })).status).toBe(200);

function start(scenario?: string) {
  host = new WorldHost({ seed: 4, freezeClock: true, ...(scenario ? { scenario } : {}) });
  world = host.world;
  demo = ok('login', { account: 'demo@example.com', password: 'Demo1234' }).token;
  pushed = [];
  route({ world: () => world, on: (e, l) => world.events.on(e, l), rooms: () => [], deliver: (d) => pushed.push(d) });
}

beforeEach(() => start());

function verify() {
  const up = () => ok('uploadImage', { image: PNG }).id;
  ok('submitIdentity', { level: 'primary', realName: 'Alex Morgan', idType: 'id_card', idNumber: 'X1234567', frontImage: up(), backImage: up() });
}

describe('notices', () => {
  it('a resting spot order that fills later is told once, with a link; one filled at once is not', () => {
    ok('transfer', { coin: 'USDT', from: 'funds', to: 'exchange', amount: '2000' });
    ok('placeOrder', { symbol: 'BTC/USDT', side: 'buy', type: 'market', quoteAmount: '100' });
    const last = new Big(world.market.ticker('BTC/USDT').last);
    const order = ok('placeOrder', {
      symbol: 'BTC/USDT',
      side: 'buy',
      type: 'limit',
      price: last.times('0.999').round(2, Big.roundDown).toFixed(2),
      quantity: '0.01',
    });
    for (let i = 0; i < 3600 && ok('listOrders').total > 0; i++) world.clock.advance(1000);
    expect(inbox()).toHaveLength(1);
    expect(inbox()[0]).toMatchObject({
      kind: 'order_filled',
      params: { symbol: 'BTC/USDT', side: 'buy', quantity: '0.01000', price: order.price, coin: 'BTC' },
      subject: { type: 'spot_order', id: order.id },
    });
  });

  it('an order that rests and fills at the same virtual moment (a price set through the control API) is told too', async () => {
    ok('transfer', { coin: 'USDT', from: 'funds', to: 'exchange', amount: '2000' });
    await price('BTC/USDT', '60000.00');
    const order = ok('placeOrder', { symbol: 'BTC/USDT', side: 'buy', type: 'limit', price: '59900.00', quantity: '0.001' });
    expect(order.status).toBe('pending');
    await price('BTC/USDT', '59000.00');
    expect(inbox().map((m) => `${m.kind}:${m.subject?.id}`)).toEqual([`order_filled:${order.id}`]);
  });

  it('a take-profit close is told with its P&L; positions liquidated at one moment are one message, updated in place', async () => {
    ok('transfer', { coin: 'USDT', from: 'funds', to: 'lever', amount: '1000' });
    await price('BTC/USDT', '60000.00');
    await price('ETH/USDT', '3000.00');
    const tp = ok('openLever', { symbol: 'BTC/USDT', side: 'long', type: 'market', lots: '1', multiple: 10, takeProfit: '60100.00' });
    await price('BTC/USDT', '60100.00');
    expect(inbox()[0]).toMatchObject({
      kind: 'lever_closed',
      params: { symbol: 'BTC/USDT', reason: 'take_profit', price: '60100.00' },
      subject: { type: 'lever_order', id: tp.id },
    });
    expect(new Big(inbox()[0].params!.pnl).gt(0)).toBe(true);
    const held = ok('openLever', { symbol: 'BTC/USDT', side: 'long', type: 'market', lots: '2', multiple: 10 });
    ok('placeLeverCloseOrder', { id: held.id, price: '60300.00', lots: '1' });
    await price('BTC/USDT', '60300.00');
    expect(inbox()[0]).toMatchObject({ kind: 'lever_closed', params: { reason: 'close_order', price: '60300.00' } });
    // What the user closes themselves is not told.
    const told = inbox().length;
    ok('closeLever', { id: held.id });
    expect(inbox()).toHaveLength(told);

    const delegation = ok('openLever', { symbol: 'ETH/USDT', side: 'short', type: 'limit', price: '3010.00', lots: '1', multiple: 10 });
    await price('ETH/USDT', '3010.00');
    expect(inbox()[0]).toMatchObject({
      kind: 'lever_opened',
      params: { symbol: 'ETH/USDT', side: 'short', lots: '1', price: '3010.00' },
      subject: { id: delegation.id },
    });
    ok('closeLever', { id: delegation.id });

    ok('openLever', { symbol: 'BTC/USDT', side: 'long', type: 'market', lots: '50', multiple: 100 });
    ok('openLever', { symbol: 'ETH/USDT', side: 'long', type: 'market', lots: '5', multiple: 100 });
    ok('openLever', { symbol: 'BTC/USDT', side: 'long', type: 'market', lots: '40', multiple: 100 });
    pushed = [];
    await price('BTC/USDT', '50000.00');
    expect(ok('listLeverOrders').total).toBe(0);
    const liquidated = inbox().filter((m) => m.kind === 'lever_liquidated');
    expect(liquidated).toHaveLength(1);
    expect(liquidated[0].params).toEqual({ symbol: expect.stringMatching(/^(BTC\/USDT, ETH\/USDT|ETH\/USDT, BTC\/USDT)$/), count: '3' });
    expect(liquidated[0].title).toBe('Lever positions liquidated');
    // The event went out as each position closed, always the same message, last with the count of three.
    const events = pushed.filter((d) => d.event === 'systemMessage').map((d) => d.payload as { message: Message; unread: number });
    for (const e of events) expect(validate.systemMessage(e), JSON.stringify(validate.systemMessage.errors)).toBe(true);
    expect(new Set(events.map((e) => e.message.id))).toEqual(new Set([liquidated[0].id]));
    expect(events.at(-1)!.message.params!.count).toBe('3');
  });

  it('P2P: the seller hears the buyer paid, the buyer hears an order cancelled by its timer; nobody hears their own step', () => {
    start('instant-review');
    verify();
    ok('addPaymentMethod', { type: 'bank', country: 'US', realName: 'Alex Morgan', bankName: 'First Bank', accountNumber: '12345678' });
    ok('setTransactionPassword', { password: '482915', confirmPassword: '482915' });
    ok('transfer', { coin: 'USDT', from: 'funds', to: 'fiat', amount: '1000' });
    const p2p = () => inbox().filter((m) => m.kind.startsWith('p2p_'));
    const ads = (side: string) => ok('listP2pAds', undefined, { side, coin: 'USDT', fiat: 'USD' }).items;
    const sold = ok('placeP2pOrder', { adId: ads('sell')[0].id, amount: '100' });
    const bought = ok('placeP2pOrder', { adId: ads('buy')[1].id, amount: '60' });
    world.clock.advance(P2P_TIMES.payMs);
    expect(p2p().map((m) => m.kind)).toEqual(['p2p_paid']);
    expect(p2p()[0]).toMatchObject({
      subject: { type: 'p2p_order', id: sold.id },
      params: { orderNo: sold.orderNo, amount: sold.amount, fiat: 'USD', quantity: sold.quantity, coin: 'USDT' },
    });
    ok('actOnP2pOrder', { id: sold.id, action: 'confirm', transactionPassword: '482915' });
    world.clock.advance(P2P_TIMES.payWindowMs);
    expect(p2p().map((m) => `${m.kind}:${m.subject!.id}`)).toEqual([`p2p_cancelled:${bought.id}`, `p2p_paid:${sold.id}`]);
    expect(p2p()[0].params).toMatchObject({ by: 'timeout', orderNo: bought.orderNo });
  });

  it('loans: approved, an instalment taken at its due time, one that could not be taken', () => {
    start('instant-review');
    verify();
    const loan = ok('applyLoan', { productId: 'ln_assist', amount: '1000', days: 7, method: 'one_time' });
    expect(inbox()[0]).toMatchObject({ kind: 'loan_approved', params: { amount: '1000.000000', coin: 'USDT' }, subject: { type: 'loan', id: loan.id } });
    world.clock.advance(7 * DAY);
    expect(inbox()[0]).toMatchObject({ kind: 'loan_instalment_paid', params: { n: '1', count: '1', coin: 'USDT' }, subject: { id: loan.id } });
    ok('applyLoan', { productId: 'ln_assist', amount: '5000', days: 7, method: 'one_time' });
    ok('transfer', {
      coin: 'USDT',
      from: 'funds',
      to: 'exchange',
      amount: ok('getWallet').accounts[0].balances.find((b: { coin: string }) => b.coin === 'USDT').available,
    });
    world.clock.advance(7 * DAY);
    expect(inbox()[0]).toMatchObject({ kind: 'loan_overdue', params: { n: '1', amount: '5017.500000' } });
    expect(inbox().filter((m) => m.kind === 'loan_overdue')).toHaveLength(1);
  });

  it('IEO: the allocation with its refund, then the distribution', () => {
    const sub = ok('subscribeIeo', { projectId: 'io_ton', quantity: '1000' });
    expect(inbox()).toEqual([]);
    world.clock.advance(2 * DAY);
    const allocated = ok('listIeoSubscriptions').items[0];
    expect(inbox()[0]).toMatchObject({
      kind: 'ieo_allocated',
      params: { quantity: allocated.allocated, coin: 'TON', refund: allocated.refund, paidCoin: 'USDT' },
      subject: { type: 'ieo_subscription', id: sub.id },
    });
    world.clock.advance(DAY);
    expect(inbox().map((m) => m.kind)).toEqual(['ieo_distributed', 'ieo_allocated']);
    expect(call('listMessages').message.unread).toBe(3);
  });
});
