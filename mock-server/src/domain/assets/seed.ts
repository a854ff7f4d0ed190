import Big from 'big.js';
import type { Ledger } from '../kernel/ledger.ts';
import type { Wallet } from './wallet.ts';

/** What the demo account holds in its funds account when the world starts (its team's seeded rebates included). */
const DEMO_BALANCES = { USDT: '10000', BTC: '0.5', ETH: '2' } as const;

/** Tops the demo's funds up to DEMO_BALANCES in all (run after the seeds that credit it, such as the team's rebates). */
export function seedDemoBalances(wallet: Wallet, ledger: Ledger, demoId: string): void {
  for (const [coin, amount] of Object.entries(DEMO_BALANCES)) {
    wallet.seedBalance(demoId, coin, new Big(amount).minus(ledger.balance(demoId, 'funds', coin).available).toString());
  }
}
