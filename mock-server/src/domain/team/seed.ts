/**
 * The demo account's referral team, so the team pages show something on a fresh start: five
 * direct referrals and one of theirs, who joined over the last 75 days, with rebates credited for
 * their past spot fees (real postings into the demo's funds account, dated when they happened).
 * The members' own past trades are not replayed: only their fees' rebates and the time each was
 * last active. They are ordinary accounts (password `Demo1234`) that can log in and trade on.
 */
import Big from 'big.js';
import type { Accounts } from '../account/accounts.ts';
import { DAY } from '../market/candles.ts';
import { coinInfo } from '../assets/coins.ts';
import * as dec from '../kernel/decimals.ts';
import { type Ledger, SYSTEM } from '../kernel/ledger.ts';
import type { Market } from '../market/market.ts';
import { Rng } from '../kernel/random.ts';
import type { Team } from './team.ts';
import { usdtPrice } from '../assets/wallet.ts';

interface Member {
  account: string;
  type: 'email' | 'phone';
  /** Invited by the demo account, or by this member of the list. */
  invitedBy?: string;
  joinedDaysAgo: number;
  /** Spot trades with a fee, spread from joining until `lastTradeDaysAgo`. */
  trades: number;
  lastTradeDaysAgo: number;
}

const MEMBERS: Member[] = [
  { account: 'sam.taylor@example.com', type: 'email', joinedDaysAgo: 75, trades: 4, lastTradeDaysAgo: 41 },
  { account: 'lina.chen@example.com', type: 'email', joinedDaysAgo: 58, trades: 9, lastTradeDaysAgo: 1 },
  { account: '+447700900123', type: 'phone', joinedDaysAgo: 34, trades: 6, lastTradeDaysAgo: 3 },
  { account: 'marco.rossi@example.com', type: 'email', joinedDaysAgo: 21, trades: 5, lastTradeDaysAgo: 2 },
  { account: 'yuki.sato@example.com', type: 'email', invitedBy: 'lina.chen@example.com', joinedDaysAgo: 12, trades: 4, lastTradeDaysAgo: 0.5 },
  { account: 'omar.haddad@example.com', type: 'email', joinedDaysAgo: 2, trades: 0, lastTradeDaysAgo: 0 },
];
const SYMBOLS = ['BTC/USDT', 'ETH/USDT'] as const;
export const DEMO_TEAM_PASSWORD = 'Demo1234';

export function seedDemoTeam(deps: { seed: number; accounts: Accounts; ledger: Ledger; market: Market; team: Team; now: number }, demoId: string): void {
  const { accounts, team, now } = deps;
  const fees: Array<{ memberId: string; at: number; symbol: string; coin: string; amount: Big }> = [];
  for (const m of MEMBERS) {
    const user = accounts.create(m.account, m.type, DEMO_TEAM_PASSWORD);
    const joined = now - m.joinedDaysAgo * DAY;
    user.createdAt = joined - (joined % 60_000);
    user.invitedBy = m.invitedBy ? accounts.idOf(m.invitedBy) : demoId;
    const rng = new Rng(deps.seed, `team-seed:${m.account}`);
    const from = user.createdAt + DAY / 2;
    const to = now - m.lastTradeDaysAgo * DAY;
    for (let i = 0; i < m.trades; i++) {
      const at = i === m.trades - 1 ? to : Math.round(from + ((to - from) * (i + rng.float())) / m.trades);
      const symbol = SYMBOLS[rng.int(0, 1)];
      const usdtFee = new Big((0.5 + rng.float() * 11.5).toFixed(6));
      // One trade in three is a buy, whose fee is in the base coin.
      const base = symbol.split('/')[0];
      const coin = rng.int(0, 2) === 0 ? base : 'USDT';
      const amount = coin === 'USDT' ? usdtFee : dec.round(usdtFee.div(usdtPrice(deps.market, coin)), coinInfo(coin).precision, 'fee');
      fees.push({ memberId: user.id, at: at - (at % 1000), symbol, coin, amount });
    }
  }
  for (const [i, f] of fees.sort((a, b) => a.at - b.at).entries()) {
    // The fee comes into the fee account from the past trade (not replayed), then pays the shares.
    deps.ledger.post(
      `seed-fee-${i}`,
      'fee',
      [
        { owner: SYSTEM.external, kind: 'exchange', coin: f.coin, available: f.amount.neg() },
        { owner: SYSTEM.fees, kind: 'exchange', coin: f.coin, available: f.amount },
      ],
      f.at,
    );
    team.feePaid(f.memberId, { symbol: f.symbol, coin: f.coin, amount: f.amount }, f.at);
  }
}
