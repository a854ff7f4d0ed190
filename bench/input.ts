/**
 * `npm run bench:input`: the worst input the contract allows, sent to every money operation, and
 * how long the server's event loop was held. Every decimal field gets the largest DecimalInput
 * (15 digits before the point, 18 after); limit orders multiply price × quantity with them, market
 * orders walk the whole book. Runs the mock server in-process on a free port (frozen clock), sends
 * ROUNDS requests per case over HTTP and prints, per case, the answer's code and the longest
 * event-loop block seen (perf_hooks histogram, 1 ms resolution; it includes this script's own
 * client work, so it is an upper bound). Also sends one over-long decimal (40,000 digits) to show
 * it is refused before any arithmetic. Target: every block under 20 ms. Exits 0 once measured.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { DECIMAL_INPUT } from '../common/amount.ts';
import { createServer } from '../mock-server/src/http/server.ts';
import { DEMO_ACCOUNT } from '../mock-server/src/domain/account/seed.ts';
import { MOCK_CODE } from '../mock-server/src/domain/account/codes.ts';

const ROUNDS = 30;
const WORST = `${'9'.repeat(DECIMAL_INPUT.maxIntegerDigits)}.${'9'.repeat(DECIMAL_INPUT.maxFractionDigits)}`;
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const { app, host } = await createServer({ staticDir: '/nonexistent', world: { seed: 1, freezeClock: true } });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;

let token = '';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers of several operations, read loosely by a script
async function call(method: string, path: string, body?: unknown): Promise<{ type: string; code?: string; message: any }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

token = (await call('POST', '/sessions', { account: DEMO_ACCOUNT.account, password: DEMO_ACCOUNT.password })).message.token;
await call('POST', '/me/transaction-password', { password: '482915', confirmPassword: '482915' });
await call('POST', '/verification-codes', { account: DEMO_ACCOUNT.account, scene: 'security' });
const address = await call('POST', '/me/addresses', { coin: 'USDT', chain: 'TRC20', address: 'TXk3LoVgYqW9m4sQ1hXc8bP7nJd2rFa5Uy', code: MOCK_CODE });
const voucher = (await call('POST', '/uploads', { image: PNG })).message.id;
const deposit = (await call('GET', '/me/deposit-address?coin=USDT&chain=TRC20')).message.address;

/** The largest amount with `places` decimals: what passes every format check and reaches the arithmetic. */
const fit = (places: number) => `${'9'.repeat(DECIMAL_INPUT.maxIntegerDigits)}${places ? `.${'9'.repeat(places)}` : ''}`;

