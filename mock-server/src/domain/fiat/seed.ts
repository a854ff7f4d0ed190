/**
 * The mock's fiat market on a fresh start: six merchant stores with sell and buy ads in several
 * currencies and payment methods, and coin in their fiat accounts to sell. How each behaves is part
 * of the seed: most confirm a paid order after P2P_TIMES.confirmMs (Rio after slowConfirmMs), and
 * "Quiet Desk" never does, so appeals can be exercised. Their orders before the world started are
 * all-time counts, and those of the last 30 days are seeded one by one (`pastOrders`: when each
 * ended, how, and how fast a sale was released), so their record ages on the clock. An ad of
 * a coin other than USDT is priced at the market (its `premium` over the coin's last price, in the
 * fiat at the settings' rate) and repriced every hour, as real merchants keep theirs near it.
 */
import Big from 'big.js';
import { DAY } from '../market/candles.ts';
import { type Ledger, SYSTEM } from '../kernel/ledger.ts';
import { Rng } from '../kernel/random.ts';
import type { Fiat } from './fiat.ts';
import { FIAT_RATES, fiatPlaces, type Ad, type AdSide, type PastOrder, type PaymentType } from './model.ts';

const HOUR = 3_600_000;

interface SeedAd {
  side: AdSide;
  coin: string;
  fiat: keyof typeof FIAT_RATES;
  /** A fixed price (USDT ads), or the premium over the market (0.004: 0.4 % above it). */
  price: string | { premium: string };
  quantity: string;
  min: string;
  max: string;
  payments: PaymentType[];
  /** Minutes a buyer has to pay (15 unless given). */
  payWindow?: number;
}

const STORES: Array<{
  name: string;
  behaviour: 'prompt' | 'slow' | 'silent';
  daysOld: number;
  history: { total: number; completed: number; last30d: number };
  levels: { mobile: boolean; realName: boolean; advanced: boolean };
  holds: Record<string, string>;
  ads: SeedAd[];
}> = [
  {
    name: 'Harbor OTC',
    behaviour: 'prompt',
    daysOld: 420,
    history: { total: 5210, completed: 5108, last30d: 412 },
    levels: { mobile: true, realName: true, advanced: true },
    holds: { USDT: '500000', BTC: '5' },
    ads: [
      { side: 'sell', coin: 'USDT', fiat: 'USD', price: '1.01', quantity: '200000', min: '50', max: '5000', payments: ['bank', 'pix'] },
      { side: 'sell', coin: 'USDT', fiat: 'EUR', price: '0.93', quantity: '100000', min: '50', max: '3000', payments: ['bank'] },
      { side: 'sell', coin: 'BTC', fiat: 'USD', price: { premium: '0.004' }, quantity: '2', min: '100', max: '20000', payments: ['bank'] },
      { side: 'buy', coin: 'USDT', fiat: 'USD', price: '0.99', quantity: '200000', min: '100', max: '10000', payments: ['bank'] },
    ],
  },
  {
    name: 'Lotus Exchange',
    behaviour: 'prompt',
    daysOld: 260,
    history: { total: 3120, completed: 3011, last30d: 288 },
    levels: { mobile: true, realName: true, advanced: true },
    holds: { USDT: '300000' },
    ads: [
      {
        side: 'sell',
        coin: 'USDT',
        fiat: 'CNY',
        price: '7.28',
        quantity: '150000',
        min: '100',
        max: '50000',
        payments: ['alipay', 'wechat', 'bank'],
        payWindow: 20,
      },
      { side: 'buy', coin: 'USDT', fiat: 'CNY', price: '7.18', quantity: '150000', min: '100', max: '50000', payments: ['alipay', 'wechat'] },
    ],
  },
  {
    name: 'Rio Cripto',
    behaviour: 'slow',
    daysOld: 95,
    history: { total: 640, completed: 602, last30d: 71 },
    levels: { mobile: true, realName: true, advanced: false },
    holds: { USDT: '80000' },
    ads: [
      { side: 'sell', coin: 'USDT', fiat: 'BRL', price: '5.12', quantity: '60000', min: '50', max: '20000', payments: ['pix'], payWindow: 30 },
      { side: 'buy', coin: 'USDT', fiat: 'BRL', price: '5.01', quantity: '60000', min: '50', max: '20000', payments: ['pix', 'bank'] },
    ],
  },
  {
    name: 'Saigon Coin',
    behaviour: 'prompt',
    daysOld: 180,
    history: { total: 1450, completed: 1398, last30d: 120 },
    levels: { mobile: true, realName: true, advanced: false },
    holds: { USDT: '100000' },
    ads: [{ side: 'sell', coin: 'USDT', fiat: 'VND', price: '25480', quantity: '80000', min: '500000', max: '100000000', payments: ['bank'], payWindow: 30 }],
  },
  {
    name: 'Bosphorus Desk',
    behaviour: 'prompt',
    daysOld: 140,
    history: { total: 980, completed: 951, last30d: 96 },
    levels: { mobile: true, realName: true, advanced: true },
    holds: { USDT: '100000' },
    ads: [
      { side: 'sell', coin: 'USDT', fiat: 'TRY', price: '32.6', quantity: '50000', min: '300', max: '150000', payments: ['bank'] },
      { side: 'buy', coin: 'USDT', fiat: 'TRY', price: '32.2', quantity: '50000', min: '300', max: '150000', payments: ['bank'] },
    ],
  },
  {
    name: 'Quiet Desk',
    behaviour: 'silent',
    daysOld: 12,
    history: { total: 41, completed: 30, last30d: 41 },
    levels: { mobile: true, realName: false, advanced: false },
    holds: { USDT: '20000' },
    ads: [{ side: 'sell', coin: 'USDT', fiat: 'USD', price: '1.00', quantity: '15000', min: '20', max: '2000', payments: ['bank'] }],
  },
];

