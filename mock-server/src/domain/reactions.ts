/**
 * What one area's event makes another area do, as one table: read a row as "when …, then …".
 * Areas announce (events.ts) and never call each other for these; world.ts wires the table once,
 * after every area is installed and before the demo data is seeded.
 */
import { DAY } from './market/candles.ts';
import { ieoNotices, leverNotices, loanNotices, p2pNotices, recordNotices, spotNotices, type Notice } from './messages/notices.ts';
import type { World } from './world.ts';

interface Reaction {
  when: string;
  then: string;
  wire: (w: World) => void;
}

export const REACTIONS: readonly Reaction[] = [
  {
    when: 'an account is created',
    then: 'it gets the welcome message',
    wire: (w) => w.accounts.onCreated((userId) => w.messages.send(userId, 'welcome')),
  },
  {
    when: 'an identity review is decided',
    then: 'the user gets a system message saying how',
    wire: (w) => w.events.on('identityDecided', ({ userId, verified }) => w.messages.send(userId, verified ? 'identity_verified' : 'identity_rejected')),
  },
  {
    when: "a user's record, resting order, position, P2P order, loan or IEO subscription changes without their action at that moment",
    then: 'they get a system message about it, once per fact (notices.ts), with a link to it',
    wire: (w) => {
      const tell = (userId: string, notices: Notice[]) => notices.forEach((n) => w.messages.notify(userId, n));
      const [spot, lever] = [spotNotices(), leverNotices()];
      w.events.on('record', ({ userId, record }) => tell(userId, recordNotices(record)));
      w.events.on('order', ({ userId, order }) => tell(userId, spot(order)));
      w.events.on('leverOrder', ({ userId, order }) => tell(userId, lever(order)));
      w.events.on('p2pOrder', ({ userId, order }) => tell(userId, p2pNotices(userId, order)));
      w.events.on('loan', ({ userId, loan }) => tell(userId, loanNotices(loan)));
      w.events.on('ieoSubscription', ({ userId, subscription }) => tell(userId, ieoNotices(subscription)));
    },
  },
  {
    when: 'a user pays a spot fee',
    then: 'their inviters are credited their rebates',
    wire: (w) => w.events.on('feePaid', ({ userId, fee }) => w.team.feePaid(userId, fee)),
  },
  {
    when: 'an account shows its withdrawal limit',
    then: 'it counts what the user withdrew in the last 24 hours',
    wire: (w) => w.accounts.countWithdrawals((userId) => w.withdrawals.withdrawnToday(userId)),
  },
  {
    when: 'a posting would move money out of a lever account',
    then: 'lever refuses it if the open positions need that margin',
    wire: (w) => w.ledger.guard((reason, legs) => w.lever.guardTransfer(reason, legs)),
  },
  {
    when: 'a posting changes balances',
    then: 'each owner hears their balances, and lever re-checks the risk of each lever account touched',
    wire: (w) =>
      w.ledger.onChange((owners, legs) => {
        for (const userId of owners) w.events.emit('balances', { userId, time: w.clock.now(), balances: w.wallet.balancesOf(userId) });
        for (const userId of new Set(legs.filter((l) => l.kind === 'lever' && owners.has(l.owner)).map((l) => l.owner))) w.lever.touched(userId);
      }),
  },
  {
    when: 'the clock moves',
    then: 'due work runs, second contracts settle at their expiry second, prices move, and what rests on a price reacts',
    wire: (w) =>
      w.clock.onMove((time) => {
        w.scheduler.runDue(time);
        const due = w.second.nextExpiry();
        if (w.market.advanceTo(time, due !== null && due <= time ? (at) => w.second.settleDue(at) : undefined)) {
          const fresh = w.liquidity.onTick(w.market.symbols());
          afterPriceMove(w);
          for (const [symbol, trades] of fresh) w.events.emit('trades', { symbol, trades });
          w.events.emit('tickers', { time, tickers: w.market.tickers() });
        }
      }),
  },
  {
    when: 'the virtual clock passes 00:00 UTC',
    then: 'lever charges the overnight fee of open positions',
    wire: (w) => {
      const overnight = (at: number) => {
        w.lever.chargeOvernight(at);
        w.scheduler.at(at + DAY, overnight);
      };
      w.scheduler.at(w.start - (w.start % DAY) + DAY, overnight);
    },
  },
];

/** What reacts to a price move (the clock's, or one set through the control API): resting spot orders, then lever delegations, triggers and liquidations. */
export function afterPriceMove(w: World): void {
  w.trade.matchResting();
  w.lever.onPrices();
}