const cases: Array<[string, string, string, unknown]> = [
  // At the field's own precision (USDT 6, BTC/USDT price 2 and quantity 5, SHIB/USDT price 8 and quantity 0).
  ['sandboxDeposit (fits USDT)', 'POST', '/sandbox/deposits', { coin: 'USDT', chain: 'TRC20', amount: fit(6) }],
  ['submitRecharge (fits USDT)', 'POST', '/me/recharges', { coin: 'USDT', chain: 'TRC20', amount: fit(6), address: deposit, voucher }],
  [
    'withdraw (fits USDT)',
    'POST',
    '/me/withdrawals',
    { coin: 'USDT', chain: 'TRC20', addressId: address.message?.id, amount: fit(6), transactionPassword: '482915' },
  ],
  ['transfer (fits USDT)', 'POST', '/me/transfers', { coin: 'USDT', from: 'funds', to: 'exchange', amount: fit(6) }],
  ['flashQuote (fits USDT)', 'POST', '/flash/quotes', { from: 'USDT', to: 'BTC', amount: fit(6) }],
  ['placeOrder limit buy (fits)', 'POST', '/me/orders', { symbol: 'BTC/USDT', side: 'buy', type: 'limit', price: fit(2), quantity: fit(5) }],
  ['placeOrder limit sell (fits)', 'POST', '/me/orders', { symbol: 'SHIB/USDT', side: 'sell', type: 'limit', price: fit(8), quantity: fit(0) }],
  ['placeOrder market buy qty (fits)', 'POST', '/me/orders', { symbol: 'BTC/USDT', side: 'buy', type: 'market', quantity: fit(5) }],
  ['placeOrder market buy amt (fits)', 'POST', '/me/orders', { symbol: 'BTC/USDT', side: 'buy', type: 'market', quoteAmount: fit(2) }],
  ['openLever limit (fits)', 'POST', '/me/lever/orders', { symbol: 'BTC/USDT', side: 'long', type: 'limit', price: fit(2), lots: '100', multiple: 5 }],
  ['buySecond (fits USDT)', 'POST', '/me/second/orders', { symbol: 'BTC/USDT', direction: 'up', period: 300, stake: fit(6) }],
  // The schema's largest value (18 decimals): refused by the coin's precision.
  ['sandboxDeposit', 'POST', '/sandbox/deposits', { coin: 'USDT', chain: 'TRC20', amount: WORST }],
  ['submitRecharge', 'POST', '/me/recharges', { coin: 'USDT', chain: 'TRC20', amount: WORST, address: deposit, voucher }],
  ['withdraw', 'POST', '/me/withdrawals', { coin: 'USDT', chain: 'TRC20', addressId: address.message?.id, amount: WORST, transactionPassword: '482915' }],
  ['transfer', 'POST', '/me/transfers', { coin: 'USDT', from: 'funds', to: 'exchange', amount: WORST }],
  ['flashQuote', 'POST', '/flash/quotes', { from: 'USDT', to: 'BTC', amount: WORST }],
  ['placeOrder limit buy', 'POST', '/me/orders', { symbol: 'BTC/USDT', side: 'buy', type: 'limit', price: WORST, quantity: WORST }],
  ['placeOrder limit sell', 'POST', '/me/orders', { symbol: 'SHIB/USDT', side: 'sell', type: 'limit', price: WORST, quantity: WORST }],
  ['placeOrder market buy (quantity)', 'POST', '/me/orders', { symbol: 'BTC/USDT', side: 'buy', type: 'market', quantity: WORST }],
  ['placeOrder market buy (amount)', 'POST', '/me/orders', { symbol: 'BTC/USDT', side: 'buy', type: 'market', quoteAmount: WORST }],
  ['placeOrder market sell', 'POST', '/me/orders', { symbol: 'BTC/USDT', side: 'sell', type: 'market', quantity: WORST }],
  ['openLever', 'POST', '/me/lever/orders', { symbol: 'BTC/USDT', side: 'long', type: 'limit', price: WORST, lots: WORST, multiple: 5, stopLoss: WORST }],
  ['buySecond', 'POST', '/me/second/orders', { symbol: 'BTC/USDT', direction: 'up', period: 300, stake: WORST }],
  [
    'placeOrder 40,000-digit price',
    'POST',
    '/me/orders',
    { symbol: 'BTC/USDT', side: 'buy', type: 'limit', price: '9'.repeat(40_000), quantity: '9'.repeat(40_000) },
  ],
];

const histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();
console.log(`worst allowed decimal: ${WORST} (${WORST.length} characters); ${ROUNDS} requests per case\n`);
console.log(`${'operation'.padEnd(34)} ${'answer'.padEnd(22)} longest block   mean per request`);
let worstBlock = 0;
for (const [name, method, path, body] of cases) {
  await new Promise((r) => setTimeout(r, 20));
  histogram.reset();
  let answer = '';
  const start = performance.now();
  for (let i = 0; i < ROUNDS; i++) {
    const res = await call(method, path, body);
    answer = res.type === 'ok' ? 'ok' : (res.code ?? res.type);
  }
  const mean = (performance.now() - start) / ROUNDS;
  await new Promise((r) => setTimeout(r, 5));
  const block = histogram.max / 1e6;
  worstBlock = Math.max(worstBlock, block);
  console.log(`${name.padEnd(34)} ${answer.padEnd(22)} ${block.toFixed(1).padStart(7)} ms   ${mean.toFixed(2).padStart(7)} ms`);
}
histogram.disable();
console.log(`\nlongest event-loop block: ${worstBlock.toFixed(1)} ms (target < 20 ms); world still answering: ${(await call('GET', '/settings')).type}`);
host.stop();
await app.close();
