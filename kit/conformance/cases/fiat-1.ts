/**
 * Fiat (P2P) cases, the merchant's side: opening, naming and reading a store, publishing, editing
 * and shelving its ads. Also the setup steps every fiat case shares (fiat-2.ts uses them): a
 * verified user with a bank method, a merchant, its ads, and an ad of someone else's store.
 */
import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import type { OpResult } from '../../../contracts/generated/operations.ts';
import { SetupFailed, type Case, type Setup } from './case.ts';
import { bank, TX_PASSWORD, unknownId, until, verified } from './steps.ts';

/** A store name no other store has (stores are unique by name across the server). */
export const freshName = () => `Cf ${randomUUID().slice(0, 8)}`;

type Ad = OpResult<'listP2pAds'>['items'][number];

/** Verified, with a verified bank account in the same name. */
export async function withBank(s: Setup): Promise<void> {
  await verified(s);
  await s.ok('addPaymentMethod', bank());
  await until(s, 'the payment method review', async () => (await s.ok('listPaymentMethods')).some((m) => m.status === 'verified'));
}

/** Verified, a bank method, and a transaction password: all a store needs. */
export async function trader(s: Setup): Promise<void> {
  await withBank(s);
  await s.ok('setTransactionPassword', { password: TX_PASSWORD, confirmPassword: TX_PASSWORD });
}

/** The user's own open store. */
export async function merchant(s: Setup): Promise<void> {
  await trader(s);
  await s.ok('openP2pStore', { name: freshName() });
}

/**
 * An ad of the user's store. Its terms keep it away from every case's pick of a market ad (`marketAd`):
 * priced where nobody looks first, and smaller than those.
 */
export const BUY_AD = { side: 'buy', coin: 'USDT', fiat: 'USD', price: '0.50', quantity: '500', min: '20', max: '200', payments: 'bank' } as const;
export const SELL_AD = { ...BUY_AD, side: 'sell', price: '1.50' } as const;

/** A merchant with an online buy ad (no coin needed). */
export async function buyAd(s: Setup): Promise<OpResult<'publishP2pAd'>> {
  await merchant(s);
  return s.ok('publishP2pAd', BUY_AD);
}

/** A merchant with an online sell ad, its quantity reserved from the fiat account (funded for exactly that). */
export async function sellAd(s: Setup): Promise<OpResult<'publishP2pAd'>> {
  await merchant(s);
  await s.fund(SELL_AD.quantity, 'fiat');
  return s.ok('publishP2pAd', SELL_AD);
}

/** An amount an ad takes with room on both sides of its limits: twice its minimum, at most its maximum. */
export const amountFor = (ad: Ad) => {
  const twice = new Big(ad.min).times(2);
  return (twice.gt(ad.max) ? new Big(ad.max) : twice).toFixed(2);
};

/**
 * A USDT/USD ad of another store that takes a bank payment and has plenty left: `buy` lists the
 * stores' sell ads (the user buys), `sell` their buy ads.
 */
export async function marketAd(s: Setup, side: 'buy' | 'sell'): Promise<Ad & { amount: string }> {
  const page = await s.ok('listP2pAds', undefined, { side, coin: 'USDT', fiat: 'USD', payment: 'bank', pageSize: '50' });
  const ad = page.items.find((a) => a.payments.includes('bank') && new Big(a.available).gte(1000));
  if (!ad) throw new SetupFailed(`no USDT/USD ${side === 'buy' ? 'sell' : 'buy'} ad with a bank payment and 1000 USDT left on the market`, true);
  return { ...ad, amount: amountFor(ad) };
}

/** Names openP2pStore and renameP2pStore refuse, by code. */
const BAD_NAMES = [
  { code: 'text_invalid_characters', what: 'a name with a control character (BEL)', name: 'Shop\u0007One' },
  { code: 'text_empty', what: 'a name of zero-width spaces only', name: '\u200B\u200B\u200B' },
  { code: 'text_too_long', what: 'a name of 24 characters that NFC makes 48 (U+0958)', name: '\u0958'.repeat(24) },
  { code: 'text_too_short', what: 'a name of one letter between spaces', name: '  D  ' },
];

