/**
 * The contract's examples hold. Every operation of contracts/openapi.yaml carries paired examples:
 * request examples (the request body's `examples`, or each query parameter's `examples` map) and
 * response examples (under the response status that answers them) share a name, `ok`,
 * `not_logged_in` or an error code, and a `summary` that states the state the outcome needs. Each
 * pair is replayed here against the mock: the state is built by the prep of the table below in a
 * fresh seeded world, the contract's request is sent through the test client (which checks the
 * answer against the contract and the error catalogue), and the answer must be the example: same
 * outcome, same HTTP status, same body, except session tokens and tickets (random by design) and
 * arrays the example cut to their first 3 items.
 *
 * After a change that moves the seeded world's values on purpose (its randomness, a price), run
 * `REFRESH_EXAMPLES=1 npx vitest run mock-server/src/core/contract-examples.test.ts`: a response
 * example whose outcome and status still hold takes the mock's answer (review the diff); the
 * outcome and status are still checked.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { contractExamples, writeResponseExamples, type ExampleRequest, type ResponseExampleUpdate } from '../../../codegen/examples';
import { operationTable, type OperationId } from '../../../contracts/generated/operations';
import { World } from '../domain/world';
import { type Scenario } from '../domain/kernel/area';
import { send } from './test-client';

/** Arrays of a response example longer than this were cut to this many items. */
const SHOWN = 3;
/** Fields whose string values are random by design: compared as this placeholder. */
const RANDOM = new Set(['token', 'ticket', 'key']);
const PLACEHOLDER = '<random>';

type Request = ExampleRequest;

// ---------------------------------------------------------------------------------------------
// The state each outcome needs, as its example's summary states it. Without an entry: a fresh
// world (seed 42, frozen clock), logged in as the demo user when the operation needs a session.
// ---------------------------------------------------------------------------------------------

const DEMO = { account: 'demo@example.com', password: 'Demo1234' };
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const ADDRESS = 'TXk3LoVgYqW9m4sQ1hXc8bP7nJd2rFa5Uy';
const BANK = { type: 'bank', country: 'BR', realName: 'Alex Morgan', bankName: 'Banco do Brasil', accountNumber: '0012 3456 78' };
const LIMIT_BUY = { symbol: 'ETH/USDT', side: 'buy', type: 'limit', price: '100.00', quantity: '1' };
const TRC20 = { coin: 'USDT', chain: 'TRC20' };

/** `call` sends in the case's world with the case's session (if any) and answers the message; a refused step fails the case. */
interface Ctx {
  world: World;
  call: (op: OperationId, body?: unknown, query?: Record<string, string>) => any;
}
type Step = (c: Ctx, request: Request) => unknown;
interface Prep {
  scenario?: Scenario;
  /** Log in as the demo user although the operation does not need a session. */
  session?: boolean;
  run?: Step;
  /** Builds the state and answers request values random by design (a ticket) the request must carry instead of the example's. */
  fresh?: (c: Ctx, request: Request) => Record<string, unknown>;
}

const steps =
  (...list: Step[]): Step =>
  (c, request) =>
    list.forEach((step) => step(c, request));
const later =
  (ms: number): Step =>
  (c) =>
    c.world.clock.advance(ms);
const codeFor =
  (scene: string): Step =>
  (c, { body }) =>
    c.call('sendCode', { account: body.account, scene });
const securityCode: Step = (c) => c.call('sendCode', { account: DEMO.account, scene: 'security' });
const addAddress = steps(securityCode, (c) => c.call('addAddress', { ...TRC20, address: ADDRESS, label: 'Cold', code: '123456' }));
const upload: Step = (c) => c.call('uploadImage', { image: PNG });
const verify: Step = (c) => {
  const [front, back] = [c.call('uploadImage', { image: PNG }).id, c.call('uploadImage', { image: PNG }).id];
  c.call('submitIdentity', { level: 'primary', realName: 'Alex Morgan', idType: 'id_card', idNumber: 'X1234567', frontImage: front, backImage: back });
};
const addBank: Step = (c) => c.call('addPaymentMethod', BANK);
const depositAddress: Step = (c) => c.call('getDepositAddress', undefined, TRC20);
const transactionPassword: Step = (c) => c.call('setTransactionPassword', { password: '482915', confirmPassword: '482915' });
const quote: Step = (c) => c.call('flashQuote', { from: 'BTC', to: 'USDT', amount: '0.1' });
const toExchange: Step = (c) => c.call('transfer', { coin: 'USDT', from: 'funds', to: 'exchange', amount: '5000' });
const placeBuy: Step = (c) => c.call('placeOrder', LIMIT_BUY);
const toSecond: Step = (c) => c.call('transfer', { coin: 'USDT', from: 'funds', to: 'second', amount: '1000' });
const toLever: Step = (c) => c.call('transfer', { coin: 'USDT', from: 'funds', to: 'lever', amount: '1000' });
const openLong: Step = (c) => c.call('openLever', { symbol: 'BTC/USDT', side: 'long', type: 'market', lots: '1', multiple: 10 });
const openShort: Step = (c) => c.call('openLever', { symbol: 'ETH/USDT', side: 'short', type: 'market', lots: '2', multiple: 20 });
const delegate: Step = (c) => c.call('openLever', { symbol: 'BTC/USDT', side: 'long', type: 'limit', price: '60000.00', lots: '1', multiple: 10 });
const wrongLogin: Step = (c, { body }) => send(c.world, 'login', { body: { account: body.account, password: 'Wrong1234' } });
const store = steps(verify, addBank, transactionPassword, (c) => c.call('openP2pStore'));
const sellAd = steps(store, (c) => c.call('transfer', { coin: 'USDT', from: 'funds', to: 'fiat', amount: '1000' }));
const publishSell: Step = (c) =>
  c.call('publishP2pAd', { side: 'sell', coin: 'USDT', fiat: 'USD', price: '1.02', quantity: '500', min: '20', max: '300', payments: 'bank' });