/** How long a merchant of each behaviour takes to release a paid sale: at least, at most (ms). */
const RELEASE_MS = { prompt: [60_000, 4 * 60_000], slow: [6 * 60_000, 15 * 60_000], silent: [20 * 60_000, 45 * 60_000] } as const;

/**
 * A seeded store's orders of the last 30 days (`last30d` of them, within the days it has existed),
 * each from its own seeded generator: completed in the store's all-time proportion, and of the
 * others a third cancelled by the merchant (the rest by buyers, which the record does not count).
 */
function pastOrders(seed: number, owner: string, s: (typeof STORES)[number], now: number): PastOrder[] {
  const span = Math.min(30, s.daysOld) * DAY;
  return Array.from({ length: s.history.last30d }, (_, i) => {
    const rng = new Rng(seed, `p2p-past:${owner}:${i}`);
    const at = now - rng.int(60_000, span - 60_000);
    if (rng.float() < s.history.completed / s.history.total) {
      const [min, max] = RELEASE_MS[s.behaviour];
      return { at, outcome: 'completed', releaseMs: rng.int(min, max) };
    }
    return { at, outcome: rng.float() < 1 / 3 ? 'failed_merchant' : 'failed_other' };
  });
}

/** The seeded stores and their ads; `spot` is a coin's last price in USDT. */
export function seedMerchants(p2p: Fiat, ledger: Ledger, now: number, spot: (coin: string) => Big): void {
  const pegged: Array<{ ad: Ad; fiat: SeedAd['fiat']; premium: Big }> = [];
  const priceAt = (coin: string, fiat: keyof typeof FIAT_RATES, premium: Big) =>
    spot(coin).times(FIAT_RATES[fiat]).times(premium.plus(1)).round(fiatPlaces(fiat), Big.roundHalfUp);
  STORES.forEach((s, i) => {
    const owner = `merchant:${i + 1}`;
    for (const [coin, amount] of Object.entries(s.holds)) {
      ledger.post(`seed-${owner}-${coin}`, 'deposit', [
        { owner: SYSTEM.external, kind: 'fiat', coin, available: new Big(amount).neg() },
        { owner, kind: 'fiat', coin, available: new Big(amount) },
      ]);
    }
    const history = { total: s.history.total, completed: s.history.completed, recent: pastOrders(p2p.deps.seed, owner, s, now) };
    const store = p2p.openStore(owner, s.name, s.behaviour, s.levels, now - s.daysOld * DAY, history);
    for (const ad of s.ads) {
      const premium = typeof ad.price === 'string' ? undefined : new Big(ad.price.premium);
      const published = p2p.publish(store.id, {
        side: ad.side,
        coin: ad.coin,
        fiat: ad.fiat,
        price: premium ? priceAt(ad.coin, ad.fiat, premium) : new Big(ad.price as string),
        remaining: new Big(ad.quantity),
        min: new Big(ad.min),
        max: new Big(ad.max),
        payments: ad.payments,
        ...(ad.payWindow ? { payWindowMs: ad.payWindow * 60_000 } : {}),
      });
      if (premium) pegged.push({ ad: published, fiat: ad.fiat, premium });
    }
  });
  const reprice = (at: number) => {
    for (const { ad, fiat, premium } of pegged) p2p.reprice(ad, priceAt(ad.coin, fiat, premium));
    p2p.deps.scheduler.at(at + HOUR, reprice);
  };
  if (pegged.length) p2p.deps.scheduler.at(now + HOUR, reprice);
}
