/**
 * The mock's fiat market on a fresh start: six merchant stores with sell and buy ads in several
 * currencies and payment methods, and coin in their fiat accounts to sell. How each behaves is part
 * of the seed: most confirm a paid order after P2P_TIMES.confirmMs (Rio after slowConfirmMs), and
 * "Quiet Desk" never does, so appeals can be exercised. Their past orders are counts only.
 */
import Big from 'big.js';
import { DAY } from '../market/candles.ts';
import { type Ledger, SYSTEM } from '../kernel/ledger.ts';
import type { Fiat } from './fiat.ts';
import type { AdSide, PaymentType } from './model.ts';

interface SeedAd {
  side: AdSide;
  coin: string;
  fiat: string;
  price: string;
  quantity: string;
  min: string;
  max: string;
  payments: PaymentType[];
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
      { side: 'sell', coin: 'BTC', fiat: 'USD', price: '63900', quantity: '2', min: '100', max: '20000', payments: ['bank'] },
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
      { side: 'sell', coin: 'USDT', fiat: 'CNY', price: '7.28', quantity: '150000', min: '100', max: '50000', payments: ['alipay', 'wechat', 'bank'] },
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
      { side: 'sell', coin: 'USDT', fiat: 'BRL', price: '5.12', quantity: '60000', min: '50', max: '20000', payments: ['pix'] },
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
    ads: [{ side: 'sell', coin: 'USDT', fiat: 'VND', price: '25480', quantity: '80000', min: '500000', max: '100000000', payments: ['bank'] }],
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

export function seedMerchants(p2p: Fiat, ledger: Ledger, now: number): void {
  STORES.forEach((s, i) => {
    const owner = `merchant:${i + 1}`;
    for (const [coin, amount] of Object.entries(s.holds)) {
      ledger.post(`seed-${owner}-${coin}`, 'deposit', [
        { owner: SYSTEM.external, kind: 'fiat', coin, available: new Big(amount).neg() },
        { owner, kind: 'fiat', coin, available: new Big(amount) },
      ]);
    }
    const store = p2p.openStore(owner, s.name, s.behaviour, s.levels, now - s.daysOld * DAY, s.history);
    for (const ad of s.ads) {
      p2p.publish(store.id, {
        side: ad.side,
        coin: ad.coin,
        fiat: ad.fiat,
        price: new Big(ad.price),
        remaining: new Big(ad.quantity),
        min: new Big(ad.min),
        max: new Big(ad.max),
        payments: ad.payments,
      });
    }
  });
}