const loan14: Step = (c) => c.call('applyLoan', { productId: 'ln_assist', amount: '1000', days: 14, method: 'one_time' });
const lock30: Step = (c) => c.call('lockFunds', { productId: 'lk_usdt_30', amount: '1000' });
const p2pOrder: Step = (c) => c.call('placeP2pOrder', { adId: 'ad_5743f584b5627a0d', amount: '100.20', payment: 'bank' });
const ticket = (c: Ctx) => {
  c.call('sendCode', { account: DEMO.account, scene: 'forget_password' });
  return { ticket: c.call('checkCode', { account: DEMO.account, scene: 'forget_password', code: '123456' }).ticket };
};

const PREPS: Record<string, Prep> = {
  'sendCode/code_cooldown': { run: (c, { body }) => c.call('sendCode', body) },
  'register/ok': { run: codeFor('register') },
  'register/wrong_code': { run: codeFor('register') },
  'login/too_many_attempts': { run: steps(wrongLogin, wrongLogin, wrongLogin, wrongLogin, wrongLogin) },
  'logout/ok': { session: true },
  'listP2pOrders/ok': { run: p2pOrder },
  'openP2pStore/ok': { scenario: 'instant-review', run: steps(verify, addBank, transactionPassword) },
  'openP2pStore/p2p_store_name_taken': { scenario: 'instant-review', run: steps(verify, addBank, transactionPassword) },
  'renameP2pStore/ok': { scenario: 'instant-review', run: store },
  'renameP2pStore/p2p_store_name_taken': { scenario: 'instant-review', run: store },
  'renameP2pStore/text_too_short': { scenario: 'instant-review', run: store },
  'publishP2pAd/ok': { scenario: 'instant-review', run: sellAd },
  'setP2pAdOnline/ok': { scenario: 'instant-review', run: steps(sellAd, publishSell) },
  'listBalanceLog/ok': { scenario: 'instant-review', run: steps(sellAd, publishSell) },
  'editP2pAd/ok': { scenario: 'instant-review', run: steps(sellAd, publishSell) },
  'editP2pAd/p2p_max_below_min': { scenario: 'instant-review', run: steps(sellAd, publishSell) },
  'editP2pAd/insufficient_balance': { scenario: 'instant-review', run: steps(sellAd, publishSell) },
  'editP2pAd/not_found': { scenario: 'instant-review', run: store },
  'setP2pAdOnline/not_found': { scenario: 'instant-review', run: store },
  'getP2pOrder/ok': { run: p2pOrder },
  'redeemLock/ok': { run: lock30 },
  'listIeoSubscriptions/ok': { run: steps((c) => c.call('subscribeIeo', { projectId: 'io_ton', quantity: '1000' }), later(2 * 86_400_000)) },
  'applyLoan/ok': { scenario: 'instant-review', run: verify },
  'applyLoan/field_required': { scenario: 'instant-review', run: verify },
  'listLoans/ok': { scenario: 'instant-review', run: steps(verify, loan14) },
  'repayLoan/ok': { scenario: 'instant-review', run: steps(verify, loan14) },
  'listEarnPositions/ok': { run: steps(lock30, later(2 * 86_400_000)) },
  'listP2pMessages/ok': { run: steps(p2pOrder, (c) => c.call('sendP2pMessage', { id: 'po_4468470f39cc83f7', text: 'Paying now by bank transfer.' })) },
  'sendP2pMessage/ok': { run: p2pOrder },
  'sendP2pMessage/field_required': { run: p2pOrder },
  'sendP2pMessage/upload_missing': { run: p2pOrder },
  'actOnP2pOrder/ok': { run: p2pOrder },
  'actOnP2pOrder/p2p_not_your_action': { run: p2pOrder },
  'getSupportChat/ok': { session: true },
  'getSupportChat/not_found': { session: true },
  'getSupportUnread/ok': { session: true },
  'sendSupportMessage/ok': { session: true },
  'sendSupportMessage/field_required': { session: true },
  'sendSupportMessage/upload_missing': { session: true },
  'readSupport/ok': { session: true },
  'checkCode/ok': { run: codeFor('forget_password') },
  'checkCode/wrong_code': { run: codeFor('forget_password') },
  'checkCode/code_not_sent': { session: true },
  'resetPassword/ok': { fresh: ticket },
  'resetPassword/password_mismatch': { fresh: ticket },
  'setTransactionPassword/code_required': { run: transactionPassword },
  'uploadImage/ok': { session: true },
  'uploadImage/upload_type': { session: true },
  'getUpload/ok': { session: true, run: upload },
  'getUpload/not_found': { session: true },
  'submitIdentity/ok': { run: steps(upload, upload) },
  'submitIdentity/review_pending': { run: steps(verify, upload, upload) },
  'addPaymentMethod/ok': { scenario: 'instant-review', run: verify },
  'addPaymentMethod/name_mismatch': { scenario: 'instant-review', run: verify },
  'removePaymentMethod/ok': { scenario: 'instant-review', run: steps(verify, addBank) },
  'listPaymentMethods/ok': { scenario: 'instant-review', run: steps(verify, addBank) },
  'redeemAuthorizationCode/already_agent': { run: (c) => c.call('redeemAuthorizationCode', { code: 'AGENT2026' }) },
  'submitRecharge/ok': { run: steps(upload, depositAddress) },
  'submitRecharge/address_mismatch': { run: upload },
  'submitRecharge/upload_missing': { run: depositAddress },
  'listRecords/ok': { run: steps((c) => c.call('sandboxDeposit', { ...TRC20, amount: '250' }), later(10_000)) },
  'listAddresses/ok': { run: addAddress },
  'addAddress/ok': { run: securityCode },
  'addAddress/wrong_code': { run: securityCode },
  'addAddress/duplicate_address': { run: steps(addAddress, securityCode) },
  'removeAddress/ok': { run: addAddress },
  'withdraw/ok': { run: steps(addAddress, transactionPassword) },
  'withdraw/no_transaction_password': { run: addAddress },
  'withdraw/insufficient_balance': { run: steps(addAddress, transactionPassword) },
  'flashExchange/ok': { run: quote },
  'flashExchange/quote_expired': { run: steps(quote, quote, later(11_000)) },
  'getTrades/ok': { run: later(3000) },
  'listFavorites/ok': { run: (c) => c.call('setFavorite', { symbol: 'ETH/USDT', favorite: true }) },
  'placeOrder/ok': { run: toExchange },
  'placeOrder/insufficient_balance': { run: toExchange },
  'placeOrder/amount_precision': { run: toExchange },
  'cancelOrder/ok': { run: steps(toExchange, placeBuy) },
  'cancelOrder/order_closed': { run: steps(toExchange, placeBuy, placeBuy, (c, { body }) => c.call('cancelOrder', { id: body.id })) },
  'listOrders/ok': { run: steps(toExchange, placeBuy) },
  'getLeverAccount/ok': { run: steps(toLever, openLong) },
  'openLever/ok': { run: toLever },
  'cancelLever/ok': { run: steps(toLever, delegate) },
  'cancelLever/order_closed': { run: steps(toLever, delegate, delegate, (c, { body }) => c.call('cancelLever', { id: body.id })) },
  'setLeverTpSl/ok': { run: steps(toLever, openLong) },
  'setLeverTpSl/take_profit_invalid': { run: steps(toLever, openLong) },
  'setLeverTpSl/order_closed': { run: steps(toLever, openLong, openLong, (c, { body }) => c.call('closeLever', { id: body.id })) },
  'closeLever/ok': { run: steps(toLever, openLong) },
  'closeLever/order_closed': { run: steps(toLever, openLong, delegate) },
  'closeLever/lots_out_of_bounds': { run: steps(toLever, openLong) },
  'placeLeverCloseOrder/ok': { run: steps(toLever, openLong) },
  'placeLeverCloseOrder/order_closed': { run: steps(toLever, openLong, delegate) },
  'placeLeverCloseOrder/amount_precision': { run: steps(toLever, openLong) },
  'placeLeverCloseOrder/lots_out_of_bounds': { run: steps(toLever, openLong) },
  'cancelLeverCloseOrder/ok': { run: steps(toLever, openLong, (c) => c.call('placeLeverCloseOrder', { id: 'lv_2bb91c30494bbdf2', price: '70000.00' })) },
  'cancelLeverCloseOrder/order_closed': { run: steps(toLever, openLong, delegate) },
  'cancelLeverCloseOrder/not_found': { run: steps(toLever, openLong) },
  'closeAllLever/ok': { run: steps(toLever, openLong, openShort) },
  'listLeverOrders/ok': { run: steps(toLever, openLong, delegate) },
  'buySecond/ok': { run: toSecond },
  'listMessages/ok': { run: steps((c) => c.call('sandboxDeposit', { ...TRC20, amount: '100' }), later(600_000)) },
  'listSecondOrders/ok': {
    run: steps(
      toSecond,
      (c) => c.call('buySecond', { symbol: 'BTC/USDT', direction: 'up', period: 30, stake: '100' }),
      (c) => c.call('buySecond', { symbol: 'ETH/USDT', direction: 'down', period: 60, stake: '50' }),
      later(40_000),
    ),
  },
};

