/**
 * Fiat (P2P) cases, the trader's side: placing orders on the market's ads, the steps of an order
 * (the other side's through the control API's `p2p/act`) and its chat.
 */
import Big from 'big.js';
import { paymentMethodTypeValues } from '../../../contracts/generated/enums.ts';
import type { OpResult } from '../../../contracts/generated/operations.ts';
import { SetupFailed, type Case, type Setup } from './case.ts';
import { marketAd, sellAd, trader, withBank } from './fiat-1.ts';
import { PNG, TX_PASSWORD, unknownId } from './steps.ts';

type Order = OpResult<'placeP2pOrder'>;

/** The user buys from a store's sell ad on the market (a buyer needs no verification): the order, unpaid. */
async function buying(s: Setup): Promise<Order> {
  const ad = await marketAd(s, 'buy');
  return s.ok('placeP2pOrder', { adId: ad.id, amount: ad.amount, payment: 'bank' });
}

/** The user buys, then cancels: a closed order. */
async function cancelled(s: Setup): Promise<Order> {
  const order = await buying(s);
  await s.ok('actOnP2pOrder', { id: order.id, action: 'cancel' });
  return order;
}

/** Another fresh user's unpaid order: one the user is neither side of. */
async function othersOrder(s: Setup): Promise<Order> {
  return buying(await s.other());
}

/**
 * The user (verified, a bank method, and `password` set or not) sells coin into a store's buy ad
 * from a funded fiat account, and the store marks it paid (control API): the user's to confirm.
 */
async function paidToMe(s: Setup, password: boolean): Promise<Order> {
  await (password ? trader(s) : withBank(s));
  const ad = await marketAd(s, 'sell');
  await s.fund(new Big(ad.amount).div(ad.price).plus(1).round(0, Big.roundUp).toFixed(0), 'fiat');
  const order = await s.ok('placeP2pOrder', { adId: ad.id, amount: ad.amount, payment: 'bank' });
  await s.mock('p2p/act', { id: order.id, action: 'pay', as: 'buyer' });
  return order;
}

const WRONG_PASSWORD = '135792';

