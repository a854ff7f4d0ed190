// @vitest-environment jsdom
/**
 * The API client against the mock domain through msw (the same handlers as the in-browser mode):
 * envelope unwrapping, call styles and every row of the error catalogue (spec §8).
 */
import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMswHandlers } from '../../../mock-server/src/msw/handlers';
import { faultsOf } from '../../../mock-server/src/core/faults';
import { World } from '../../../mock-server/src/domain/world';
import { paths } from '../lib/paths';
import { ApiError, call, getToken, setToken } from './client';
import { closeEarlyReads } from './earlyReads';
import { loading, setApiEffects } from './effects';

/** The page the user is on when a call fails. */
const HERE = `${paths.market.market}?x=1`;
let world = new World({ seed: 1, freezeClock: true });
const server = setupServer(...createMswHandlers(() => world, `${window.location.origin}/api`));
const fx = {
  navigate: vi.fn<(to: string) => void>(),
  toast: vi.fn<(message: string) => void>(),
  confirmNoTransactionPassword: vi.fn(async () => true),
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  world = new World({ seed: 1, freezeClock: true });
  localStorage.clear();
  fx.navigate.mockReset();
  fx.toast.mockReset();
  fx.confirmNoTransactionPassword.mockReset().mockResolvedValue(true);
  setApiEffects({ ...fx, currentPath: () => HERE, t: (_k, fallback) => fallback, hasKey: () => false });
});
afterEach(() => vi.useRealTimers());

const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as ApiError,
  );

describe('envelope and call styles', () => {
  it('shows the loading indicator for token-style calls and hides it about 1 s after', async () => {
    // First in the file: no earlier call's indicator is still waiting to hide.
    expect(loading.isVisible()).toBe(false);
    const seen: boolean[] = [];
    const off = loading.subscribe((v) => seen.push(v));
    // Timers that follow real time (the mock answers as usual), moved on at once past the second.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await call('login', { body: { account: 'demo@example.com', password: 'Demo1234' } });
      expect(loading.isVisible()).toBe(true);
      vi.advanceTimersByTime(900);
      expect(loading.isVisible()).toBe(true);
      vi.advanceTimersByTime(200);
      expect(loading.isVisible()).toBe(false);
    } finally {
      vi.useRealTimers();
    }
    await call('listTickers');
    expect(seen).toEqual([true, false]);
    off();
  });

  it('passes `message` of an ok envelope to the caller', async () => {
    const tickers = await call('listTickers');
    expect(tickers.length).toBeGreaterThanOrEqual(20);
    expect(tickers[0]).toHaveProperty('last');
  });

  it('gives global-style calls the whole body', async () => {
    const body = await call('getSettings');
    expect(body.type).toBe('ok');
    expect(body.message.appVersion).toBe('1.0.0');
  });

  it('sends form-encoded bodies and the stored token as Authorization', async () => {
    const session = await call('login', { body: { account: 'demo@example.com', password: 'Demo1234' } });
    setToken(session.token);
    expect(getToken()).toBe(session.token);
    const me = await call('getCurrentUser');
    expect(me.account).toBe('demo@example.com');
  });
});