// ---------------------------------------------------------------------------------------------

/** `v` with the string values of random-by-design fields replaced by a placeholder. */
function masked(v: any): any {
  if (Array.isArray(v)) return v.map(masked);
  if (!v || typeof v !== 'object') return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, RANDOM.has(k) && typeof x === 'string' ? PLACEHOLDER : masked(x)]));
}

/** `actual` with every array cut to its first SHOWN items where the example shows only those. */
function cutLike(actual: any, example: any): any {
  if (Array.isArray(actual) && Array.isArray(example)) {
    const items = example.length === SHOWN && actual.length > SHOWN ? actual.slice(0, SHOWN) : actual;
    return items.map((x, i) => cutLike(x, example[i]));
  }
  if (!actual || typeof actual !== 'object' || !example || typeof example !== 'object') return actual;
  return Object.fromEntries(Object.entries(actual).map(([k, x]) => [k, cutLike(x, example[k])]));
}

const operations = contractExamples();
const pairs = operations.flatMap((o) => o.pairs);

describe('contract examples are paired', () => {
  it('covers every operation, and every prep belongs to an example', () => {
    expect(operations.map((o) => o.op).sort()).toEqual(Object.keys(operationTable).sort());
    expect(Object.keys(PREPS).filter((key) => !pairs.some((p) => `${p.op}/${p.name}` === key))).toEqual([]);
  });

  it.each(operations)('$op: request and response examples share their names, with an ok pair', (o) => {
    const sorted = (names: string[]) => [...names].sort();
    expect(sorted(o.responseNames)).toEqual([...new Set(sorted(o.responseNames))]);
    expect(o.responseNames).toContain('ok');
    expect(sorted(o.requestNames)).toEqual(o.takesInput ? sorted(o.responseNames) : []);
    for (const b of o.bodies) expect(b, 'the same examples in every media type').toEqual(o.bodies[0]);
  });
});

