/**
 * Reads the server answers from a cache (settings, coins, tickers, the book, a wallet, a loan quote,
 * earn and IEO products, news pages, the P2P market and stores, a team, a support conversation;
 * their JSON kept by the HTTP adapter) answer what the domain says now: the same bytes as a world
 * that computes them afresh, and a new answer as soon as what they show changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationTable, type OperationId } from '../../../contracts/generated/operations';
import { applyWorldControl } from '../core/control-world';
import { dispatch } from '../core/dispatch';
import { World } from '../domain/world';
import type { createServer } from './server';
import { startTestServer } from './test-server';

let app: Awaited<ReturnType<typeof createServer>>['app'];
let host: Awaited<ReturnType<typeof createServer>>['host'];
let base = '';
let token = '';

beforeAll(async () => {
  ({ app, host, base } = await startTestServer({ seed: 5, freezeClock: true }));
  const res = await fetch(`${base}/api/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'demo@example.com', password: 'Demo1234' }),
  });
  token = ((await res.json()) as { message: { token: string } }).message.token;
}, 60_000);
afterAll(() => app.close());

const get = async (path: string, auth = false) => {
  const res = await fetch(`${base}/api${path}`, { headers: auth ? { authorization: token } : {} });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};

/** What a world of the same seed and clock answers, computed afresh (no caches warmed). */
function freshWorld() {
  const world = new World({ seed: 5, freezeClock: true });
  world.clock.advance(host.world.clock.now() - world.clock.now());
  return (operationId: OperationId, query: Record<string, string> = {}) =>
    JSON.stringify(dispatch(world, { operationId, path: operationTable[operationId].path, token: undefined, query, body: undefined }).body);
}

