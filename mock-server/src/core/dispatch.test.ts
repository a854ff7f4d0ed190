/**
 * The API as a client sees it through dispatch (shared by the HTTP and msw adapters): contract
 * validation of every operation, envelope errors, faults, auth, and the account rules.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { stateOf } from './control';
import { operationTable, type OperationId } from '../../../contracts/generated/operations';
import { World } from '../domain/world';
import { dispatch } from './dispatch';
import { faultsOf } from './faults';
import { send, type SendInput } from './test-client';

let world: World;
beforeEach(() => {
  world = new World({ seed: 11, freezeClock: true });
});

// Every answer the mock gives must match the contract's response schema (checked by send).
const req = (operationId: OperationId, extra: SendInput = {}) => send(world, operationId, extra);

const login = () => req('login', { body: { account: 'demo@example.com', password: 'Demo1234' } }).body.message.token as string;

describe('malformed requests get clear envelope errors, never a crash', () => {
  const junkBodies: unknown[] = [{}, { unexpected: 'x' }, 'text', 42, [1, 2], null, { account: 5, password: {} }];
  const ids = Object.keys(operationTable) as OperationId[];
  it.each(ids)('%s', (id) => {
    for (const body of junkBodies) {
      const res = req(id, { body, query: { junk: '1' } });
      expect(res.status).toBe(400);
      expect(res.body.type).toBe('error');
      expect(res.body.code).toBe('invalid_request');
      expect(res.body.message).toMatch(/^(query|body)/);
    }
  });

  it('names the field and the rule', () => {
    const res = req('getKline', { query: { symbol: 'BTC/USDT', period: '2day' } });
    expect(res.body.message).toContain('query.period');
    expect(res.body.message).toContain('1min');
    const body = req('register', { body: { accountType: 'email', account: 'a@b.co', password: '1', confirmPassword: '1', code: '123456', agree: true } });
    expect(body.body.message).toContain('body.password');
  });

  it('coerces query strings to the contract types', () => {
    const res = req('getKline', { query: { symbol: 'ETH/USDT', period: '5min', limit: '7' } });
    expect(res.body.type).toBe('ok');
    expect(res.body.message.candles).toHaveLength(7);
  });

  it('reports an unknown symbol in the envelope', () => {
    const res = req('getKline', { query: { symbol: 'NOPE/USDT', period: '5min' } });
    expect(res.body).toMatchObject({ type: 'error', code: 'unknown_symbol' });
  });
});

describe('authentication', () => {
  it('answers 999 without a valid token and the user with one', () => {
    expect(req('getCurrentUser').body).toMatchObject({ type: '999', code: 'not_logged_in' });
    expect(req('getCurrentUser', { token: 'forged' }).body.type).toBe('999');
    const token = login();
    expect(req('getCurrentUser', { token }).body.message.account).toBe('demo@example.com');
  });

  it('ends the session on logout; logging out twice, or with no session, is ok too', () => {
    const token = login();
    expect(req('logout', { token }).body.type).toBe('ok');
    expect(req('getCurrentUser', { token }).body.type).toBe('999');
    expect(req('logout', { token }).body.type).toBe('ok');
    expect(req('logout').body.type).toBe('ok');
  });

  it('ends a session after 30 days without a request; a request renews it', () => {
    const token = login();
    world.clock.advance(29 * 86_400_000);
    expect(req('getCurrentUser', { token }).body.type).toBe('ok');
    world.clock.advance(29 * 86_400_000);
    expect(req('getCurrentUser', { token }).body.type).toBe('ok');
    world.clock.advance(30 * 86_400_000 + 1);
    expect(req('getCurrentUser', { token }).body).toMatchObject({ type: '999', code: 'not_logged_in' });
  });

  it('rejects a wrong password with a specific message', () => {
    const res = req('login', { body: { account: 'demo@example.com', password: 'Wrong1234' } });
    expect(res.body).toMatchObject({ type: 'error', code: 'wrong_credentials', message: 'Incorrect account or password' });
  });
});

describe('idempotency keys', () => {
  const transfer = (token: string, amount: string, key: string) =>
    req('transfer', { token, idempotencyKey: key, body: { coin: 'USDT', from: 'funds', to: 'exchange', amount } });
  const funds = (token: string) =>
    (req('getWallet', { token }).body.message.accounts as Array<{ kind: string; balances: Array<{ coin: string; available: string }> }>)
      .find((a) => a.kind === 'funds')!
      .balances.find((b) => b.coin === 'USDT')!.available;

  it('acts once per key: a repeat gets the first answer, a different request with the key is refused with 422', () => {
    const token = login();
    const before = Number(funds(token));
    const first = transfer(token, '10', 'key-1');
    expect(first.body.type).toBe('ok');
    expect(transfer(token, '10', 'key-1').body).toEqual(first.body);
    expect(Number(funds(token))).toBe(before - 10);
    const reused = transfer(token, '20', 'key-1');
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('idempotency_key_reused');
    expect(Number(funds(token))).toBe(before - 10);
  });

  it('keeps no refusal made before the operation ran: a corrected retry with the same key acts', () => {
    const token = login();
    expect(transfer(token, 'ten', 'key-2').status).toBe(400);
    expect(req('transfer', { idempotencyKey: 'key-2', body: { coin: 'USDT', from: 'funds', to: 'exchange', amount: '10' } }).body.type).toBe('999');
    expect(transfer(token, '10', 'key-2').body.type).toBe('ok');
  });

  it('keeps a domain refusal (the operation ran), and forgets keys after 24 hours', () => {
    const token = login();
    expect(transfer(token, '99999999', 'key-3').body.code).toBe('insufficient_balance');
    expect(transfer(token, '99999999', 'key-3').body.code).toBe('insufficient_balance');
    world.clock.advance(24 * 3_600_000);
    expect(transfer(token, '10', 'key-3').body.type).toBe('ok');
  });

  it("keeps a logged-out caller's keys to its client: another client with the same key gets its own answer", () => {
    const guest = (client: string) => req('startSupportGuest', { client, idempotencyKey: 'guest-1', body: {} }).body.message.key as string;
    const first = guest('10.0.0.1');
    expect(guest('10.0.0.1')).toBe(first);
    expect(guest('10.0.0.2')).not.toBe(first);
  });

  it('refuses a malformed key with 400 naming the header', () => {
    const res = transfer(login(), '10', 'not a key!');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^header/);
  });
});

describe('registration', () => {
  const base = { accountType: 'email', account: 'new@example.com', password: 'Trade2026!', confirmPassword: 'Trade2026!', code: '123456', agree: true };

  it('needs a code that was sent, then the right one', () => {
    expect(req('register', { body: base }).body.code).toBe('code_not_sent');
    expect(req('sendCode', { body: { account: 'new@example.com', scene: 'register' } }).body.message).toEqual({ cooldownSeconds: 60 });
    expect(req('register', { body: { ...base, code: '654321' } }).body.code).toBe('wrong_code');
    const ok = req('register', { body: base });
    expect(ok.body.type).toBe('ok');
    expect(ok.body.message.user.account).toBe('new@example.com');
    expect(req('login', { body: { account: 'NEW@example.com', password: 'Trade2026!' } }).body.type).toBe('ok');
  });

  it('enforces the send-code cooldown on the virtual clock', () => {
    const send = () => req('sendCode', { body: { account: 'new@example.com', scene: 'register' } }).body;
    expect(send().type).toBe('ok');
    expect(send()).toMatchObject({ code: 'code_cooldown', message: 'Please wait 60 s before requesting another code', params: { seconds: 60 } });
    world.clock.advance(59_000);
    expect(send().code).toBe('code_cooldown');
    world.clock.advance(1_000);
    expect(send().type).toBe('ok');
  });

  it('expires codes after 10 minutes', () => {
    req('sendCode', { body: { account: 'new@example.com', scene: 'register' } });
    world.clock.advance(10 * 60_000 + 1);
    expect(req('register', { body: base }).body.code).toBe('code_expired');
  });

  it('rejects weak and mismatched passwords, taken accounts and unknown invitation codes', () => {
    req('sendCode', { body: { account: 'new@example.com', scene: 'register' } });
    expect(req('register', { body: { ...base, password: '123456', confirmPassword: '123456' } }).body.code).toBe('password_too_simple');
    expect(req('register', { body: { ...base, confirmPassword: 'Trade2026?' } }).body.code).toBe('password_mismatch');
    expect(req('register', { body: { ...base, inviteCode: 'ZZZZZZ' } }).body.code).toBe('invite_invalid');
    expect(req('register', { body: { ...base, inviteCode: 'DEMO01' } }).body.type).toBe('ok');
    expect(req('sendCode', { body: { account: 'demo@example.com', scene: 'register' } }).body.code).toBe('account_taken');
  });

  it('registers a phone number of the chosen country in E.164', () => {
    const phone = { ...base, accountType: 'phone', account: '(201) 555-0123', country: 'US' };
    req('sendCode', { body: { account: '(201) 555-0123', country: 'US', scene: 'register' } });
    const res = req('register', { body: phone });
    expect(res.body.message.user.account).toBe('+12015550123');
    expect(req('register', { body: { ...phone, account: '13812345678' } }).body.code).toBe('invalid_account');
  });
});

describe('faults', () => {
  it.each(['999', '998', '997', 'error'] as const)('kind %s answers that envelope type once', (kind) => {
    faultsOf(world).add({ operationId: 'listTickers', kind, message: 'injected' });
    expect(req('listTickers').body).toMatchObject({ type: kind, message: 'injected' });
    expect(req('listTickers').body.type).toBe('ok');
  });

  it('answers HTTP 500 and 401, by path prefix with or without /api, for `times` calls with a delay', () => {
    faultsOf(world).add({ path: '/api/market', kind: 'http500', times: 2, delayMs: 300 });
    const first = req('getKline', { query: { symbol: 'BTC/USDT', period: '1min' } });
    expect(first.status).toBe(500);
    expect(first.delayMs).toBe(300);
    expect(req('listTickers').status).toBe(500);
    expect(req('listTickers').status).toBe(200);
    faultsOf(world).add({ path: '/me', kind: 'http401' });
    expect(req('getCurrentUser').status).toBe(401);
  });

  it('matches every call when neither operationId nor path is given', () => {
    faultsOf(world).add({ kind: 'error', times: 2 });
    expect(req('getSettings').body.type).toBe('error');
    expect(req('listTickers').body.type).toBe('error');
    expect(req('listTickers').body.type).toBe('ok');
  });
});

describe('the world', () => {
  it('is the same for the same seed with a frozen clock', () => {
    const a = new World({ seed: 99, freezeClock: true });
    const b = new World({ seed: 99, freezeClock: true });
    expect(stateOf(a)).toEqual(stateOf(b));
    const tokenA = dispatch(a, {
      operationId: 'login',
      path: '/sessions',
      token: undefined,
      query: {},
      body: { account: 'demo@example.com', password: 'Demo1234' },
    });
    const tokenB = dispatch(b, {
      operationId: 'login',
      path: '/sessions',
      token: undefined,
      query: {},
      body: { account: 'demo@example.com', password: 'Demo1234' },
    });
    // The world is the same; the session token is a secret, never derived from the seed.
    const strip = (body: unknown) => ({ ...(body as { message: object }).message, token: undefined });
    expect(strip(tokenA.body)).toEqual(strip(tokenB.body));
    expect((tokenA.body as { message: { token: string } }).message.token).not.toBe((tokenB.body as { message: { token: string } }).message.token);
  });

  it('has no users in the empty scenario', () => {
    expect(stateOf(new World({ scenario: 'empty', freezeClock: true })).users).toBe(0);
  });
});