describe('contract examples hold', () => {
  it.each(pairs)('$label', ({ op, name, request = { query: {} }, status, response }) => {
    const loggedOut = name === 'not_logged_in';
    const prep = loggedOut ? {} : (PREPS[`${op}/${name}`] ?? {});
    const world = new World({ seed: 42, freezeClock: true, scenario: prep.scenario ?? 'default' });
    const token = !loggedOut && (operationTable[op].auth || prep.session) ? send(world, 'login', { body: DEMO }).body.message.token : undefined;
    const call: Ctx['call'] = (o, body, query = {}) => {
      const res = send(world, o, { body, query, token }).body;
      expect(res.type, `prep step ${o}: ${JSON.stringify(res)}`).toBe('ok');
      return res.message;
    };
    const ctx: Ctx = { world, call };
    prep.run?.(ctx, request);
    const body = prep.fresh ? { ...request.body, ...prep.fresh(ctx, request) } : request.body;

    const answer = send(world, op, { body, query: request.query, token });

    expect(answer.body.type === 'ok' ? 'ok' : answer.body.code, JSON.stringify(answer.body)).toBe(name);
    expect(answer.status).toBe(status);
    const shown = cutLike(answer.body, response);
    if (REFRESH && JSON.stringify(masked(shown)) !== JSON.stringify(masked(response))) refreshed.push({ op, status, name, value: shown });
    else expect(masked(shown)).toEqual(masked(response));
  });
});

const REFRESH = Boolean(process.env.REFRESH_EXAMPLES);
const refreshed: ResponseExampleUpdate[] = [];
afterAll(() => {
  if (refreshed.length) writeResponseExamples(refreshed);
});