const orders: Case[] = [
  {
    op: 'listP2pOrders',
    expect: 'ok',
    what: 'the open orders of a user who just bought',
    request: async (s) => (await buying(s), { query: { status: 'open' } }),
  },
  {
    op: 'placeP2pOrder',
    expect: 'ok',
    what: "a buy from a store's USDT/USD sell ad, paid by bank, within its limits",
    async request(s) {
      const ad = await marketAd(s, 'buy');
      return { body: { adId: ad.id, amount: ad.amount, payment: 'bank' } };
    },
  },
  {
    op: 'placeP2pOrder',
    expect: 'amount_required',
    what: 'an order on a market ad with neither amount nor quantity',
    request: async (s) => ({ body: { adId: (await marketAd(s, 'buy')).id, payment: 'bank' } }),
  },
  {
    op: 'placeP2pOrder',
    expect: 'p2p_ad_unavailable',
    what: 'an order on an ad id no server gave',
    request: async () => ({ body: { adId: unknownId('ad'), amount: '100.00', payment: 'bank' } }),
  },
  {
    op: 'placeP2pOrder',
    expect: 'p2p_own_ad',
    what: "a merchant buys from its own store's sell ad",
    needs: ['control'],
    request: async (s) => ({ body: { adId: (await sellAd(s)).id, amount: '50.00', payment: 'bank' } }),
  },
  {
    op: 'placeP2pOrder',
    expect: 'p2p_buy_restricted',
    what: 'a buy after cancelling three buy orders today',
    async request(s) {
      for (let i = 0; i < 3; i++) await cancelled(s);
      const ad = await marketAd(s, 'buy');
      return { body: { adId: ad.id, amount: ad.amount, payment: 'bank' } };
    },
  },
  {
    op: 'placeP2pOrder',
    expect: 'p2p_too_many_open_orders',
    what: 'a fourth buy while three placed as the buyer are unpaid',
    async request(s) {
      for (let i = 0; i < 3; i++) await buying(s);
      const ad = await marketAd(s, 'buy');
      return { body: { adId: ad.id, amount: ad.amount, payment: 'bank' } };
    },
  },
  {
    op: 'placeP2pOrder',
    expect: 'p2p_out_of_limits',
    what: "a buy of half a market ad's minimum",
    async request(s) {
      const ad = await marketAd(s, 'buy');
      return { body: { adId: ad.id, amount: new Big(ad.min).div(2).toFixed(2), payment: 'bank' } };
    },
  },
  {
    op: 'placeP2pOrder',
    expect: 'p2p_no_payment_method',
    what: "a sale into a store's buy ad by a user without a payment method",
    async request(s) {
      const ad = await marketAd(s, 'sell');
      return { body: { adId: ad.id, amount: ad.amount, payment: 'bank' } };
    },
  },
  {
    op: 'placeP2pOrder',
    expect: 'p2p_payment_unsupported',
    what: 'a buy paid by a method the sell ad does not take',
    async request(s) {
      const ad = await marketAd(s, 'buy');
      const other = paymentMethodTypeValues.find((t) => !ad.payments.includes(t));
      if (!other) throw new SetupFailed('the market ad takes every payment method', true);
      return { body: { adId: ad.id, amount: ad.amount, payment: other } };
    },
  },
  {
    op: 'placeP2pOrder',
    expect: 'insufficient_balance',
    what: "a sale into a store's buy ad by a user with a verified bank method and an empty fiat account",
    needs: ['control'],
    async request(s) {
      await withBank(s);
      const ad = await marketAd(s, 'sell');
      return { body: { adId: ad.id, amount: ad.amount, payment: 'bank' } };
    },
  },
  {
    op: 'getP2pOrder',
    expect: 'ok',
    what: "the user's own unpaid buy order",
    request: async (s) => ({ query: { id: (await buying(s)).id } }),
  },
  {
    op: 'getP2pOrder',
    expect: 'not_found',
    what: "another user's order",
    request: async (s) => ({ query: { id: (await othersOrder(s)).id } }),
  },
];

const steps: Case[] = [
  {
    op: 'actOnP2pOrder',
    expect: 'ok',
    what: 'the buyer marks its unpaid order paid',
    request: async (s) => ({ body: { id: (await buying(s)).id, action: 'pay' } }),
  },
  {
    op: 'actOnP2pOrder',
    expect: 'field_required',
    what: 'confirm without a transaction password',
    request: async (s) => ({ body: { id: (await buying(s)).id, action: 'confirm' } }),
  },
  {
    op: 'actOnP2pOrder',
    expect: 'not_found',
    what: "cancelling another user's order",
    request: async (s) => ({ body: { id: (await othersOrder(s)).id, action: 'cancel' } }),
  },
  {
    op: 'actOnP2pOrder',
    expect: 'p2p_not_your_action',
    what: "the buyer reports its unpaid order's payment missing (the seller's step)",
    request: async (s) => ({ body: { id: (await buying(s)).id, action: 'abnormal' } }),
  },
  {
    op: 'actOnP2pOrder',
    expect: 'p2p_order_closed',
    what: 'the buyer marks a cancelled order paid',
    request: async (s) => ({ body: { id: (await cancelled(s)).id, action: 'pay' } }),
  },
  {
    op: 'actOnP2pOrder',
    expect: 'p2p_wrong_state',
    what: 'the buyer appeals an order not yet paid',
    request: async (s) => ({ body: { id: (await buying(s)).id, action: 'appeal', reason: 'The seller does not answer.' } }),
  },
  {
    op: 'actOnP2pOrder',
    expect: 'no_transaction_password',
    what: 'a seller without a transaction password confirms an order the buyer paid',
    needs: ['control'],
    request: async (s) => ({ body: { id: (await paidToMe(s, false)).id, action: 'confirm', transactionPassword: TX_PASSWORD } }),
  },
  {
    op: 'actOnP2pOrder',
    expect: 'wrong_transaction_password',
    what: 'a seller confirms a paid order with a wrong transaction password',
    needs: ['control'],
    request: async (s) => ({ body: { id: (await paidToMe(s, true)).id, action: 'confirm', transactionPassword: WRONG_PASSWORD } }),
  },
  {
    op: 'actOnP2pOrder',
    expect: 'too_many_attempts',
    what: 'a seller confirms a paid order with the right transaction password after 5 wrong ones',
    needs: ['control'],
    async request(s) {
      const { id } = await paidToMe(s, true);
      for (let i = 0; i < 5; i++) {
        const ex = await s.send('actOnP2pOrder', { body: { id, action: 'confirm', transactionPassword: WRONG_PASSWORD } });
        const code = (ex.body as { code?: string } | undefined)?.code;
        if (code !== 'wrong_transaction_password') throw new SetupFailed(`wrong transaction password ${i + 1} answered ${code ?? ex.status}`);
      }
      return { body: { id, action: 'confirm', transactionPassword: TX_PASSWORD } };
    },
    // The limit is the user's (15 minutes); moved past all the same, as every case with wrong attempts does.
    cleanup: (s) => s.advance(16 * 60_000),
  },
];

