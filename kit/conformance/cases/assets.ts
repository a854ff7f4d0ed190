/**
 * Cases of the assets and sandbox operations: deposits, vouchers, the address book, withdrawals,
 * transfers and flash exchange, each outcome from a state built as a fresh user (funds from a
 * sandbox deposit). Chain figures (minimum, fee) and the withdrawal limit are read from the
 * server's own answers (listCoins, getCurrentUser), not assumed.
 */
import { randomInt } from 'node:crypto';
import Big from 'big.js';
import { SetupFailed, type Case, type Setup } from './case.ts';
import { c, clearWindows, expectCode, PAST_COOLDOWN, PAST_WINDOWS, PNG, TX_PASSWORD, unknownId, wrongOf } from './steps.ts';

/** No listed coin has this name (the schema's pattern still accepts it). */
export const NO_COIN = 'NOCOIN9';
export const MS_DAY = 86_400_000;

/** `value` with one decimal place more than `places` allows. */
export const tooPrecise = (value: string, places: number) => {
  const [whole, fraction = ''] = value.split('.');
  return `${whole}.${fraction.padEnd(places, '0')}1`;
};
export const plusOne = (value: string) => new Big(value).plus(1).toFixed();

/** The coin's decimal places, as listCoins gives them. */
export async function placesOf(s: Setup, coin: string): Promise<number> {
  const info = (await s.ok('listCoins')).find((x) => x.coin === coin);
  if (!info) throw new SetupFailed(`listCoins does not list ${coin}`);
  return info.precision;
}

