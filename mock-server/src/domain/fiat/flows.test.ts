/** The fiat market through dispatch: the market, buying to completion, selling with a payment method (997 without), ownership, the transaction password, events to both sides. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { OperationId } from '../../../../contracts/generated/operations';
import * as validate from '../../../../contracts/generated/socket-validators.js';
import { P2P_OPEN_ORDER_LIMIT, P2P_TIMES } from './model';
import { WorldHost } from '../../host';
import { control } from '../../core/control';
import type { World } from '../world';
import { route, userRoom, type Delivery } from '../../core/realtime';
import { send } from '../../core/test-client';

let host: WorldHost;
let world: World;
let demo: string;
let delivered: Delivery[];

const call = (operationId: OperationId, as: string | undefined, body?: unknown, query: Record<string, string> = {}) =>
  send(world, operationId, { body, query, token: as }).body;
const ok = (operationId: OperationId, as: string | undefined, body?: unknown, query: Record<string, string> = {}) => {
  const res = call(operationId, as, body, query);
  expect(res.type, JSON.stringify(res)).toBe('ok');
  return res.message;
};
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const ads = (side: 'buy' | 'sell', fiat = 'USD') => ok('listP2pAds', undefined, undefined, { side, coin: 'USDT', fiat }).items;

/** A second user, who is no side of the demo's orders. */
function stranger(): string {
  ok('sendCode', undefined, { account: 'other@example.com', scene: 'register' });
  return ok('register', undefined, {
    accountType: 'email',
    account: 'other@example.com',
    password: 'Pass2026!',
    confirmPassword: 'Pass2026!',
    code: '123456',
    agree: true,
  }).token;
}

beforeEach(() => {
  host = new WorldHost({ seed: 4, freezeClock: true });
  world = host.world;
  demo = ok('login', undefined, { account: 'demo@example.com', password: 'Demo1234' }).token;
  delivered = [];
  route({ world: () => world, on: (e, l) => world.events.on(e, l), rooms: () => [], deliver: (d) => delivered.push(d) });
});

