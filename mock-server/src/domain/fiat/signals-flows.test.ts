/**
 * The trust signals through the operations, as the app reads them: each ad's store record,
 * presence, release time and payment window; the market sorted by price or completion rate; an
 * order number on every order; a store named when it opens and renamed, unique among stores.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { WorldHost } from '../../host';
import { asSession } from '../../core/test-client';
import type { World } from '../world';

let world: World;
let token: string | undefined;
const { call, ok } = asSession(
  () => world,
  () => token,
);
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
type Ad = { price: string; payWindowMinutes: number; store: { name: string; online: boolean; completionRate30d?: string; totalOrders: number } };
const ads = (side: 'buy' | 'sell', sort?: 'price' | 'completion', fiat = 'USD'): Ad[] =>
  ok('listP2pAds', undefined, { side, coin: 'USDT', fiat, ...(sort ? { sort } : {}) }).items;

/** The demo user, ready to open a store (instant reviews): verified, a bank account, a transaction password, 1,000 USDT in the fiat account. */
function readyMerchant() {
  const [front, back] = [ok('uploadImage', { image: PNG }).id, ok('uploadImage', { image: PNG }).id];
  ok('submitIdentity', { level: 'primary', realName: 'Alex Morgan', idType: 'id_card', idNumber: 'X1234567', frontImage: front, backImage: back });
  ok('addPaymentMethod', { type: 'bank', country: 'US', realName: 'Alex Morgan', bankName: 'First Bank', accountNumber: '12345678' });
  ok('setTransactionPassword', { password: '482915', confirmPassword: '482915' });
  ok('transfer', { coin: 'USDT', from: 'funds', to: 'fiat', amount: '1000' });
}

beforeEach(() => {
  world = new WorldHost({ seed: 4, freezeClock: true, scenario: 'instant-review' }).world;
  token = undefined;
  token = ok('login', { account: 'demo@example.com', password: 'Demo1234' }).token;
});

describe('the market with trust signals', () => {
  it('each ad carries its store record, presence, release time and payment window; seeded history ages out after 30 days', () => {
    const [quiet, harbor] = ads('buy');
    expect(harbor).toMatchObject({
      payWindowMinutes: 15,
      store: { name: 'Harbor OTC', orders30d: 412, completionRate30d: expect.stringMatching(/^(0\.9\d{3}|1\.0000)$/) },
    });
    expect(harbor.store).toHaveProperty('avgReleaseSeconds');
    expect(typeof quiet.store.online).toBe('boolean');
    // A slower seeded merchant gives buyers longer to pay.
    expect(ads('buy', 'price', 'BRL')[0]).toMatchObject({ payWindowMinutes: 30, store: { name: 'Rio Cripto' } });
    world.clock.advance(31 * 86_400_000);
    const aged = ads('buy')[1].store;
    expect(aged).toMatchObject({ name: 'Harbor OTC', orders30d: 0, totalOrders: 5210 });
    expect(aged).not.toHaveProperty('completionRate30d');
    expect(aged).not.toHaveProperty('avgReleaseSeconds');
  });

  it('sorts by the best price for the side, or by the 30-day completion rate (stores without one last), then price', () => {
    readyMerchant();
    ok('openP2pStore', {});
    ok('publishP2pAd', { side: 'sell', coin: 'USDT', fiat: 'USD', price: '0.99', quantity: '500', min: '20', max: '300', payments: 'bank' });
    const names = (list: Ad[]) => list.map((a) => a.store.name);
    // Buying: the cheapest first; the new store is cheapest, and has no rate yet.
    expect(names(ads('buy'))).toEqual(['demo', 'Quiet Desk', 'Harbor OTC']);
    expect(names(ads('buy', 'price'))).toEqual(['demo', 'Quiet Desk', 'Harbor OTC']);
    const byRate = ads('buy', 'completion');
    expect(names(byRate)).toEqual(['Harbor OTC', 'Quiet Desk', 'demo']);
    expect(Number(byRate[0].store.completionRate30d)).toBeGreaterThan(Number(byRate[1].store.completionRate30d));
    expect(byRate[2].store).toMatchObject({ totalOrders: 0 });
    // Selling: the highest price first.
    expect(ads('sell', 'price', 'TRY').map((a) => a.price)).toEqual(['32.20']);
    expect(call('listP2pAds', undefined, { side: 'buy', coin: 'USDT', fiat: 'USD', sort: 'newest' }).type).not.toBe('ok');
  });

  it('every order has its own order number, the same for both sides and in the list', () => {
    const quiet = ok('listP2pAds', undefined, { side: 'buy', coin: 'USDT', fiat: 'USD' }).items[0];
    const a = ok('placeP2pOrder', { adId: quiet.id, amount: '40' });
    const b = ok('placeP2pOrder', { adId: quiet.id, amount: '40' });
    expect(a.orderNo).toMatch(/^\d{14}$/);
    expect(a.orderNo).not.toBe(b.orderNo);
    expect(ok('getP2pOrder', undefined, { id: a.id }).orderNo).toBe(a.orderNo);
    expect(ok('listP2pOrders', undefined, { status: 'open' }).items.map((o: { orderNo: string }) => o.orderNo)).toEqual([b.orderNo, a.orderNo]);
  });
});

describe('a store name', () => {
  it('is chosen when the store opens (trimmed), refused when another store has it in any case, and shown on the store’s ads', () => {
    readyMerchant();
    expect(call('openP2pStore', { name: 'harbor OTC' })).toMatchObject({ type: 'error', code: 'p2p_store_name_taken' });
    expect(call('openP2pStore', { name: '  \u200b ' })).toMatchObject({ code: 'text_empty' });
    expect(ok('getMyP2pStore').store).toBeUndefined();
    expect(ok('openP2pStore', { name: '  Alex   Desk ' }).store.name).toBe('Alex Desk');
    ok('publishP2pAd', { side: 'sell', coin: 'USDT', fiat: 'USD', price: '1.05', quantity: '500', min: '20', max: '300', payments: 'bank' });
    expect(ads('buy').map((a) => a.store.name)).toContain('Alex Desk');
    // Opening again changes nothing, the name included.
    expect(ok('openP2pStore', { name: 'Other' }).store.name).toBe('Alex Desk');
  });

  it('is renamed by its merchant only, within bounds, unique, and the new name shows on the market and the store’s orders', () => {
    expect(call('renameP2pStore', { name: 'Demo Desk' }).code).toBe('p2p_not_merchant');
    readyMerchant();
    expect(ok('openP2pStore', {}).store.name).toBe('demo');
    expect(call('renameP2pStore', { name: ' x ' })).toMatchObject({ code: 'text_too_short', params: { min: 2 } });
    expect(call('renameP2pStore', { name: 'LOTUS EXCHANGE' }).code).toBe('p2p_store_name_taken');
    expect(ok('renameP2pStore', { name: 'DEMO' }).store.name).toBe('DEMO');
    const store = ok('renameP2pStore', { name: 'Demo Desk' }).store;
    expect(store).toMatchObject({ name: 'Demo Desk', online: true });
    expect(ok('getP2pStore', undefined, { id: store.id }).name).toBe('Demo Desk');
  });
});
