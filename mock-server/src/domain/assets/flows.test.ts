/** Issue 4 flows through dispatch: deposits, recharges, withdrawals, transfers, flash exchange. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { OperationId } from '../../../../contracts/generated/operations';
import { World } from '../world';
import { send as sendChecked, sendFlat } from '../../core/test-client';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const ADDRESS = 'TXk3LoVgYqW9m4sQ1hXc8bP7nJd2rFa5Uy';
let world: World;
let token: string | undefined;

const call = (operationId: OperationId, body?: unknown, query: Record<string, string> = {}) => sendFlat(world, operationId, { body, query, token });
const funds = (coin = 'USDT') => (call('getWallet').message.accounts as any[]).find((a) => a.kind === 'funds').balances.find((b: any) => b.coin === coin);

beforeEach(() => {
  world = new World({ seed: 9, freezeClock: true });
  token = undefined;
  token = call('login', { account: 'demo@example.com', password: 'Demo1234' }).message.token;
});

function addAddress(address = ADDRESS) {
  call('sendCode', { account: 'demo@example.com', scene: 'security' });
  return call('addAddress', { coin: 'USDT', chain: 'TRC20', address, label: 'Cold', code: '123456' });
}

describe('wallet', () => {
  it('starts the demo account with funds, valued in USDT', () => {
    expect(funds()).toMatchObject({ available: '10000.000000', frozen: '0.000000', usdtValue: '10000.00' });
    expect(Number(call('getWallet').message.usdtTotal)).toBeGreaterThan(10000);
  });

  it('lists coins with per-chain minimum deposits (10 and 100 USDT are two chains)', () => {
    const usdt = (call('listCoins').message as any[]).find((c) => c.coin === 'USDT');
    expect(usdt.chains.map((c: any) => [c.chain, c.minDeposit])).toEqual([
      ['TRC20', '10.000000'],
      ['ERC20', '100.000000'],
    ]);
  });
});

describe('deposits', () => {
  it('appear at 0/1 confirmations, are credited at 1, and push record and balance events', () => {
    const events: string[] = [];
    world.events.on('record', (e) => events.push(`record:${e.record.status}`));
    world.events.on('balances', () => events.push('balances'));
    const dep = call('sandboxDeposit', { coin: 'USDT', chain: 'TRC20', amount: '250' }).message;
    expect(dep).toMatchObject({ status: 'confirming', confirmations: 0, requiredConfirmations: 1 });
    expect(funds().available).toBe('10000.000000');
    world.clock.advance(10_000);
    expect(funds().available).toBe('10250.000000');
    expect(call('listRecords', undefined, { type: 'deposit' }).message.items[0]).toMatchObject({ status: 'credited', confirmations: 1 });
    expect(events).toEqual(['record:confirming', 'balances', 'record:credited']);
  });

  it('below the chain minimum: confirmed but not credited, with the reason', () => {
    call('sandboxDeposit', { coin: 'USDT', chain: 'ERC20', amount: '50' });
    world.clock.advance(10_000);
    const rec = call('listRecords').message.items[0];
    expect(rec).toMatchObject({
      status: 'not_credited',
      reason: 'Below the minimum deposit of 100 USDT: not credited',
      reasonCode: 'below_min_deposit',
      reasonParams: { min: '100.000000', coin: 'USDT' },
    });
    expect(funds().available).toBe('10000.000000');
  });

  it('gives a well-formed address per chain and bank wire details with a personal code', () => {
    expect(call('getDepositAddress', undefined, { coin: 'USDT', chain: 'TRC20' }).message.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(call('getDepositAddress', undefined, { coin: 'BTC', chain: 'BTC' }).message.address).toMatch(/^bc1q/);
    expect(call('getDepositAddress', undefined, { coin: 'BTC', chain: 'TRC20' }).code).toBe('unknown_chain');
    expect(call('getWireDetails').message).toMatchObject({ available: true, transferCode: 'WDEMO01' });
  });
});

describe('every listed coin on its chains', () => {
  it('each of the 25 coins has a chain whose address, minimum, fee and confirmations come from the settings; a deposit waits for that many', () => {
    const coins = call('listCoins').message as any[];
    expect(coins).toHaveLength(25);
    for (const c of coins) {
      expect(c.chains.length, c.coin).toBeGreaterThan(0);
      for (const x of c.chains) {
        const address = call('getDepositAddress', undefined, { coin: c.coin, chain: x.chain }).message;
        expect(address.address, `${c.coin} ${x.chain}`).toMatch(new RegExp(x.addressPattern));
        expect(address).toMatchObject({ minDeposit: x.minDeposit, confirmations: x.depositConfirmations });
        // A fee below the minimum withdrawal, at the coin's precision.
        expect(Number(x.withdrawFee)).toBeLessThan(Number(x.minWithdraw));
        expect(x.withdrawFee.split('.')[1]?.length ?? 0).toBe(c.precision);
      }
    }
    const doge = coins.find((c) => c.coin === 'DOGE').chains[0];
    expect(doge).toMatchObject({ chain: 'DOGE', minDeposit: '20', depositConfirmations: 40 });
    call('sandboxDeposit', { coin: 'DOGE', chain: 'DOGE', amount: '100' });
    world.clock.advance(39 * 10_000);
    expect(call('listRecords', undefined, { type: 'deposit' }).message.items[0]).toMatchObject({
      coin: 'DOGE',
      status: 'confirming',
      confirmations: 39,
      requiredConfirmations: 40,
    });
    world.clock.advance(10_000);
    expect(funds('DOGE').available).toBe('100');
  });

  it('a withdrawal is checked against its chain: address format, minimum and fee', () => {
    call('sendCode', { account: 'demo@example.com', scene: 'security' });
    expect(call('addAddress', { coin: 'SOL', chain: 'SOL', address: '0x52908400098527886E0F7030069857D2E4169EE7', code: '123456' }).code).toBe(
      'address_invalid',
    );
    expect(call('addAddress', { coin: 'SOL', chain: 'ERC20', address: '0x52908400098527886E0F7030069857D2E4169EE7', code: '123456' }).code).toBe(
      'unknown_chain',
    );
    expect(call('addAddress', { coin: 'SOL', chain: 'SOL', address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', code: '123456' }).type).toBe('ok');
  });
});

describe('voucher recharges', () => {
  const apply = (amount: string) => {
    const voucher = call('uploadImage', { image: PNG }).message.id;
    const address = call('getDepositAddress', undefined, { coin: 'USDT', chain: 'TRC20' }).message.address;
    return call('submitRecharge', { coin: 'USDT', chain: 'TRC20', amount, address, voucher });
  };

  it('are reviewed, then credited when the amount received matches', () => {
    expect(apply('500').message.status).toBe('reviewing');
    world.clock.advance(60_000);
    expect(call('listRecords', undefined, { type: 'recharge' }).message.items[0].status).toBe('success');
    expect(funds().available).toBe('10500.000000');
  });

  it('fail when the amount received does not match the application', () => {
    apply('497');
    world.clock.advance(60_000);
    const rec = call('listRecords').message.items[0];
    expect(rec.status).toBe('failure');
    expect(rec).toMatchObject({
      reason: expect.stringContaining('does not match the application'),
      reasonCode: 'amount_mismatch',
      reasonParams: { coin: 'USDT' },
    });
    expect(funds().available).toBe('10000.000000');
  });

  it('need the voucher and the user own deposit address', () => {
    expect(call('submitRecharge', { coin: 'USDT', chain: 'TRC20', amount: '5', address: ADDRESS, voucher: 'nope' }).code).toBe('upload_missing');
    const voucher = call('uploadImage', { image: PNG }).message.id;
    expect(call('submitRecharge', { coin: 'USDT', chain: 'TRC20', amount: '5', address: ADDRESS, voucher }).code).toBe('address_mismatch');
  });
});

describe('withdrawals', () => {
  const withdraw = (amount: string, addressId: string, transactionPassword = '482915') =>
    call('withdraw', { coin: 'USDT', chain: 'TRC20', addressId, amount, transactionPassword });

  it('need an address first (the spec message)', () => {
    expect(withdraw('100', 'ad_x')).toMatchObject({ code: 'address_required', message: 'Please set your withdrawal address first' });
  });

  it('answer HTTP 401 without a transaction password, and refuse a wrong one', () => {
    const id = addAddress().message.id;
    expect(withdraw('100', id).status).toBe(401);
    call('setTransactionPassword', { password: '482915', confirmPassword: '482915' });
    expect(withdraw('100', id, '111222').code).toBe('wrong_transaction_password');
  });

  it('freeze amount + fee, go application → confirming 0..6 → success, and debit', () => {
    const id = addAddress().message.id;
    call('setTransactionPassword', { password: '482915', confirmPassword: '482915' });
    const rec = withdraw('100', id).message;
    expect(rec).toMatchObject({ status: 'application', amount: '-100.000000', fee: '1.000000', requiredConfirmations: 6 });
    expect(funds()).toMatchObject({ available: '9899.000000', frozen: '101.000000' });
    world.clock.advance(30_000);
    expect(call('listRecords').message.items[0]).toMatchObject({ status: 'confirming', confirmations: 0 });
    world.clock.advance(50_000);
    expect(call('listRecords').message.items[0].confirmations).toBe(5);
    world.clock.advance(10_000);
    expect(call('listRecords').message.items[0]).toMatchObject({ status: 'success', confirmations: 6 });
    expect(funds()).toMatchObject({ available: '9899.000000', frozen: '0.000000' });
  });

  it('return the frozen amount on failure', () => {
    const id = addAddress('TXk3LoVgYqW9m4sQ1hXc8bP7nJd2rFdead').message.id;
    call('setTransactionPassword', { password: '482915', confirmPassword: '482915' });
    withdraw('100', id);
    world.clock.advance(30_000);
    expect(call('listRecords').message.items[0]).toMatchObject({ status: 'failure', reasonCode: 'address_refused' });
    expect(funds()).toMatchObject({ available: '10000.000000', frozen: '0.000000' });
  });

  it('refuse insufficient balance, amounts below the minimum or with too many decimals, and over the daily limit', () => {
    const id = addAddress().message.id;
    call('setTransactionPassword', { password: '482915', confirmPassword: '482915' });
    expect(withdraw('100', 'ad_x').code).toBe('address_unknown');
    // The values of each message also come as params, for the client's own translation.
    expect(withdraw('5', id)).toMatchObject({ code: 'below_minimum', params: { amount: '10', coin: 'USDT' } });
    expect(withdraw('10.1234567', id)).toMatchObject({ code: 'amount_precision', params: { places: 6 } });
    expect(withdraw('1999', id).type).toBe('ok');
    expect(withdraw('100', id)).toMatchObject({ code: 'limit_exceeded', params: { limit: '2000', coin: 'USDT' } });
    world.clock.advance(24 * 60 * 60_000 + 1);
    expect(withdraw('20000', id)).toMatchObject({ code: 'insufficient_balance', message: 'Sorry, your credit is running low' });
  });

  it('tell the user what is left of the 24 h limit: less each withdrawal, back after a failure or 24 hours', () => {
    const left = () => call('getCurrentUser').message.withdrawalLimitLeft;
    const id = addAddress().message.id;
    const dead = addAddress('TXk3LoVgYqW9m4sQ1hXc8bP7nJd2rFdead').message.id;
    call('setTransactionPassword', { password: '482915', confirmPassword: '482915' });
    expect(call('getCurrentUser').message).toMatchObject({ withdrawalLimit: '2000.00', withdrawalLimitLeft: '2000.00' });
    expect(withdraw('150.5', id).type).toBe('ok');
    expect(left()).toBe('1849.50'); // the fee does not count
    expect(withdraw('100', dead).type).toBe('ok');
    expect(left()).toBe('1749.50');
    world.clock.advance(30_000); // the network refuses the dead address: it no longer counts
    expect(left()).toBe('1849.50');
    // Exactly what is left passes; a cent more is refused, as the client is told.
    expect(withdraw('1849.51', id)).toMatchObject({ code: 'limit_exceeded' });
    expect(withdraw('1849.5', id).type).toBe('ok');
    expect(left()).toBe('0.00');
    world.clock.advance(24 * 60 * 60_000);
    expect(left()).toBe('2000.00');
  });

  it('address book: format per chain, security code, duplicates, removal', () => {
    call('sendCode', { account: 'demo@example.com', scene: 'security' });
    expect(call('addAddress', { coin: 'USDT', chain: 'TRC20', address: `0x${'ab'.repeat(20)}`, code: '123456' }).code).toBe('address_invalid');
    expect(call('addAddress', { coin: 'USDT', chain: 'TRC20', address: ADDRESS, code: '000000' }).code).toBe('wrong_code');
    const added = call('addAddress', { coin: 'USDT', chain: 'TRC20', address: ADDRESS, code: '123456' }).message;
    expect(call('addAddress', { coin: 'USDT', chain: 'TRC20', address: ADDRESS, code: '123456' }).code).toBe('duplicate_address');
    expect(call('listAddresses').message).toHaveLength(1);
    call('removeAddress', { id: added.id });
    expect(call('listAddresses').message).toHaveLength(0);
  });
});

describe('transfers and flash exchange', () => {
  it('move between accounts with the insufficient-balance message', () => {
    expect(call('transfer', { coin: 'USDT', from: 'funds', to: 'lever', amount: '400' }).message.status).toBe('success');
    expect(call('transfer', { coin: 'USDT', from: 'lever', to: 'second', amount: '500' })).toMatchObject({ message: 'Sorry, your credit is running low' });
    expect(call('transfer', { coin: 'USDT', from: 'lever', to: 'lever', amount: '1' }).code).toBe('same_account');
    const lever = (call('getWallet').message.accounts as any[]).find((a) => a.kind === 'lever');
    expect(lever.balances.find((b: any) => b.coin === 'USDT').available).toBe('400.000000');
  });

  it('quote a firm rate that expires after 10 s, and execute through the ledger', () => {
    const q = call('flashQuote', { from: 'BTC', to: 'USDT', amount: '0.1' }).message;
    const price = Number(world.market.ticker('BTC/USDT').last);
    expect(Number(q.rate)).toBeCloseTo(price * 0.998, 0);
    expect(Number(q.receive) + Number(q.fee)).toBeCloseTo(0.1 * Number(q.rate), 4);
    world.clock.advance(11_000);
    expect(call('flashExchange', { quoteId: q.id }).code).toBe('quote_expired');
    const fresh = call('flashQuote', { from: 'BTC', to: 'USDT', amount: '0.1' }).message;
    expect(call('flashExchange', { quoteId: fresh.id }).message).toMatchObject({ type: 'exchange', toAmount: fresh.receive });
    expect(funds('BTC').available).toBe('0.40000000');
    expect(funds().available).toBe((10000 + Number(fresh.receive)).toFixed(6));
    expect(call('flashExchange', { quoteId: fresh.id }).code).toBe('quote_expired');
  });
});

describe('idempotency', () => {
  it('a repeated Idempotency-Key gets the first answer and moves money once', () => {
    const send = (key: string) =>
      sendChecked(world, 'transfer', { token, body: { coin: 'USDT', from: 'funds', to: 'lever', amount: '100' }, idempotencyKey: key });
    const first = send('k-1');
    const again = send('k-1');
    expect(again.body).toEqual(first.body);
    expect(funds().available).toBe('9900.000000');
    send('k-2');
    expect(funds().available).toBe('9800.000000');
  });
});