describe('error catalogue', () => {
  it('999: clears the token and goes to login, coming back afterwards', async () => {
    setToken('stale');
    const err = await failure(call('getCurrentUser'));
    expect(err).toBeInstanceOf(ApiError);
    expect(getToken()).toBeNull();
    expect(fx.navigate).toHaveBeenCalledWith(`${paths.mine.login}?redirect=${encodeURIComponent(HERE)}`);
  });

  it('998: goes to real-name authentication', async () => {
    faultsOf(world).add({ operationId: 'listTickers', kind: '998' });
    await failure(call('listTickers'));
    expect(fx.navigate).toHaveBeenCalledWith(paths.mine.authentication);
  });

  it('997: goes to the collect-money page', async () => {
    faultsOf(world).add({ operationId: 'listTickers', kind: '997' });
    await failure(call('listTickers'));
    expect(fx.navigate).toHaveBeenCalledWith(paths.mine.collectMoney);
  });

  it('any other type: toast with the message', async () => {
    const err = await failure(call('login', { body: { account: 'demo@example.com', password: 'Nope12345' } }));
    expect(fx.toast).toHaveBeenCalledWith('Incorrect account or password');
    expect(err?.details.code).toBe('wrong_credentials');
    expect(fx.navigate).not.toHaveBeenCalled();
  });

  it('translates a known error code', async () => {
    setApiEffects({ hasKey: (k) => k === 'apiErrors.wrong_credentials', t: (k) => `T(${k})` });
    await failure(call('login', { body: { account: 'demo@example.com', password: 'Nope12345' } }));
    expect(fx.toast).toHaveBeenCalledWith('T(apiErrors.wrong_credentials)');
  });

  it('translates a code with the values the envelope carries', async () => {
    setApiEffects({ hasKey: (k) => k === 'apiErrors.code_cooldown', t: (k, _fallback, values) => `${k} ${JSON.stringify(values)}` });
    await call('sendCode', { body: { account: 'new@example.com', scene: 'register' } });
    world.clock.advance(18_000);
    await failure(call('sendCode', { body: { account: 'new@example.com', scene: 'register' } }));
    expect(fx.toast).toHaveBeenCalledWith('apiErrors.code_cooldown {"seconds":42}');
  });

  it('HTTP 500: toast that the server is being repaired', async () => {
    faultsOf(world).add({ path: '/market', kind: 'http500' });
    const err = await failure(call('listTickers'));
    expect(err?.details.status).toBe(500);
    expect(fx.toast).toHaveBeenCalledWith("Something went wrong on our side. We're fixing it: please try again later");
  });

  it('HTTP 401 no_transaction_password: asks to set a transaction password; Confirm goes to resetLegalPwd', async () => {
    faultsOf(world).add({ operationId: 'listTickers', kind: 'http401', times: 2 });
    const err = await failure(call('listTickers'));
    expect(err).toMatchObject({ kind: 'http', details: { status: 401, code: 'no_transaction_password' } });
    expect(fx.toast).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(fx.navigate).toHaveBeenCalledWith(`${paths.mine.resetLegalPwd}?redirect=${encodeURIComponent(HERE)}`));
    fx.navigate.mockReset();
    fx.confirmNoTransactionPassword.mockResolvedValue(false);
    await failure(call('listTickers'));
    await new Promise((r) => setTimeout(r, 10));
    expect(fx.confirmNoTransactionPassword).toHaveBeenCalledTimes(2);
    expect(fx.navigate).not.toHaveBeenCalled();
  });

  describe('HTTP 401 that is not no_transaction_password: an ordinary failure, no prompt', () => {
    const answer401 = (response: () => Response) => server.use(http.get(`${window.location.origin}/api/*`, response, { once: true }));

    it('a gateway page (HTML body): toast, no prompt', async () => {
      answer401(
        () => new HttpResponse('<html><body><h1>401 Authorization Required</h1></body></html>', { status: 401, headers: { 'Content-Type': 'text/html' } }),
      );
      const err = await failure(call('listTickers'));
      expect(err).toMatchObject({ kind: 'http', details: { status: 401 } });
      expect(fx.toast).toHaveBeenCalledWith('Unexpected response from the server. Please try again');
      expect(fx.confirmNoTransactionPassword).not.toHaveBeenCalled();
      expect(fx.navigate).not.toHaveBeenCalled();
    });

    it('an empty body: toast, no prompt', async () => {
      answer401(() => new HttpResponse(null, { status: 401 }));
      const err = await failure(call('listTickers'));
      expect(err).toMatchObject({ kind: 'http', details: { status: 401 } });
      expect(fx.toast).toHaveBeenCalledTimes(1);
      expect(fx.confirmNoTransactionPassword).not.toHaveBeenCalled();
    });

    it('an envelope with another code: the catalogue shows its message, no prompt', async () => {
      answer401(() => HttpResponse.json({ type: 'error', code: 'gateway_denied', message: 'Denied by the gateway' }, { status: 401 }));
      const err = await failure(call('listTickers'));
      expect(err).toMatchObject({ kind: 'envelope', details: { status: 401, code: 'gateway_denied' } });
      expect(fx.toast).toHaveBeenCalledWith('Denied by the gateway');
      expect(fx.confirmNoTransactionPassword).not.toHaveBeenCalled();
    });

    it('a JSON body that is not an envelope: toast, no prompt', async () => {
      answer401(() => HttpResponse.json({ error: 'unauthorized' }, { status: 401 }));
      const err = await failure(call('listTickers'));
      expect(err).toMatchObject({ kind: 'http', details: { status: 401 } });
      expect(fx.toast).toHaveBeenCalledTimes(1);
      expect(fx.confirmNoTransactionPassword).not.toHaveBeenCalled();
    });
  });

  it('a malformed request answers 400 with an envelope, shown as a toast', async () => {
    const err = await failure(call('getKline', { query: { symbol: 'BTC/USDT', period: 'weekly' as never } }));
    expect(err?.details).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(fx.toast.mock.calls[0][0]).toContain('query.period');
  });

  it('network failure: toast and a typed error', async () => {
    const original = globalThis.fetch;
    globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    try {
      const err = await failure(call('listTickers'));
      expect(err?.kind).toBe('network');
      expect(fx.toast).toHaveBeenCalledWith("Can't connect. Check your network and try again");
    } finally {
      globalThis.fetch = original;
    }
  });
});

