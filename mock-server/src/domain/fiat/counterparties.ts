/**
 * The mock's simulated sides of the fiat market (fiat.ts): a seeded merchant reminds the buyer to
 * pay and releases after its behaviour's delay (or never), pays when it buys; a trader takes a
 * user's new ad a minute after it is published.
 */
import Big from 'big.js';
import { coinInfo } from '../assets/coins.ts';
import { SYSTEM } from '../kernel/ledger.ts';
import type { Fiat } from './fiat.ts';
import type { P2pAction } from './machine.ts';
import { fiatPlaces, P2P_TIMES, type Ad, type Order } from './model.ts';

/** A side the mock plays: a seeded merchant or a trader taking a user's ad. */
export function simulated(id: string): boolean {
  return id.startsWith('merchant:') || id.startsWith('trader:');
}

/** What a simulated side does after `event` on an order. */
export function simulateCounterparty(fiat: Fiat, order: Order, event: P2pAction | 'placed'): void {
  const store = fiat.stores.get(order.storeId)!;
  const later = (ms: number, run: (at: number) => void) => fiat.deps.scheduler.at(fiat.deps.now() + ms, run);
  const sellerSim = simulated(order.seller);
  const buyerSim = simulated(order.buyer);
  if (event === 'placed') {
    if (sellerSim) {
      const params = { amount: order.amount.toFixed(fiatPlaces(order.fiat)), fiat: order.fiat, reference: order.reference };
      fiat.say(order, 'seller', {
        kind: 'pay_reminder',
        params,
        text: `Please pay ${params.amount} ${params.fiat} to the account shown, with the reference ${params.reference}, then mark the order paid.`,
      });
    }
    if (buyerSim)
      later(P2P_TIMES.payMs, (at) => {
        if (order.status !== 'waiting_payment') return;
        fiat.act(order, 'pay', 'buyer', at);
        fiat.say(
          order,
          'buyer',
          { kind: 'paid_note', params: { reference: order.reference }, text: `Paid with reference ${order.reference}. Please check and release.` },
          at,
        );
      });
  }
  if (event === 'pay' && sellerSim && store.behaviour !== 'silent') {
    later(store.behaviour === 'slow' ? P2P_TIMES.slowConfirmMs : P2P_TIMES.confirmMs, (at) => {
      if (order.status !== 'paid') return;
      fiat.say(order, 'seller', { kind: 'releasing', text: 'Payment received, releasing the coins.' }, at);
      fiat.act(order, 'confirm', 'seller', at);
    });
  }
}

/** A simulated trader takes a user's new ad: buys from a sell ad, sells into a buy ad. */
export function simulateTaker(fiat: Fiat, ad: Ad): void {
  const store = fiat.stores.get(ad.storeId)!;
  if (store.behaviour !== 'user') return;
  fiat.deps.scheduler.at(fiat.deps.now() + P2P_TIMES.takeMs, () => {
    if (!ad.online) return;
    const trader = `trader:${ad.id}`;
    const quantity = ad.min.div(ad.price).round(coinInfo(ad.coin).precision, Big.roundUp);
    if (quantity.gt(ad.remaining)) return;
    if (ad.side === 'buy')
      fiat.deps.ledger.post(`seed-${trader}`, 'deposit', [
        { owner: SYSTEM.external, kind: 'fiat', coin: ad.coin, available: quantity.neg() },
        { owner: trader, kind: 'fiat', coin: ad.coin, available: quantity },
      ]);
    try {
      fiat.place(trader, ad.id, { quantity }, ad.payments[0]);
    } catch {
      // The ad changed meanwhile (limits, quantity): no one takes it.
    }
  });
}
