/**
 * The withdrawal form as plain functions: the e2e scenario's figures (10,000 USDT in the funds
 * account, TRC20 fee 1, minimum 10, 2,000 of 2,000 USDT left of the 24 h limit), what is told
 * before anything is typed, what is flagged as typed and what only on Withdraw, and the refusals
 * of the server put under their fields.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Big } from '../../../lib/decimal';
import {
  initialWithdraw,
  maxOf,
  withdrawErrors,
  withdrawFieldOfCode,
  withdrawForm,
  withdrawReducer,
  withdrawSummary,
  type WithdrawInputs,
  type WithdrawState,
} from './withdrawForm';

const address = (id: string, coin = 'USDT', chain: 'TRC20' | 'ERC20' = 'TRC20', label?: string) => ({
  id,
  coin,
  chain,
  address: `T${id}`,
  ...(label ? { label } : {}),
  createdAt: 0,
});
const BOOK = [address('a2', 'USDT', 'TRC20', 'Ledger'), address('a1'), address('e1', 'USDT', 'ERC20'), address('b1', 'BTC')];
const ME: NonNullable<WithdrawInputs['me']> = {
  hasTransactionPassword: true,
  verification: 'none',
  advancedVerification: 'none',
  withdrawalLimit: '2000',
  withdrawalLimitLeft: '2000.00',
};
const LIMITS = { mobile: '2000', realName: '50000', advanced: '200000' };
const inputs = (patch: Partial<WithdrawInputs> = {}): WithdrawInputs => ({
  coin: { coin: 'USDT', precision: 6 },
  chain: { chain: 'TRC20', withdrawFee: '1.000000', minWithdraw: '10.000000' },
  book: BOOK,
  available: '10000.000000',
  me: ME,
  limits: LIMITS,
  ...patch,
});
const state = (patch: Partial<WithdrawState> = {}): WithdrawState => ({ ...initialWithdraw(), ...patch });
const summary = (s: WithdrawState, i = inputs()) => withdrawSummary(s, i);

describe('the summary', () => {
  it('the fee, what is received and the total deducted, live; nothing until the amount is valid', () => {
    expect(summary(state())).toMatchObject({ fee: new Big(1), received: null, total: null, available: new Big(10000), limit: '2000', left: '2000.00' });
    const s = summary(state({ amount: '100' }));
    expect([s.received?.toFixed(), s.total?.toFixed()]).toEqual(['100', '101']);
    expect(summary(state({ amount: '1.0000001' })).received).toBeNull();
    expect(summary(state({ amount: '0' })).total).toBeNull();
  });

  it("Max is the available balance minus the fee, rounded down to the coin's precision, never below zero", () => {
    expect(summary(state()).max).toBe('9999');
    expect(summary(state(), inputs({ available: '100.12345678' })).max).toBe('99.123456');
    expect(summary(state(), inputs({ available: '0.5' })).max).toBe('0');
    expect(summary(state(), inputs({ available: undefined })).max).toBe('0');
    expect(maxOf(new Big('3.999'), new Big('1'), 2).toFixed()).toBe('2.99');
  });

  it("the addresses of the coin and network; the one picked for them, or the book's newest", () => {
    const s = summary(state());
    expect(s.addresses.map((a) => a.id)).toEqual(['a2', 'a1']);
    expect(s.address?.id).toBe('a2');
    expect(summary(state({ chosen: { key: 'USDT:TRC20', id: 'a1' } })).address?.id).toBe('a1');
    // Picked for another network, or an address since removed: the newest again.
    expect(summary(state({ chosen: { key: 'USDT:ERC20', id: 'a1' } })).address?.id).toBe('a2');
    expect(summary(state({ chosen: { key: 'USDT:TRC20', id: 'gone' } })).address?.id).toBe('a2');
    expect(summary(state(), inputs({ book: undefined })).address).toBeUndefined();
  });

  it('the request, once there is an address and a valid amount, with the password as typed', () => {
    expect(summary(state({ amount: '100', password: '123456' })).request).toEqual({
      coin: 'USDT',
      chain: 'TRC20',
      addressId: 'a2',
      amount: '100',
      transactionPassword: '123456',
    });
    expect(summary(state({ amount: '100.50' })).request?.amount).toBe('100.5');
    expect(summary(state({ amount: '' })).request).toBeNull();
    expect(summary(state({ amount: '100' }), inputs({ book: [] })).request).toBeNull();
  });
});

describe('told before anything is typed', () => {
  it('what blocks the form, first the address, then the password, then the limit', () => {
    expect(summary(state()).blocked).toBeNull();
    expect(summary(state(), inputs({ book: [] })).blocked).toEqual({ key: 'funds.withdraw.blocked.address' });
    const noPassword = { ...ME, hasTransactionPassword: false };
    expect(summary(state(), inputs({ me: noPassword })).blocked).toEqual({ key: 'funds.withdraw.blocked.password' });
    expect(summary(state(), inputs({ me: noPassword, book: [] })).blocked).toEqual({ key: 'funds.withdraw.blocked.address' });
    const usedUp = { ...ME, withdrawalLimitLeft: '0.00' };
    expect(summary(state(), inputs({ me: usedUp }))).toMatchObject({ limitUsedUp: true, blocked: { key: 'funds.withdraw.blocked.limit' } });
    expect(summary(state(), inputs({ me: { ...usedUp, hasTransactionPassword: false } })).blocked).toEqual({ key: 'funds.withdraw.blocked.password' });
    // Until the user has loaded nothing is said.
    expect(summary(state(), inputs({ me: undefined }))).toMatchObject({
      noPassword: false,
      limitUsedUp: false,
      reviewing: false,
      blocked: null,
      left: undefined,
    });
  });

  it("the next verification level's limit, unless the highest is reached or one is under review", () => {
    expect(summary(state())).toMatchObject({ nextLimit: '50000', reviewing: false });
    expect(summary(state(), inputs({ me: { ...ME, verification: 'verified' } }))).toMatchObject({ nextLimit: '200000', reviewing: false });
    expect(summary(state(), inputs({ me: { ...ME, verification: 'verified', advancedVerification: 'verified' } })).nextLimit).toBeUndefined();
    expect(summary(state(), inputs({ me: { ...ME, verification: 'pending' } })).reviewing).toBe(true);
    expect(summary(state(), inputs({ me: { ...ME, verification: 'verified', advancedVerification: 'pending' } })).reviewing).toBe(true);
    // An advanced review before the primary one is approved is not "under review" for the limit.
    expect(summary(state(), inputs({ me: { ...ME, verification: 'rejected', advancedVerification: 'pending' } })).reviewing).toBe(false);
    expect(summary(state(), inputs({ limits: undefined })).nextLimit).toBeUndefined();
  });
});

describe('what is wrong with the amount', () => {
  const live = (amount: string, i = inputs()) => summary(state({ amount }), i).live;

  it('flagged as typed: over the balance (fee included), too many places, over the 24 h limit left (USDT)', () => {
    expect(live('')).toBeNull();
    expect(live('5')).toBeNull(); // too small is said only on Withdraw: typing on makes it right
    expect(live('20000')).toEqual({ key: 'funds.withdraw.insufficient' });
    const wide = inputs({ me: { ...ME, withdrawalLimit: '50000', withdrawalLimitLeft: '50000.00' } });
    expect(live('9999', wide)).toBeNull();
    expect(live('9999.000001', wide)).toEqual({ key: 'funds.withdraw.insufficient' });
    expect(live('10.1234567')).toEqual({ key: 'funds.amountProblem.precision', params: { coin: 'USDT', precision: 6 } });
    expect(live('2000.01')).toEqual({ key: 'funds.withdraw.overLimitLeft', params: { left: { amount: '2000.00', places: 2 } } });
    expect(live('2000')).toBeNull();
    // Other coins are valued by the server at its prices: not checked here.
    const btc = inputs({ coin: { coin: 'BTC', precision: 8 }, chain: { chain: 'TRC20', withdrawFee: '0.0005', minWithdraw: '0.001' }, available: '100000' });
    expect(live('50000', btc)).toBeNull();
    expect(live('not a number')).toBeNull();
  });

  it('on Withdraw: required, a positive number, the minimum, then what is flagged as typed; the address and the password too', () => {
    const errors = (s: WithdrawState, i = inputs()) => withdrawErrors(s, i, withdrawSummary(s, i));
    expect(errors(state())).toEqual({
      amount: { key: 'funds.amountProblem.required', params: { coin: 'USDT', precision: 6 } },
      password: { key: 'funds.withdraw.passwordFormat' },
    });
    expect(errors(state({ amount: '0', password: '123456' }))).toEqual({
      amount: { key: 'funds.amountProblem.invalid', params: { coin: 'USDT', precision: 6 } },
    });
    expect(errors(state({ amount: '5', password: '123456' }))).toEqual({
      amount: { key: 'funds.withdraw.belowMin', params: { min: '10.000000', coin: 'USDT' } },
    });
    expect(errors(state({ amount: '20000', password: '123456' }))).toEqual({ amount: { key: 'funds.withdraw.insufficient' } });
    expect(errors(state({ amount: '100', password: '12345' }))).toEqual({ password: { key: 'funds.withdraw.passwordFormat' } });
    expect(errors(state({ amount: '100', password: '123456' }), inputs({ book: [] }))).toEqual({ address: { key: 'funds.withdraw.noAddress' } });
    expect(errors(state({ amount: '10', password: '123456' }))).toEqual({});
  });
});

describe('the reducer', () => {
  it('an edit clears its own message; another coin clears the amount, another network keeps it; the messages go', () => {
    const shown = state({ amount: '5', password: '1', errors: { amount: { key: 'a' }, password: { key: 'p' }, address: { text: 'refused' } } });
    expect(withdrawReducer(shown, { type: 'amount', value: '50' }, inputs())).toEqual({
      ...shown,
      amount: '50',
      errors: { password: { key: 'p' }, address: { text: 'refused' } },
    });
    expect(withdrawReducer(shown, { type: 'password', value: '12a3 4' }, inputs())).toMatchObject({ password: '1234', errors: { amount: { key: 'a' } } });
    expect(withdrawReducer(shown, { type: 'address', id: 'a1' }, inputs())).toMatchObject({
      chosen: { key: 'USDT:TRC20', id: 'a1' },
      errors: { amount: { key: 'a' } },
    });
    expect(withdrawReducer(shown, { type: 'coinChain', what: 'coin' }, inputs())).toEqual({ ...shown, amount: '', errors: {} });
    expect(withdrawReducer(shown, { type: 'coinChain', what: 'chain' }, inputs())).toEqual({ ...shown, errors: {} });
  });

  it('Max fills in the available balance minus the fee', () => {
    expect(withdrawReducer(state({ errors: { amount: { key: 'a' } } }), { type: 'max' }, inputs())).toEqual(state({ amount: '9999' }));
    expect(withdrawReducer(state(), { type: 'max' }, inputs({ available: '100.12345678' })).amount).toBe('99.123456');
  });

  it('Withdraw shows its errors; once sent, amount and password are cleared and the address stays', () => {
    const s = state({ amount: '100', password: '123456', chosen: { key: 'USDT:TRC20', id: 'a1' } });
    expect(withdrawReducer(s, { type: 'check', errors: { password: { key: 'p' } } }, inputs()).errors).toEqual({ password: { key: 'p' } });
    expect(withdrawReducer({ ...s, errors: { amount: { text: 'x' } } }, { type: 'sent' }, inputs())).toEqual(state({ chosen: s.chosen }));
  });

  it("the server's refusal goes under the field its code is about, in its words", () => {
    for (const code of ['amount_invalid', 'amount_precision', 'below_minimum', 'insufficient_balance', 'limit_exceeded'])
      expect(withdrawFieldOfCode(code)).toBe('amount');
    for (const code of ['wrong_transaction_password', 'transaction_password_format']) expect(withdrawFieldOfCode(code)).toBe('password');
    expect(withdrawFieldOfCode('address_required')).toBe('address');
    expect(withdrawFieldOfCode('rate_limited')).toBeNull();
    const s = state({ amount: '100', password: '111222' });
    expect(withdrawReducer(s, { type: 'refused', code: 'wrong_transaction_password', text: 'Incorrect transaction password' }, inputs())).toEqual({
      ...s,
      errors: { password: { text: 'Incorrect transaction password' } },
    });
    expect(withdrawReducer(s, { type: 'refused', code: undefined, text: 'Network error' }, inputs())).toBe(s);
  });
});

describe('properties', () => {
  it('Max is the most the balance pays with the fee, and the form accepts it when it is at least the minimum', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 8 }), (units, places, precision) => {
        const available = new Big(units).div(10 ** places).toFixed();
        const i = inputs({ coin: { coin: 'USDT', precision }, available, me: undefined });
        const filled = withdrawReducer(state({ password: '123456' }), { type: 'max' }, i);
        const max = new Big(filled.amount);
        const step = new Big(10).pow(-precision);
        // With the fee of 1: max + fee fits the balance (or max is 0), one step more does not.
        expect(max.eq(0) || max.plus(1).lte(available)).toBe(true);
        expect(max.plus(step).plus(1).gt(available)).toBe(true);
        expect(max.round(precision, Big.roundDown).eq(max)).toBe(true);
        const s = withdrawForm.summary(filled, i);
        const errors = withdrawForm.errors(filled, i, s);
        if (max.gte(10)) expect(errors).toEqual({});
        else expect(errors.amount).toBeDefined();
      }),
      { numRuns: 200, seed: 35 },
    );
  });
});