describe('idempotency', () => {
  it('sends a fresh Idempotency-Key with every change, none with reads', async () => {
    const keys: Array<string | null> = [];
    const original = globalThis.fetch;
    globalThis.fetch = (req: RequestInfo | URL, init?: RequestInit) => {
      keys.push(req instanceof Request ? req.headers.get('idempotency-key') : new Headers(init?.headers).get('idempotency-key'));
      return original(req, init);
    };
    try {
      await call('listTickers');
      await call('login', { body: { account: 'demo@example.com', password: 'Demo1234' } });
      await call('login', { body: { account: 'demo@example.com', password: 'Demo1234' } });
    } finally {
      globalThis.fetch = original;
    }
    expect(keys[0]).toBeNull();
    expect(keys[1]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keys[2]).not.toBe(keys[1]);
  });
});

describe("a page's first queries, started with its code before the shell has mounted", () => {
  it('get their answers at once; a failure waits for the shell, then shows its toast', async () => {
    vi.resetModules();
    const client = await import('./client');
    const effects = await import('./effects');
    server.use(http.get(`${window.location.origin}/api/market/tickers`, () => HttpResponse.json({}, { status: 500 }), { once: true }));

    expect((await client.call('getSettings')).type).toBe('ok');
    let settled = false;
    const failed = failure(client.call('listTickers')).finally(() => (settled = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(settled).toBe(false);

    const toast = vi.fn<(message: string) => void>();
    effects.setApiEffects({ toast, t: (_k, fallback) => fallback });
    expect((await failed)?.kind).toBe('http');
    expect(toast).toHaveBeenCalledWith(expect.stringContaining('Something went wrong on our side'));
  });
});

describe("a tab page's early reads (preload.js asked for them as the page opened: api/earlyReads.ts)", () => {
  const url = `${window.location.origin}/api/market/tickers`;
  const early = (auth: string | null, at = Date.now(), response: Promise<Response> = Promise.resolve(Response.json({ type: 'ok', message: ['early'] }))) =>
    (window.__h5EarlyReads = { [url]: { auth, at, response } });
  let asked = 0;
  const count = () => asked++;
  beforeEach(() => {
    asked = 0;
    server.events.on('request:start', count);
  });
  afterEach(() => {
    server.events.removeListener('request:start', count);
    delete window.__h5EarlyReads;
  });

  it('takes the early answer instead of asking again, once', async () => {
    early(null);
    expect(await call('listTickers')).toEqual(['early']);
    expect(asked).toBe(0);
    expect(await call('listTickers')).not.toEqual(['early']);
    expect(asked).toBe(1);
  });

  it('asks afresh when the credential is not the one the early read was sent with', async () => {
    setToken('someone-else');
    early(null);
    await failure(call('listTickers'));
    expect(asked).toBe(1);
  });

  it('asks afresh when the early answer is older than 10 s', async () => {
    early(null, Date.now() - 10_001);
    expect(await call('listTickers')).not.toEqual(['early']);
    expect(asked).toBe(1);
  });

  it('asks again when the early read did not reach the server, and the user sees no failure', async () => {
    early(null, Date.now(), Promise.reject(new TypeError('Failed to fetch')));
    expect(Array.isArray(await call('listTickers'))).toBe(true);
    expect(asked).toBe(1);
    expect(fx.toast).not.toHaveBeenCalled();
  });

  it('the first reads take their answers as they start: closing right after loses none; a read left over is not taken later', async () => {
    early(null);
    const queries = new QueryClient();
    const first = queries.fetchQuery({ queryKey: ['tickers'], queryFn: () => call('listTickers') });
    closeEarlyReads();
    expect(await first).toEqual(['early']);
    expect(asked).toBe(0);
    // preload.js was late: its read is dropped, and a pull to refresh asks the server.
    early(null);
    closeEarlyReads();
    expect(await call('listTickers')).not.toEqual(['early']);
    expect(asked).toBe(1);
  });

  it("an early read's refusal is the app's own: the error catalogue runs on it", async () => {
    early(null, Date.now(), Promise.resolve(Response.json({ type: 'error', code: 'rate_limited', message: 'Too many requests' })));
    const err = await failure(call('listTickers'));
    expect(err?.details.code).toBe('rate_limited');
    expect(fx.toast).toHaveBeenCalledWith('Too many requests');
    expect(asked).toBe(0);
  });
});