/** A seeded store's name in other letter case (names are unique ignoring case). */
async function takenName(s: Setup): Promise<string> {
  const name = (await marketAd(s, 'buy')).store.name;
  const swapped = [...name].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
  return swapped === name ? name : swapped;
}

const store: Case[] = [
  {
    op: 'listP2pAds',
    expect: 'ok',
    what: 'the USDT/USD sell ads of the market',
    request: async () => ({ query: { side: 'buy', coin: 'USDT', fiat: 'USD' } }),
  },
  {
    op: 'getP2pStore',
    expect: 'ok',
    what: 'the store of an ad on the market',
    request: async (s) => ({ query: { id: (await marketAd(s, 'buy')).store.id } }),
  },
  {
    op: 'getP2pStore',
    expect: 'not_found',
    what: 'a store id no server gave',
    request: async () => ({ query: { id: unknownId('st') } }),
  },
  {
    op: 'getMyP2pStore',
    expect: 'ok',
    what: 'a new user without a store (the requirements it lacks)',
    request: async () => ({}),
  },
  {
    op: 'openP2pStore',
    expect: 'ok',
    what: 'a verified user with a verified bank method and a transaction password opens a store',
    needs: ['control'],
    request: async (s) => (await trader(s), { body: { name: freshName() } }),
  },
  {
    op: 'openP2pStore',
    expect: 'real_name_required',
    what: 'a new user without real-name verification',
    request: async () => ({ body: { name: freshName() } }),
  },
  {
    op: 'openP2pStore',
    expect: 'p2p_no_payment_method',
    what: 'a verified user without a payment method',
    needs: ['control'],
    request: async (s) => (await verified(s), { body: { name: freshName() } }),
  },
  {
    op: 'openP2pStore',
    expect: 'no_transaction_password',
    what: 'a verified user with a bank method but no transaction password',
    needs: ['control'],
    request: async (s) => (await withBank(s), { body: { name: freshName() } }),
  },
  ...BAD_NAMES.map((n): Case => ({
    op: 'openP2pStore',
    expect: n.code,
    what: `a user meeting every requirement opens a store with ${n.what}`,
    needs: ['control'],
    request: async (s) => (await trader(s), { body: { name: n.name } }),
  })),
  {
    op: 'openP2pStore',
    expect: 'p2p_store_name_taken',
    what: "a user meeting every requirement opens a store with another store's name in other case",
    needs: ['control'],
    request: async (s) => (await trader(s), { body: { name: await takenName(s) } }),
  },
  {
    op: 'renameP2pStore',
    expect: 'ok',
    what: 'a merchant renames its store to a free name',
    needs: ['control'],
    request: async (s) => (await merchant(s), { body: { name: freshName() } }),
  },
  {
    op: 'renameP2pStore',
    expect: 'p2p_not_merchant',
    what: 'a user without a store',
    request: async () => ({ body: { name: freshName() } }),
  },
  ...BAD_NAMES.map((n): Case => ({
    op: 'renameP2pStore',
    expect: n.code,
    what: `a merchant renames its store to ${n.what}`,
    needs: ['control'],
    request: async (s) => (await merchant(s), { body: { name: n.name } }),
  })),
  {
    op: 'renameP2pStore',
    expect: 'p2p_store_name_taken',
    what: "a merchant renames its store to another store's name in other case",
    needs: ['control'],
    request: async (s) => (await merchant(s), { body: { name: await takenName(s) } }),
  },
];

/** publishP2pAd and editP2pAd refuse the same terms: each as a change of the buy ad's terms. */
const BAD_TERMS = [
  { code: 'amount_invalid', what: 'a price of 0', terms: { price: '0' } },
  { code: 'amount_precision', what: 'a USD price with 3 decimals', terms: { price: '0.505' } },
  { code: 'p2p_max_below_min', what: 'a max below the min', terms: { min: '100', max: '50' } },
  { code: 'p2p_min_above_total', what: 'a min above quantity × price (10 × 0.50)', terms: { quantity: '10', min: '20', max: '40' } },
];