describe('fiat market', () => {
  it('lists the merchants sell ads cheapest first to a buyer, buy ads best first to a seller, filtered by payment and amount', () => {
    const buy = ads('buy');
    expect(buy.map((a: { price: string }) => a.price)).toEqual(['1.00', '1.01']);
    expect(buy[1].store).toMatchObject({ name: 'Harbor OTC', completionRate: '0.9804', orders30d: 412 });
    expect(ads('sell', 'CNY').map((a: { side: string }) => a.side)).toEqual(['buy']);
    expect(ok('listP2pAds', undefined, undefined, { side: 'buy', coin: 'USDT', fiat: 'USD', payment: 'pix' }).items).toHaveLength(1);
    expect(
      ok('listP2pAds', undefined, undefined, { side: 'buy', coin: 'USDT', fiat: 'USD', amount: '3000' }).items.map(
        (a: { store: { name: string } }) => a.store.name,
      ),
    ).toEqual(['Harbor OTC']);
    expect(ok('getP2pStore', undefined, undefined, { id: buy[1].store.id }).ads.length).toBe(4);
  });

  it('buys to completion: pay, the merchant releases, the coin is in the fiat account; the payment details go once it ends', () => {
    const harbor = ads('buy')[1];
    const order = ok('placeP2pOrder', demo, { adId: harbor.id, quantity: '100' });
    expect(order).toMatchObject({ role: 'buyer', status: 'waiting_payment', amount: '101.00', actions: ['pay', 'cancel'], payment: { type: 'bank' } });
    expect(ok('actOnP2pOrder', demo, { id: order.id, action: 'pay' })).toMatchObject({ status: 'paid', actions: ['appeal'] });
    world.clock.advance(P2P_TIMES.confirmMs);
    const done = ok('getP2pOrder', demo, undefined, { id: order.id });
    expect(done).toMatchObject({ status: 'completed', actions: [] });
    expect(done.payment).toBeUndefined();
    const funds = ok('getWallet', demo)
      .accounts.find((a: { kind: string }) => a.kind === 'fiat')
      .balances.find((b: { coin: string }) => b.coin === 'USDT');
    expect(funds.available).toBe('100.000000');
    const events = delivered.filter((d) => d.event === 'p2pOrder' && d.room === userRoom(world.accounts.idOf('demo@example.com')!));
    expect(events.map((d) => (d.payload as { order: { status: string } }).order.status)).toEqual(['waiting_payment', 'paid', 'completed']);
    for (const d of events) expect(validate.p2pOrder(d.payload)).toBe(true);
    expect(ok('listP2pOrders', demo, undefined, { status: 'completed' }).total).toBe(1);
  });

  it('selling needs a verified payment method (997), a cancelled order hides the payment details, another user sees no order', () => {
    const bid = ads('sell')[0];
    expect(call('placeP2pOrder', demo, { adId: bid.id, amount: '200' })).toMatchObject({ type: '997', code: 'p2p_no_payment_method' });
    const order = ok('placeP2pOrder', demo, { adId: ads('buy')[1].id, amount: '60' });
    const cancelled = ok('actOnP2pOrder', demo, { id: order.id, action: 'cancel' });
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelledBy: 'buyer' });
    expect(cancelled.payment).toBeUndefined();
    const other = stranger();
    expect(call('getP2pOrder', other, undefined, { id: order.id }).code).toBe('not_found');
    expect(call('actOnP2pOrder', other, { id: order.id, action: 'pay' }).code).toBe('not_found');
  });

  it(`a buyer holds at most ${P2P_OPEN_ORDER_LIMIT} unfinished orders: one more is refused with its code and the ad keeps its coin`, () => {
    const harbor = ads('buy')[1];
    for (let i = 0; i < P2P_OPEN_ORDER_LIMIT; i++) ok('placeP2pOrder', demo, { adId: harbor.id, amount: '60' });
    const available = () => ads('buy').find((a: { id: string }) => a.id === harbor.id).available;
    const left = available();
    expect(call('placeP2pOrder', demo, { adId: harbor.id, amount: '60' })).toMatchObject({
      type: 'error',
      code: 'p2p_too_many_open_orders',
      params: { max: P2P_OPEN_ORDER_LIMIT },
    });
    expect(available()).toBe(left);
    expect(ok('listP2pOrders', demo, undefined, { status: 'open' }).total).toBe(P2P_OPEN_ORDER_LIMIT);
  });

  it('a sell ad my fiat balance cannot reserve is refused and leaves no ad; a publish retried with its key is kept once', () => {
    host = new WorldHost({ seed: 4, freezeClock: true, scenario: 'instant-review' });
    world = host.world;
    demo = ok('login', undefined, { account: 'demo@example.com', password: 'Demo1234' }).token;
    const [front, back] = [ok('uploadImage', demo, { image: PNG }).id, ok('uploadImage', demo, { image: PNG }).id];
    ok('submitIdentity', demo, { level: 'primary', realName: 'Alex Morgan', idType: 'id_card', idNumber: 'X1234567', frontImage: front, backImage: back });
    ok('addPaymentMethod', demo, { type: 'bank', country: 'BR', realName: 'Alex Morgan', bankName: 'Banco do Brasil', accountNumber: '0012 3456 78' });
    ok('setTransactionPassword', demo, { password: '482915', confirmPassword: '482915' });
    ok('openP2pStore', demo);
    ok('transfer', demo, { coin: 'USDT', from: 'funds', to: 'fiat', amount: '1000' });
    const ad = { side: 'sell', coin: 'USDT', fiat: 'USD', price: '1.02', quantity: '1000.000001', min: '20', max: '300', payments: 'bank' };
    const publish = (body: unknown, idempotencyKey: string) => send(world, 'publishP2pAd', { body, token: demo, idempotencyKey }).body;
    expect(publish(ad, 'ad-1')).toMatchObject({ type: 'error', code: 'insufficient_balance' });
    expect(ok('getMyP2pStore', demo).store.ads).toEqual([]);
    const published = publish({ ...ad, quantity: '1000' }, 'ad-2');
    expect(published).toMatchObject({ type: 'ok', message: { online: true, available: '1000.000000' } });
    expect(publish({ ...ad, quantity: '1000' }, 'ad-2')).toEqual(published);
    expect(ok('getMyP2pStore', demo).store.ads.map((a: { id: string }) => a.id)).toEqual([published.message.id]);
  });

  it('the buyer cannot confirm; a seller confirms only with the transaction password', () => {
    const order = ok('placeP2pOrder', demo, { adId: ads('buy')[1].id, amount: '60' });
    expect(call('actOnP2pOrder', demo, { id: order.id, action: 'confirm', transactionPassword: '482915' }).code).toBe('p2p_not_your_action');
    expect(call('actOnP2pOrder', demo, { id: order.id, action: 'confirm' }).code).toBe('field_required');
    ok('actOnP2pOrder', demo, { id: order.id, action: 'pay' });
    expect(call('actOnP2pOrder', demo, { id: order.id, action: 'pay' }).code).toBe('p2p_wrong_state');
  });

  it('QA moves an order on as any side or as support through the control API; a step not allowed answers 400 with its code', async () => {
    const quiet = ads('buy')[0];
    const order = ok('placeP2pOrder', demo, { adId: quiet.id, amount: '40' });
    ok('actOnP2pOrder', demo, { id: order.id, action: 'pay' });
    expect(await control(host, 'mockP2pAct', { id: order.id, action: 'pay', as: 'buyer' })).toEqual({
      status: 400,
      body: { error: expect.any(String), code: 'p2p_wrong_state' },
    });
    expect(await control(host, 'mockP2pAct', { id: order.id, action: 'confirm', as: 'seller' })).toEqual({
      status: 200,
      body: { id: order.id, status: 'completed' },
    });
    expect(ok('getP2pOrder', demo, undefined, { id: order.id }).status).toBe('completed');
    expect((await control(host, 'mockP2pAct', { id: 'po_nope', action: 'pay', as: 'buyer' })).status).toBe(400);
  });

  it('the order chat: the merchant reminder, text and a receipt the other side can see, both sides live, 20 a minute, support in an appeal, read-only once ended', async () => {
    const order = ok('placeP2pOrder', demo, { adId: ads('buy')[0].id, amount: '40' });
    const chat = () => ok('listP2pMessages', demo, undefined, { id: order.id }) as Array<{ from: string; text?: string; image?: string }>;
    expect(chat().map((m) => m.from)).toEqual(['seller']);
    expect(chat()[0].text).toContain(order.reference);
    expect(call('sendP2pMessage', demo, { id: order.id, text: '   ' }).code).toBe('field_required');
    const image = ok('uploadImage', demo, { image: PNG }).id;
    expect(ok('sendP2pMessage', demo, { id: order.id, text: '  Receipt attached  ', image })).toMatchObject({ from: 'buyer', text: 'Receipt attached', image });
    // The seller may open the receipt; anyone else sees neither it nor the chat.
    const seller = world.fiat.orders.get(order.id)!.seller;
    expect(world.uploads.get(seller, image).id).toBe(image);
    const other = stranger();
    expect(call('getUpload', other, undefined, { id: image }).code).toBe('not_found');
    expect(call('listP2pMessages', other, undefined, { id: order.id }).code).toBe('not_found');
    expect(call('sendP2pMessage', other, { id: order.id, text: 'hi' }).code).toBe('not_found');
    const events = delivered.filter((d) => d.event === 'p2pMessage');
    // Both sides hear of the message (the seller's room is a simulated merchant's here).
    expect(events.slice(-2).map((d) => d.room)).toEqual([userRoom(world.accounts.idOf('demo@example.com')!), userRoom(seller)]);
    for (const d of events) expect(validate.p2pMessage(d.payload)).toBe(true);

    for (let i = 0; i < 19; i++) ok('sendP2pMessage', demo, { id: order.id, text: `note ${i}` });
    expect(call('sendP2pMessage', demo, { id: order.id, text: 'one more' })).toMatchObject({ code: 'too_many_attempts' });
    world.clock.advance(60_000);

    ok('actOnP2pOrder', demo, { id: order.id, action: 'pay' });
    ok('actOnP2pOrder', demo, { id: order.id, action: 'appeal', reason: 'Paid, not released.' });
    expect(chat().at(-1)).toMatchObject({ from: 'support', text: expect.stringContaining('the buyer appealed') });
    expect(await control(host, 'mockP2pSay', { id: order.id, as: 'support', text: 'Please post the bank statement.' })).toMatchObject({
      status: 200,
      body: { from: 'support', text: 'Please post the bank statement.' },
    });
    await control(host, 'mockP2pAct', { id: order.id, action: 'decide_seller', as: 'support' });
    expect(chat().at(-1)).toMatchObject({ from: 'support', text: expect.stringContaining('Decided for the seller') });
    expect(call('sendP2pMessage', demo, { id: order.id, text: 'But I paid' }).code).toBe('p2p_order_closed');
    expect(chat().length).toBe(24);
  });

  it('an appeal says why, both sides see the reason (trimmed); re-opened after a withdrawal, support says so once and decides 30 minutes after the re-opening', () => {
    const order = ok('placeP2pOrder', demo, { adId: ads('buy')[0].id, amount: '40' });
    ok('actOnP2pOrder', demo, { id: order.id, action: 'pay' });
    const appealed = ok('actOnP2pOrder', demo, { id: order.id, action: 'appeal', reason: '  Paid 40 USD, no release.  ' });
    expect(appealed.appeal).toMatchObject({ by: 'buyer', reason: 'Paid 40 USD, no release.', status: 'open' });
    const chat = () => ok('listP2pMessages', demo, undefined, { id: order.id }) as Array<{ from: string; text?: string }>;
    const supportSaid = () =>
      chat()
        .filter((m) => m.from === 'support')
        .map((m) => m.text!.split(':')[0].split('.')[0]);
    world.clock.advance(10 * 60_000);
    ok('actOnP2pOrder', demo, { id: order.id, action: 'withdraw_appeal' });
    ok('actOnP2pOrder', demo, { id: order.id, action: 'appeal', reason: 'Still no release.' });
    expect(supportSaid()).toEqual(['Support has joined', 'The buyer appealed again']);
    // Each automatic message is also a code with its values, for the reader's language; the merchant's reminder too.
    expect(chat().map((m) => [m.from, (m as { kind?: string }).kind, (m as { params?: object }).params])).toEqual([
      ['seller', 'pay_reminder', { amount: '40.00', fiat: 'USD', reference: order.reference }],
      ['support', 'appeal_opened', { by: 'buyer' }],
      ['support', 'appeal_reopened', { by: 'buyer' }],
    ]);
    // The first appeal's 30 minutes end: the re-opened one is not decided by its timer.
    world.clock.advance(P2P_TIMES.appealMs - 10 * 60_000);
    expect(ok('getP2pOrder', demo, undefined, { id: order.id }).status).toBe('appeal');
    world.clock.advance(10 * 60_000);
    expect(ok('getP2pOrder', demo, undefined, { id: order.id })).toMatchObject({ status: 'completed', appeal: { status: 'decided', outcome: 'buyer' } });
    expect(chat().at(-1)).toMatchObject({ from: 'support', kind: 'decided_buyer' });
  });

  it("a merchant's BTC ad is priced near the market and follows it, hour by hour", () => {
    const btcAd = () => ok('listP2pAds', undefined, undefined, { side: 'buy', coin: 'BTC', fiat: 'USD' }).items[0];
    const spot = () => Number(world.market.snapshot('BTC/USDT').last);
    const near = () => Math.abs(Number(btcAd().price) / spot() - 1.004);
    expect(near()).toBeLessThan(0.0005);
    world.setPrice('BTC/USDT', (spot() * 1.08).toFixed(2), true);
    world.clock.advance(60 * 60_000);
    expect(near()).toBeLessThan(0.0005);
  });
});