const chat: Case[] = [
  {
    op: 'listP2pMessages',
    expect: 'ok',
    what: "the chat of the user's own unpaid order",
    request: async (s) => ({ query: { id: (await buying(s)).id } }),
  },
  {
    op: 'listP2pMessages',
    expect: 'not_found',
    what: "the chat of another user's order",
    request: async (s) => ({ query: { id: (await othersOrder(s)).id } }),
  },
  {
    op: 'sendP2pMessage',
    expect: 'ok',
    what: "a text in the chat of the user's own unpaid order",
    request: async (s) => ({ body: { id: (await buying(s)).id, text: 'Paying now by bank transfer.' } }),
  },
  {
    op: 'sendP2pMessage',
    expect: 'not_found',
    what: "a text in the chat of another user's order",
    request: async (s) => ({ body: { id: (await othersOrder(s)).id, text: 'Hello?' } }),
  },
  {
    op: 'sendP2pMessage',
    expect: 'field_required',
    what: 'a text of spaces only and no image',
    request: async (s) => ({ body: { id: (await buying(s)).id, text: '   ' } }),
  },
  {
    op: 'sendP2pMessage',
    expect: 'p2p_order_closed',
    what: 'a text in the chat of a cancelled order',
    request: async (s) => ({ body: { id: (await cancelled(s)).id, text: 'Sorry, cancelled by mistake.' } }),
  },
  {
    op: 'sendP2pMessage',
    expect: 'too_many_attempts',
    what: 'a 21st text by the buyer within a minute',
    async request(s) {
      const { id } = await buying(s);
      for (let i = 1; i <= 20; i++) await s.ok('sendP2pMessage', { id, text: `Message ${i}` });
      return { body: { id, text: 'Message 21' } };
    },
  },
  {
    op: 'sendP2pMessage',
    expect: 'upload_missing',
    what: 'an image id no upload has',
    request: async (s) => ({ body: { id: (await buying(s)).id, image: unknownId('up') } }),
  },
  {
    op: 'sendP2pMessage',
    expect: 'upload_expired',
    what: 'an image uploaded 61 minutes ago and never used',
    needs: ['control'],
    async request(s) {
      const upload = await s.ok('uploadImage', { image: PNG });
      await s.advance(61 * 60_000);
      return { body: { id: (await buying(s)).id, image: upload.id } };
    },
  },
];

export const fiatOrderCases: Case[] = [...orders, ...steps, ...chat];