const TRON = { coin: 'USDT', chain: 'TRC20' } as const;
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** A well-formed TRC20 address of nobody in particular (never the user's own). */
const someAddress = () => `T${Array.from({ length: 33 }, () => BASE58[randomInt(BASE58.length)]).join('')}`;

/** USDT on TRC20 as listCoins describes it (minimum withdrawal, fee). */
async function tron(s: Setup) {
  const chain = (await s.ok('listCoins')).find((x) => x.coin === 'USDT')?.chains.find((x) => x.chain === 'TRC20');
  if (!chain) throw new SetupFailed('listCoins has no USDT on TRC20');
  return chain;
}

const ownAddress = async (s: Setup) => (await s.ok('getDepositAddress', undefined, TRON)).address;

/** An address saved with a security code: its id. */
async function savedAddress(s: Setup): Promise<string> {
  const code = await s.code('security');
  return (await s.ok('addAddress', { ...TRON, address: someAddress(), code })).id;
}

/** A user ready to withdraw USDT on TRC20: an address saved, a transaction password set, `funds` USDT. */
async function withdrawer(s: Setup, { funds = '0', password = true } = {}) {
  const addressId = await savedAddress(s);
  if (password) await s.ok('setTransactionPassword', { password: TX_PASSWORD, confirmPassword: TX_PASSWORD });
  if (funds !== '0') await s.fund(funds);
  return (amount: string, transactionPassword = TX_PASSWORD) => ({ body: { ...TRON, addressId, amount, transactionPassword } });
}

/** A request to add an address, right but for `change`, with a security code sent. */
async function addRequest(s: Setup, change: Record<string, unknown> = {}) {
  const code = await s.code('security');
  return { body: { ...TRON, address: someAddress(), label: 'Cold', code, ...change } };
}

const voucher = async (s: Setup) => (await s.ok('uploadImage', { image: PNG })).id;

/** A voucher recharge request, right but for `change`. */
async function recharge(s: Setup, change: Record<string, unknown> = {}) {
  return { body: { ...TRON, amount: '100', address: await ownAddress(s), voucher: await voucher(s), ...change } };
}

const reading: Case[] = [
  c('listCoins', 'ok', 'the listed coins', async () => ({})),
  c('getWallet', 'ok', 'the wallet of a user funded with 10 USDT', async (s) => (await s.fund('10'), {})),
  c('getWireDetails', 'ok', 'the wire transfer details', async () => ({})),
  c('getDepositAddress', 'ok', 'the deposit address of USDT on TRC20', async () => ({ query: TRON })),
  c('getDepositAddress', 'unknown_coin', 'the deposit address of a coin not listed', async () => ({ query: { coin: NO_COIN, chain: 'TRC20' } })),
  c('getDepositAddress', 'unknown_chain', 'the deposit address of USDT on the BTC chain', async () => ({ query: { coin: 'USDT', chain: 'BTC' } })),
  c('listRecords', 'ok', 'the records after a sandbox deposit', async (s) => {
    await s.ok('sandboxDeposit', { ...TRON, amount: '25' });
    return { query: { type: 'deposit' } };
  }),
  c('listBalanceLog', 'ok', 'the funds log after a deposit credited', async (s) => (await s.fund('10'), { query: { kind: 'funds' } })),
];

const deposits: Case[] = [
  c('sandboxDeposit', 'ok', 'a sandbox deposit of 10 USDT on TRC20', async () => ({ body: { ...TRON, amount: '10' } })),
  c('sandboxDeposit', 'unknown_coin', 'a sandbox deposit of a coin not listed', async () => ({ body: { coin: NO_COIN, chain: 'TRC20', amount: '10' } })),
  c('sandboxDeposit', 'unknown_chain', 'a sandbox deposit of USDT on the BTC chain', async () => ({ body: { coin: 'USDT', chain: 'BTC', amount: '10' } })),
  c('sandboxDeposit', 'amount_invalid', 'a sandbox deposit of 0.00', async () => ({ body: { ...TRON, amount: '0.00' } })),
  c('sandboxDeposit', 'amount_precision', 'a sandbox deposit with more decimals than USDT has', async (s) => ({
    body: { ...TRON, amount: tooPrecise('10', await placesOf(s, 'USDT')) },
  })),
  c('submitRecharge', 'ok', 'a voucher recharge to my own deposit address', recharge),
  c('submitRecharge', 'unknown_coin', 'a voucher recharge of a coin not listed', (s) => recharge(s, { coin: NO_COIN })),
  c('submitRecharge', 'unknown_chain', 'a voucher recharge of USDT on the BTC chain', (s) => recharge(s, { chain: 'BTC' })),
  c('submitRecharge', 'amount_invalid', 'a voucher recharge of 0', (s) => recharge(s, { amount: '0' })),
  c('submitRecharge', 'amount_precision', 'a voucher recharge with more decimals than USDT has', async (s) =>
    recharge(s, { amount: tooPrecise('100', await placesOf(s, 'USDT')) }),
  ),
  c('submitRecharge', 'upload_missing', 'a voucher recharge naming an upload that does not exist', (s) => recharge(s, { voucher: unknownId('up') })),
  c(
    'submitRecharge',
    'upload_expired',
    'a voucher recharge naming my upload left unclaimed for 61 minutes',
    async (s) => {
      const old = await voucher(s);
      await s.advance(PAST_WINDOWS);
      return recharge(s, { voucher: old });
    },
    { needs: ['control'] },
  ),
  c('submitRecharge', 'address_mismatch', 'a voucher recharge to an address that is not my deposit address', (s) => recharge(s, { address: someAddress() })),
];

const book: Case[] = [
  c('listAddresses', 'ok', 'the address book holding one address', async (s) => (await savedAddress(s), {})),
  c('addAddress', 'ok', 'a TRC20 address with a label and the security code sent', (s) => addRequest(s)),
  c('addAddress', 'unknown_coin', 'an address of a coin not listed', (s) => addRequest(s, { coin: NO_COIN })),
  c('addAddress', 'unknown_chain', 'a USDT address on the BTC chain', (s) => addRequest(s, { chain: 'BTC' })),
  c('addAddress', 'address_invalid', 'a TRC20 address of the wrong form', (s) => addRequest(s, { address: 'not-an-address-0x12' })),
  c('addAddress', 'duplicate_address', 'an address already in my address book (with spaces around it)', async (s) => {
    const first = await addRequest(s);
    await s.ok('addAddress', first.body);
    return { body: { ...first.body, address: ` ${first.body.address} ` } };
  }),
  c('addAddress', 'own_address', 'my own TRC20 deposit address', async (s) => addRequest(s, { address: await ownAddress(s) })),
  c('addAddress', 'text_invalid_characters', 'a label holding a control character', (s) => addRequest(s, { label: 'Cold\u0007' })),
  c('addAddress', 'text_empty', 'a label of only a zero-width space', (s) => addRequest(s, { label: '\u200b' })),
  c('addAddress', 'text_too_long', 'a label of 17 characters that NFC makes 34', (s) => addRequest(s, { label: '\u0958'.repeat(17) })),
  c('addAddress', 'code_not_sent', 'an address with no security code sent', async () => ({ body: { ...TRON, address: someAddress(), code: '123456' } })),
  c(
    'addAddress',
    'code_expired',
    'an address with a security code sent 11 minutes ago',
    async (s) => {
      const request = await addRequest(s);
      await s.advance(11 * 60_000);
      return request;
    },
    { needs: ['control'] },
  ),
  c('addAddress', 'wrong_code', 'an address with a code other than the one sent', async (s) => {
    const request = await addRequest(s);
    return { body: { ...request.body, code: wrongOf(request.body.code) } };
  }),
  c(
    'addAddress',
    'code_attempts',
    'the fifth wrong try of one security code',
    async (s) => {
      const request = await addRequest(s);
      const wrong = { ...request.body, code: wrongOf(request.body.code) };
      for (let i = 0; i < 4; i++) expectCode(await s.send('addAddress', { body: wrong }), 'wrong_code', 'addAddress');
      return { body: wrong };
    },
    { needs: ['control'], cleanup: clearWindows },
  ),
  c(
    'addAddress',
    'too_many_attempts',
    'the right code after 10 wrong codes on the account within the hour',
    async (s) => {
      for (let round = 0; round < 2; round++) {
        const request = await addRequest(s);
        const wrong = { ...request.body, code: wrongOf(request.body.code) };
        for (let i = 0; i < 4; i++) expectCode(await s.send('addAddress', { body: wrong }), 'wrong_code', 'addAddress');
        expectCode(await s.send('addAddress', { body: wrong }), 'code_attempts', 'addAddress');
        await s.advance(PAST_COOLDOWN);
      }
      return addRequest(s);
    },
    { needs: ['control'], cleanup: clearWindows },
  ),
  c('removeAddress', 'ok', 'an address of my address book', async (s) => ({ body: { id: await savedAddress(s) } })),
  c('removeAddress', 'not_found', 'an address I already removed', async (s) => {
    const id = await savedAddress(s);
    await s.ok('removeAddress', { id });
    return { body: { id } };
  }),
];

const withdrawals: Case[] = [
  c('withdraw', 'ok', 'the minimum to a saved address, funded, with the transaction password', async (s) => {
    const { minWithdraw, withdrawFee } = await tron(s);
    return (await withdrawer(s, { funds: new Big(minWithdraw).plus(withdrawFee).toFixed() }))(minWithdraw);
  }),
  c('withdraw', 'unknown_coin', 'a withdrawal of a coin not listed', async (s) => {
    const request = (await withdrawer(s))('10');
    return { body: { ...request.body, coin: NO_COIN } };
  }),
  c('withdraw', 'unknown_chain', 'a withdrawal of USDT on the BTC chain', async (s) => {
    const request = (await withdrawer(s))('10');
    return { body: { ...request.body, chain: 'BTC' } };
  }),
  c('withdraw', 'address_required', 'a withdrawal with an empty address book', async (s) => {
    await s.ok('setTransactionPassword', { password: TX_PASSWORD, confirmPassword: TX_PASSWORD });
    return { body: { ...TRON, addressId: unknownId('ad'), amount: (await tron(s)).minWithdraw, transactionPassword: TX_PASSWORD } };
  }),
  c('withdraw', 'address_unknown', 'a withdrawal to an address id not in my address book', async (s) => {
    const request = (await withdrawer(s))((await tron(s)).minWithdraw);
    return { body: { ...request.body, addressId: unknownId('ad') } };
  }),
  c('withdraw', 'amount_invalid', 'a withdrawal of 0', async (s) => (await withdrawer(s))('0')),
  c('withdraw', 'amount_precision', 'a withdrawal with more decimals than USDT has', async (s) =>
    (await withdrawer(s))(tooPrecise('10', await placesOf(s, 'USDT'))),
  ),
  c('withdraw', 'below_minimum', "a withdrawal below the chain's minimum", async (s) => {
    const below = new Big((await tron(s)).minWithdraw).div(2).toFixed();
    return (await withdrawer(s, { funds: '20' }))(below);
  }),
  c('withdraw', 'no_transaction_password', 'a withdrawal before any transaction password is set', async (s) =>
    (await withdrawer(s, { password: false }))((await tron(s)).minWithdraw),
  ),
  c('withdraw', 'wrong_transaction_password', 'a withdrawal with a wrong transaction password', async (s) =>
    (await withdrawer(s))((await tron(s)).minWithdraw, '917364'),
  ),
  c(
    'withdraw',
    'too_many_attempts',
    'the right transaction password after 5 wrong ones within 15 minutes',
    async (s) => {
      const request = await withdrawer(s);
      const { minWithdraw } = await tron(s);
      for (let i = 0; i < 5; i++) expectCode(await s.send('withdraw', { body: request(minWithdraw, '917364').body }), 'wrong_transaction_password', 'withdraw');
      return request(minWithdraw);
    },
    { needs: ['control'], cleanup: clearWindows },
  ),
  c('withdraw', 'insufficient_balance', 'a withdrawal of the minimum with an empty funds account', async (s) =>
    (await withdrawer(s))((await tron(s)).minWithdraw),
  ),
  c('withdraw', 'limit_exceeded', 'a withdrawal of 1 USDT over my 24-hour limit, funded with the fee too', async (s) => {
    const over = plusOne((await s.ok('getCurrentUser')).withdrawalLimit);
    return (await withdrawer(s, { funds: new Big(over).plus((await tron(s)).withdrawFee).toFixed() }))(over);
  }),
];

const moves: Case[] = [
  c('transfer', 'ok', '10 USDT from funds to exchange, funded', async (s) => {
    await s.fund('10');
    return { body: { coin: 'USDT', from: 'funds', to: 'exchange', amount: '10' } };
  }),
  c('transfer', 'unknown_coin', 'a transfer of a coin not listed', async () => ({ body: { coin: NO_COIN, from: 'funds', to: 'exchange', amount: '1' } })),
  c('transfer', 'same_account', 'a transfer from funds to funds', async () => ({ body: { coin: 'USDT', from: 'funds', to: 'funds', amount: '1' } })),
  c('transfer', 'amount_invalid', 'a transfer of 0', async () => ({ body: { coin: 'USDT', from: 'funds', to: 'exchange', amount: '0' } })),
  c('transfer', 'amount_precision', 'a transfer with more decimals than USDT has', async (s) => ({
    body: { coin: 'USDT', from: 'funds', to: 'exchange', amount: tooPrecise('1', await placesOf(s, 'USDT')) },
  })),
  c('transfer', 'insufficient_balance', 'a transfer of 1 USDT out of an empty exchange account', async () => ({
    body: { coin: 'USDT', from: 'exchange', to: 'funds', amount: '1' },
  })),
  c('flashQuote', 'ok', 'a quote of 10 USDT to BTC, funded', async (s) => (await s.fund('10'), { body: { from: 'USDT', to: 'BTC', amount: '10' } })),
  c('flashQuote', 'same_coin', 'a quote of USDT to USDT', async () => ({ body: { from: 'USDT', to: 'USDT', amount: '10' } })),
  c('flashQuote', 'unknown_coin', 'a quote from a coin not listed', async () => ({ body: { from: NO_COIN, to: 'USDT', amount: '10' } })),
  c('flashQuote', 'amount_invalid', 'a quote of 0 USDT', async () => ({ body: { from: 'USDT', to: 'BTC', amount: '0' } })),
  c('flashQuote', 'amount_precision', 'a quote with more decimals than USDT has', async (s) => ({
    body: { from: 'USDT', to: 'BTC', amount: tooPrecise('10', await placesOf(s, 'USDT')) },
  })),
  c('flashQuote', 'amount_too_small', 'a quote of the smallest USDT amount to BTC (nothing to receive)', async (s) => ({
    body: { from: 'USDT', to: 'BTC', amount: new Big(1).div(new Big(10).pow(await placesOf(s, 'USDT'))).toFixed() },
  })),
  c('flashQuote', 'insufficient_balance', 'a quote of 10 USDT with an empty funds account', async () => ({ body: { from: 'USDT', to: 'BTC', amount: '10' } })),
  c('flashExchange', 'ok', 'a fresh quote of 10 USDT to BTC, funded', async (s) => {
    await s.fund('10');
    return { body: { quoteId: (await s.ok('flashQuote', { from: 'USDT', to: 'BTC', amount: '10' })).id } };
  }),
  c('flashExchange', 'quote_expired', 'a quote already executed', async (s) => {
    await s.fund('10');
    const quoteId = (await s.ok('flashQuote', { from: 'USDT', to: 'BTC', amount: '10' })).id;
    await s.ok('flashExchange', { quoteId });
    return { body: { quoteId } };
  }),
  c('flashExchange', 'insufficient_balance', 'a quote whose USDT moved to the exchange account since', async (s) => {
    await s.fund('10');
    const quoteId = (await s.ok('flashQuote', { from: 'USDT', to: 'BTC', amount: '10' })).id;
    await s.ok('transfer', { coin: 'USDT', from: 'funds', to: 'exchange', amount: '10' });
    return { body: { quoteId } };
  }),
];

export const assetsCases: Case[] = [...reading, ...deposits, ...book, ...withdrawals, ...moves];