describe('cached reads', () => {
  it('answer the same bytes, twice, as a world computing them afresh', async () => {
    const fresh = freshWorld();
    for (const [op, path, query] of [
      ['getSettings', '/settings', {}],
      ['listCoins', '/coins', {}],
      ['listTickers', '/market/tickers', {}],
      ['getOrderBook', '/market/depth?symbol=BTC%2FUSDT&limit=5', { symbol: 'BTC/USDT', limit: '5' }],
      ['getOrderBook', '/market/depth?symbol=BTC%2FUSDT', { symbol: 'BTC/USDT' }],
      ['listLockProducts', '/earn/lock/products', {}],
      ['listSavingsProducts', '/earn/savings/products', {}],
      ['listIeoProjects', '/ieo/projects', {}],
      ['getIeoProject', '/ieo/project?id=io_ton', { id: 'io_ton' }],
      ['listNews', '/news?locale=de', { locale: 'de' }],
      ['listNews', '/news?locale=de&page=2&pageSize=2', { locale: 'de', page: '2', pageSize: '2' }],
      ['listP2pAds', '/p2p/ads?side=buy&coin=USDT&fiat=USD', { side: 'buy', coin: 'USDT', fiat: 'USD' }],
      [
        'quoteLoan',
        '/loans/quote?productId=ln_credit&amount=3000&days=90&method=instalments',
        { productId: 'ln_credit', amount: '3000', days: '90', method: 'instalments' },
      ],
    ] as Array<[OperationId, string, Record<string, string>]>) {
      const first = await get(path);
      const again = await get(path);
      expect(first.status, op).toBe(200);
      expect(first.type, op).toBe('application/json; charset=utf-8');
      expect(again.text, op).toBe(first.text);
      expect(first.text, op).toBe(fresh(op, query));
    }
  }, 60_000);

  it('a shorter book is the first levels of the longer one, and the book moves with the clock', async () => {
    const book = async (limit: number) => JSON.parse((await get(`/market/depth?symbol=ETH%2FUSDT&limit=${limit}`)).text).message;
    const [short, long] = [await book(3), await book(20)];
    expect(short.asks).toEqual(long.asks.slice(0, 3));
    expect(short.bids).toEqual(long.bids.slice(0, 3));
    await fetch(`${base}/__mock/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs: 5_000 }) });
    const later = await book(20);
    expect(later.seq).toBeGreaterThan(long.seq);
    expect(later.time).toBeGreaterThan(long.time);
  }, 60_000);

  it('the wallet shows a transfer at once', async () => {
    const available = async (kind: string) => {
      const wallet = JSON.parse((await get('/me/wallet', true)).text).message;
      return Number(wallet.accounts.find((a: { kind: string }) => a.kind === kind).balances.find((b: { coin: string }) => b.coin === 'USDT').available);
    };
    const [funds, exchange] = [await available('funds'), await available('exchange')];
    expect(await available('funds')).toBe(funds);
    const transfer = await fetch(`${base}/api/me/transfers`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ coin: 'USDT', from: 'funds', to: 'exchange', amount: '20' }),
    });
    expect(((await transfer.json()) as { type: string }).type).toBe('ok');
    expect(await available('funds')).toBe(funds - 20);
    expect(await available('exchange')).toBe(exchange + 20);
  }, 60_000);
});

/**
 * The reads the domain keeps (earn and IEO products, news pages, the P2P market and stores, a
 * team, a support conversation) against a twin world: `warm` reads before and after a change,
 * `cold` makes the same change without reading first. After the change both answer the same bytes,
 * and the warm world's answer moved with the change (its cache did not hide it).
 */
describe('cached domain reads', () => {
  type Read = [OperationId, Record<string, string>, string?];
  const DAY = 86_400_000;
  const call = (world: World, operationId: OperationId, token?: string, query: Record<string, string> = {}, body?: unknown) => {
    const res = dispatch(world, { operationId, path: operationTable[operationId].path, token, query, body });
    expect((res.body as { type: string }).type, `${operationId} ${JSON.stringify(res.body)}`).toBe('ok');
    return (res.body as { message: Record<string, unknown> }).message;
  };
  const bytes = (world: World, [op, query, account]: Read, tokens: Map<string, string>) =>
    JSON.stringify(dispatch(world, { operationId: op, path: operationTable[op].path, token: account && tokens.get(account), query, body: undefined }).body);

  /** A world of seed 5 with the demo and `others` logged in (a map account → token). */
  function world(others: string[] = []) {
    const w = new World({ seed: 5, freezeClock: true });
    const tokens = new Map<string, string>();
    for (const account of ['demo@example.com', ...others]) {
      if (account !== 'demo@example.com') w.accounts.create(account, 'email', 'Demo1234');
      tokens.set(account, call(w, 'login', undefined, {}, { account, password: 'Demo1234' }).token as string);
    }
    return { w, tokens };
  }

  function twin(reads: Read[], change: (w: World, tokens: Map<string, string>) => void, others: string[] = []) {
    const warm = world(others);
    const cold = world(others);
    const before = reads.map((r) => bytes(warm.w, r, warm.tokens));
    expect(
      reads.map((r) => bytes(warm.w, r, warm.tokens)),
      'read twice',
    ).toEqual(before);
    change(warm.w, warm.tokens);
    change(cold.w, cold.tokens);
    const after = reads.map((r) => bytes(warm.w, r, warm.tokens));
    expect(after).toEqual(reads.map((r) => bytes(cold.w, r, cold.tokens)));
    return { before, after };
  }

  it('earn: lock-up statuses follow the clock, savings totals follow a deposit', () => {
    const lock = twin([['listLockProducts', {}]], (w) => w.clock.advance(2 * DAY + 1000));
    expect(lock.after[0]).not.toBe(lock.before[0]);
    const savings = twin([['listSavingsProducts', {}]], (w, tokens) =>
      call(w, 'depositSavings', tokens.get('demo@example.com'), {}, { productId: 'sv_usdt_30', amount: '100' }),
    );
    expect(savings.after[0]).not.toBe(savings.before[0]);
  });

  it('IEO: a subscription moves the demand of the list and of the project', () => {
    const { before, after } = twin(
      [
        ['listIeoProjects', {}],
        ['getIeoProject', { id: 'io_ton' }],
        ['getIeoProject', { id: 'io_arb' }],
      ],
      (w, tokens) => call(w, 'subscribeIeo', tokens.get('demo@example.com'), {}, { projectId: 'io_ton', quantity: '10' }),
    );
    expect(after[0]).not.toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[2]).toBe(before[2]);
  });

  it('news: each locale and page its own answer, and a published article on every page it moves', () => {
    const reads: Read[] = [
      ['listNews', { locale: 'de' }],
      ['listNews', {}],
      ['listNews', { locale: 'de', page: '2', pageSize: '3' }],
    ];
    const { before, after } = twin(reads, (w) => applyWorldControl(w, 'mockNews', { title: 'Fresh news', summary: 'Now', body: '<p>Now</p>' }));
    expect(new Set(before).size).toBe(3);
    for (const [i, text] of after.entries()) expect(text, JSON.stringify(reads[i])).not.toBe(before[i]);
    expect(JSON.parse(after[1]).message.items[0].title).toBe('Fresh news');
  });

  it('P2P: an order placed moves the ad list and the store', () => {
    const probe = world();
    const [ad] = call(probe.w, 'listP2pAds', undefined, { side: 'buy', coin: 'USDT', fiat: 'USD' }).items as Array<{ id: string; store: { id: string } }>;
    const { before, after } = twin(
      [
        ['listP2pAds', { side: 'buy', coin: 'USDT', fiat: 'USD' }],
        ['listP2pAds', { side: 'sell', coin: 'USDT', fiat: 'USD' }],
        ['getP2pStore', { id: ad.store.id }],
      ],
      (w, tokens) => call(w, 'placeP2pOrder', tokens.get('demo@example.com'), {}, { adId: ad.id, quantity: '100' }),
    );
    expect(after[0]).not.toBe(before[0]);
    expect(after[2]).not.toBe(before[2]);
  });

  it('support: a message shows in its sender’s conversation only', () => {
    const other = 'other@example.com';
    const { before, after } = twin(
      [
        ['getSupportChat', {}, 'demo@example.com'],
        ['getSupportChat', { limit: '1' }, 'demo@example.com'],
        ['getSupportChat', {}, other],
      ],
      (w, tokens) => call(w, 'sendSupportMessage', tokens.get('demo@example.com'), {}, { text: 'How do I deposit?' }),
      [other],
    );
    expect(after[0]).not.toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[2]).toBe(before[2]);
    expect(after[2]).not.toContain('How do I deposit?');
    expect(after[0]).toContain('How do I deposit?');
  });

  it('team: each user reads their own, and a new member shows in the inviter’s', () => {
    const other = 'other@example.com';
    const reads: Read[] = [
      ['getTeam', {}, 'demo@example.com'],
      ['listTeamMembers', {}, 'demo@example.com'],
      ['listTeamMembers', { level: '1', pageSize: '5' }, 'demo@example.com'],
      ['getTeam', {}, other],
    ];
    const { before, after } = twin(
      reads,
      (w, tokens) => {
        const code = call(w, 'getCurrentUser', tokens.get('demo@example.com')).inviteCode as string;
        call(w, 'sendCode', undefined, {}, { account: 'newcomer@example.com', scene: 'register' });
        const agree = {
          accountType: 'email',
          account: 'newcomer@example.com',
          password: 'Pass2026!',
          confirmPassword: 'Pass2026!',
          code: '123456',
          agree: true,
        };
        call(w, 'register', undefined, {}, { ...agree, inviteCode: code });
      },
      [other],
    );
    expect(before[0]).not.toBe(before[3]);
    for (const i of [0, 1, 2]) expect(after[i], JSON.stringify(reads[i])).not.toBe(before[i]);
    expect(after[3]).toBe(before[3]);
  });
});