type Terms = Partial<Record<'price' | 'quantity' | 'min' | 'max' | 'payments', string>>;

const editOf = (ad: { id: string }, terms: Terms = {}) => {
  const { side: _side, coin: _coin, fiat: _fiat, ...rest } = { ...BUY_AD, ...terms };
  return { id: ad.id, ...rest };
};

const ads: Case[] = [
  {
    op: 'publishP2pAd',
    expect: 'ok',
    what: 'a merchant publishes a USDT/USD buy ad',
    needs: ['control'],
    request: async (s) => (await merchant(s), { body: BUY_AD }),
  },
  {
    op: 'publishP2pAd',
    expect: 'p2p_not_merchant',
    what: 'a user without a store publishes an ad',
    request: async () => ({ body: BUY_AD }),
  },
  ...BAD_TERMS.map((t): Case => ({
    op: 'publishP2pAd',
    expect: t.code,
    what: `a merchant publishes a buy ad with ${t.what}`,
    needs: ['control'],
    request: async (s) => (await merchant(s), { body: { ...BUY_AD, ...t.terms } }),
  })),
  {
    op: 'publishP2pAd',
    expect: 'insufficient_balance',
    what: 'a merchant with an empty fiat account publishes a sell ad of 500 USDT',
    needs: ['control'],
    request: async (s) => (await merchant(s), { body: SELL_AD }),
  },
  {
    op: 'editP2pAd',
    expect: 'ok',
    what: "a merchant changes its buy ad's price",
    needs: ['control'],
    request: async (s) => ({ body: editOf(await buyAd(s), { price: '0.51' }) }),
  },
  {
    op: 'editP2pAd',
    expect: 'p2p_not_merchant',
    what: 'a user without a store edits an ad',
    request: async () => ({ body: editOf({ id: unknownId('ad') }) }),
  },
  {
    op: 'editP2pAd',
    expect: 'not_found',
    what: 'a merchant edits an ad of another store (a market ad)',
    needs: ['control'],
    request: async (s) => (await merchant(s), { body: editOf(await marketAd(s, 'buy')) }),
  },
  ...BAD_TERMS.map((t): Case => ({
    op: 'editP2pAd',
    expect: t.code,
    what: `a merchant edits its buy ad to ${t.what}`,
    needs: ['control'],
    request: async (s) => ({ body: editOf(await buyAd(s), t.terms) }),
  })),
  {
    op: 'editP2pAd',
    expect: 'insufficient_balance',
    what: 'a merchant raises its online sell ad from 500 to 600 USDT with nothing more in the fiat account',
    needs: ['control'],
    request: async (s) => ({ body: editOf(await sellAd(s), { price: SELL_AD.price, quantity: '600' }) }),
  },
  {
    op: 'setP2pAdOnline',
    expect: 'ok',
    what: 'a merchant takes its buy ad off the shelf',
    needs: ['control'],
    request: async (s) => ({ body: { id: (await buyAd(s)).id, online: false } }),
  },
  {
    op: 'setP2pAdOnline',
    expect: 'p2p_not_merchant',
    what: 'a user without a store shelves an ad',
    request: async () => ({ body: { id: unknownId('ad'), online: false } }),
  },
  {
    op: 'setP2pAdOnline',
    expect: 'not_found',
    what: 'a merchant shelves an ad of another store (a market ad)',
    needs: ['control'],
    request: async (s) => (await merchant(s), { body: { id: (await marketAd(s, 'buy')).id, online: false } }),
  },
  {
    op: 'setP2pAdOnline',
    expect: 'insufficient_balance',
    what: 'a merchant puts its sell ad back on the shelf after moving the coin out of the fiat account',
    needs: ['control'],
    async request(s) {
      const ad = await sellAd(s);
      await s.ok('setP2pAdOnline', { id: ad.id, online: false });
      await s.ok('transfer', { coin: 'USDT', from: 'fiat', to: 'funds', amount: SELL_AD.quantity });
      return { body: { id: ad.id, online: true } };
    },
  },
];

export const fiatStoreCases: Case[] = [...store, ...ads];
