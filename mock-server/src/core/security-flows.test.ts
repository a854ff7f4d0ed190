/** Issue 9 through dispatch: unguessable sessions, attempt limits, no account enumeration, bounded input. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { OperationId } from '../../../contracts/generated/operations';
import { ATTEMPT_LIMITS } from '../domain/account/accounts';
import { World } from '../domain/world';
import { sendFlat } from './test-client';

let world: World;
beforeEach(() => {
  world = new World({ seed: 5, freezeClock: true });
});

const req = (operationId: OperationId, body?: unknown, token?: string, client = '10.0.0.1') => sendFlat(world, operationId, { body, token, client });
const login = (password = 'Demo1234', client?: string) => req('login', { account: 'demo@example.com', password }, undefined, client);
const MINUTE = 60_000;

describe('sessions', () => {
  it('tokens are not derived from the seed: the same world twice gives different tokens, and a new world knows none of the old', () => {
    const first = login().message.token as string;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    world = new World({ seed: 5, freezeClock: true });
    const second = login().message.token as string;
    expect(second).not.toBe(first);
    expect(req('getCurrentUser', undefined, first).type).toBe('999');
    expect(req('getCurrentUser', undefined, second).type).toBe('ok');
  });
});

describe('attempt limits', () => {
  it('login: after 5 wrong passwords even the right one is refused, with the wait, until the window passes', () => {
    for (let i = 0; i < ATTEMPT_LIMITS.password.max; i++) expect(login('Wrong1234').code).toBe('wrong_credentials');
    const locked = login();
    expect(locked.code).toBe('too_many_attempts');
    expect(locked.params?.minutes).toBe(15);
    world.clock.advance(ATTEMPT_LIMITS.password.windowMs);
    expect(login().type).toBe('ok');
  });

  it('login: one client guessing across many accounts is stopped too', () => {
    const accounts = Array.from({ length: ATTEMPT_LIMITS.passwordPerClient.max + 1 }, (_, i) => `guess${i}@example.com`);
    const codes = accounts.map((account) => req('login', { account, password: 'Wrong1234' }).code);
    expect(codes.slice(0, -1).every((c) => c === 'wrong_credentials')).toBe(true);
    expect(codes.at(-1)).toBe('too_many_attempts');
    // Another client is not affected.
    expect(login('Demo1234', '10.0.0.2').type).toBe('ok');
  });

  it('the current password on change counts with login attempts', () => {
    const token = login().message.token;
    const change = (old: string) => req('changePassword', { oldPassword: old, password: 'Fresh2026!', confirmPassword: 'Fresh2026!' }, token).code;
    for (let i = 0; i < ATTEMPT_LIMITS.password.max; i++) expect(change('Nope1234')).toBe('wrong_old_password');
    expect(change('Demo1234')).toBe('too_many_attempts');
  });

  it('verification codes: re-sending does not give more guesses on the account', () => {
    const send = () => {
      world.clock.advance(MINUTE);
      return req('sendCode', { account: 'demo@example.com', scene: 'forget_password' }).type;
    };
    const check = (code: string) => req('checkCode', { account: 'demo@example.com', scene: 'forget_password', code }).code;
    let wrong = 0;
    while (wrong < ATTEMPT_LIMITS.code.max) {
      expect(send()).toBe('ok');
      for (let i = 0; i < 4 && wrong < ATTEMPT_LIMITS.code.max; i++, wrong++) expect(check('111111')).toBe('wrong_code');
    }
    expect(send()).toBe('ok');
    expect(check('123456')).toBe('too_many_attempts');
  });

  it('transaction password: 5 wrong, then even the right one is refused and no withdrawal goes out', () => {
    const token = login().message.token;
    req('setTransactionPassword', { password: '482915', confirmPassword: '482915' }, token);
    const check = (password: string) => world.accounts.checkTransactionPassword(world.accounts.record(token), password);
    for (let i = 0; i < ATTEMPT_LIMITS.transactionPassword.max; i++) expect(() => check('111111')).toThrow('Incorrect transaction password');
    expect(() => check('482915')).toThrow(/Too many attempts/);
    world.clock.advance(ATTEMPT_LIMITS.transactionPassword.windowMs);
    expect(() => check('482915')).not.toThrow();
  });
});

describe('no account enumeration', () => {
  it('forgot password answers alike for known and unknown accounts, and no code works for an unknown one', () => {
    const known = req('sendCode', { account: 'demo@example.com', scene: 'forget_password' });
    const unknown = req('sendCode', { account: 'nobody@example.com', scene: 'forget_password' });
    expect(unknown).toEqual(known);
    expect(req('sendCode', { account: 'nobody@example.com', scene: 'forget_password' }).code).toBe('code_cooldown');
    expect(req('checkCode', { account: 'nobody@example.com', scene: 'forget_password', code: '123456' }).code).toBe('wrong_code');
  });

  it('login takes as long for an unknown account as for a wrong password', () => {
    const time = (account: string) => {
      const start = performance.now();
      for (let i = 0; i < 8; i++) req('login', { account, password: 'Wrong1234' }, undefined, `c${account}${i}`);
      return performance.now() - start;
    };
    time('demo@example.com');
    const known = time('demo@example.com');
    const unknown = time('nobody@example.com');
    // Both hash once; without the dummy hash the unknown account answered in a fraction of the time.
    expect(unknown / known).toBeGreaterThan(0.5);
  });
});

describe('invitations', () => {
  it('registration with an invitation code records who invited whom', () => {
    req('sendCode', { account: 'friend@example.com', scene: 'register' });
    const reg = req('register', {
      accountType: 'email',
      account: 'friend@example.com',
      password: 'Trade2026!',
      confirmPassword: 'Trade2026!',
      code: '123456',
      inviteCode: 'demo01',
      agree: true,
    });
    expect(reg.type).toBe('ok');
    const demo = world.accounts.record(login().message.token);
    // The newest, after the demo's seeded team.
    expect(
      world.accounts
        .invitees(demo.id)
        .map((u) => u.account)
        .at(-1),
    ).toBe('friend@example.com');
    expect(world.accounts.byId(world.accounts.idOf('friend@example.com')!)?.invitedBy).toBe(demo.id);
  });
});

describe('bounded decimals', () => {
  it('a 40,000-digit price and quantity are refused at once, before any arithmetic', () => {
    const token = login().message.token;
    const huge = '9'.repeat(40_000);
    const res = req('placeOrder', { symbol: 'BTC/USDT', side: 'buy', type: 'limit', price: huge, quantity: huge }, token);
    expect(res).toMatchObject({ status: 400, type: 'error', code: 'amount_invalid', params: { field: 'price' } });
  });

  it('a 2,000-digit sandbox deposit is refused and credits nothing', () => {
    const token = login().message.token;
    const res = req('sandboxDeposit', { coin: 'USDT', chain: 'TRC20', amount: `1${'0'.repeat(2000)}` }, token);
    expect(res).toMatchObject({ status: 400, code: 'amount_invalid' });
    world.clock.advance(MINUTE);
    expect(req('listRecords', undefined, token).message.items ?? []).toHaveLength(0);
  });

  it('the largest allowed amount is accepted by the schema and answered by a business rule', () => {
    const token = login().message.token;
    const res = req('transfer', { coin: 'USDT', from: 'funds', to: 'exchange', amount: '999999999999999.999999' }, token);
    expect(res.code).toBe('insufficient_balance');
  });
});

describe('ids say nothing about other users', () => {
  it("a user's record and order ids are the same whether or not someone else was active before", () => {
    const ids = (othersFirst: boolean) => {
      world = new World({ seed: 5, freezeClock: true });
      req('sendCode', { account: 'b@example.com', scene: 'register' });
      const b = req('register', {
        accountType: 'email',
        account: 'b@example.com',
        password: 'Trade2026!',
        confirmPassword: 'Trade2026!',
        code: '123456',
        agree: true,
      }).message.token;
      if (othersFirst) {
        const a = login().message.token;
        for (let i = 0; i < 3; i++) req('transfer', { coin: 'USDT', from: 'funds', to: 'exchange', amount: '10' }, a);
        req('placeOrder', { symbol: 'BTC/USDT', side: 'buy', type: 'limit', price: '1000', quantity: '0.001' }, a);
      }
      const deposit = req('sandboxDeposit', { coin: 'USDT', chain: 'TRC20', amount: '100' }, b).message.id;
      world.clock.advance(MINUTE);
      const transfer = req('transfer', { coin: 'USDT', from: 'funds', to: 'exchange', amount: '50' }, b).message.id;
      const order = req('placeOrder', { symbol: 'BTC/USDT', side: 'buy', type: 'limit', price: '1000', quantity: '0.001' }, b).message.id;
      return [deposit, transfer, order];
    };
    const alone = ids(false);
    expect(alone.every((id) => typeof id === 'string')).toBe(true);
    expect(ids(true)).toEqual(alone);
  });
});

describe('prototype keys', () => {
  it('every adapter gets the same refusal: dispatch answers a body with a __proto__ key with 400', () => {
    const body = JSON.parse('{"account":"demo@example.com","password":"Demo1234","__proto__":{"admin":true}}');
    expect(req('login', body)).toMatchObject({ status: 400, code: 'invalid_request', message: 'The body must not contain __proto__ or constructor keys' });
  });
});
