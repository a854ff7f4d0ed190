/**
 * The mock backend's world: one deterministic state per (seed, scenario), moved by the virtual
 * clock. Every API operation's behaviour is a method here or in the area modules it composes.
 */
import Big from 'big.js';
import type { components } from '../../../contracts/generated/openapi.ts';
import type { UserBalance } from '../../../contracts/generated/socket.ts';
import { Accounts } from './account/accounts.ts';
import { FROZEN_EPOCH, VirtualClock } from './kernel/clock.ts';
import { Emitter } from './kernel/events.ts';
import { FaultQueue } from './faults.ts';
import { IdempotencyStore } from './idempotency.ts';
import { Identity } from './identity/identity.ts';
import { Market } from './market/market.ts';
import { Payments } from './identity/payments.ts';
import { OwnedIds } from './kernel/random.ts';
import { Scheduler } from './kernel/scheduler.ts';
import { Uploads } from './kernel/uploads.ts';
import { Ledger } from './kernel/ledger.ts';
import { coinAmount } from './assets/coins.ts';
import { Exchange } from './assets/exchange.ts';
import { RecordBook } from './assets/records.ts';
import { Wallet, type WalletDeps, type WalletRecord } from './assets/wallet.ts';
import { Withdrawals } from './assets/withdrawals.ts';
import { Liquidity } from './market/liquidity.ts';
import { Spot, type Order } from './trade/trade.ts';
import { Lever, type LeverAccount, type LeverOrder } from './lever/lever.ts';
import { Second, type SecondOrder } from './second/second.ts';
import { DAY } from './market/candles.ts';
import { Messages, type SystemMessage } from './messages/messages.ts';
import { News } from './news/news.ts';
import { maskAccount, Team, type Rebate } from './team/team.ts';
import { seedDemoTeam } from './team/seed.ts';
import { Support, type SupportMessage } from './support/support.ts';
import { P2p, type ChatMessage as P2pChatMessage, type Order as P2pOrder } from './fiat/fiat.ts';
import { seedMerchants } from './fiat/seed.ts';
import { P2pApi } from './fiat/views.ts';
import { Accruals, type Position as EarnPositionState } from './earn/accrual.ts';
import { Earn } from './earn/earn.ts';
import { LOAN_REVIEW_MS, Loans, type Loan as LoanState } from './loans/loans.ts';
import { Ieo, type IeoSubscriptionState } from './ieo/ieo.ts';
import { applyScenarioFile, type ScenarioFile } from './scenario-file.ts';

type Ticker = components['schemas']['Ticker'];

/** The scenarios built into the world; file scenarios (ScenarioFile) build on one of them. */
export const BUILT_IN_SCENARIOS = ['default', 'empty', 'instant-review', 'earning'] as const;
export type BuiltInScenario = (typeof BUILT_IN_SCENARIOS)[number];
/** A built-in scenario, or the name of a file scenario (given with its parsed file). */
export type Scenario = BuiltInScenario | (string & {});
export const isBuiltInScenario = (name: string): name is BuiltInScenario => (BUILT_IN_SCENARIOS as readonly string[]).includes(name);

/** Review delays on the virtual clock (users are told payment reviews may take up to 60 minutes). */
export const IDENTITY_REVIEW_MS = 60_000;
export const PAYMENT_REVIEW_MS = 120_000;

export interface WorldOptions {
  seed?: number;
  /** The seed when neither `seed` nor the scenario file gives one (`npm start`: a fresh random one). */
  defaultSeed?: number;
  scenario?: Scenario;
  /** The parsed, contract-checked file of a file scenario (`scenario` is then its name). */
  scenarioFile?: ScenarioFile;
  /** Default: the file's `clock.frozen`, else false. */
  freezeClock?: boolean;
  /** Start time when the clock is not frozen (the host's real time). Frozen worlds start at FROZEN_EPOCH. */
  realNow?: number;
  /** Build the file's base only: the caller applies `scenarioFile` itself, step by step (`applyScenarioFile`; a restore). */
  deferScenarioFile?: boolean;
}

export interface WorldEvents extends Record<string, unknown> {
  /** Prices moved: the tickers after the move (about once a virtual second while time runs). */
  tickers: { time: number; tickers: Ticker[] };
  /** A user's balances changed: all of that user's non-empty balances. */
  balances: { userId: string; time: number; balances: UserBalance[] };
  /** A deposit, withdrawal, transfer, recharge or exchange of a user was created or changed. */
  record: { userId: string; record: WalletRecord };
  /** A spot order of a user was placed, filled (partly) or closed. */
  order: { userId: string; order: Order };
  /** A lever order of a user was placed, opened, changed, charged, closed or cancelled. */
  leverOrder: { userId: string; order: LeverOrder };
  /** A user's lever account changed (balance, margin or frozen amounts; not prices alone). */
  leverAccount: { userId: string; account: LeverAccount };
  /** The platform sent a user a system message. */
  systemMessage: { userId: string; message: SystemMessage; unread: number };
  /** A second contract of a user was bought or settled. */
  secondOrder: { userId: string; order: SecondOrder };
  /** A share of a team member's spot fee was credited to a user. */
  rebate: { userId: string; rebate: Rebate };
  /** A message was added to a support conversation (owner: a user id, or a guest's `guest:…`). */
  supportMessage: { userId: string; message: SupportMessage; unread: number };
  /** The support agent started or stopped typing in a conversation. */
  supportTyping: { userId: string; typing: boolean };
  /** The support agent read the owner's messages up to `until`. */
  supportRead: { userId: string; until: number };
  /** A fiat (P2P) order was placed or changed (both sides hear it). */
  p2pOrder: { order: P2pOrder };
  /** A message was added to a fiat order's chat. */
  p2pMessage: { order: P2pOrder; message: P2pChatMessage };
  earnPosition: { position: EarnPositionState };
  loan: { loan: LoanState };
  ieoSubscription: { subscription: IeoSubscriptionState };
  /** New public trades of symbols, once per virtual second. */
  trades: { symbol: string; trades: components['schemas']['Trade'][] };
  /** A session ended (logout, or a password change ended the user's other sessions). */
  sessionEnded: { userId: string; token: string };
}

const DEFAULT_SEED = 20260101;
export const DEMO_ACCOUNT = { account: 'demo@example.com', password: 'Demo1234', inviteCode: 'DEMO01' } as const;
/** What the demo account holds in its funds account when the world starts (its team's seeded rebates included). */
const DEMO_BALANCES = { USDT: '10000', BTC: '0.5', ETH: '2' } as const;

export class World {
  readonly seed: number;
  readonly scenario: Scenario;
  /** The built-in world this one was built as (a file scenario's base). */
  readonly base: BuiltInScenario;
  readonly scenarioFile: ScenarioFile | undefined;
  /** Virtual time the world started at, and whether its clock started frozen (a snapshot's options). */
  readonly start: number;
  readonly startedFrozen: boolean;
  readonly clock: VirtualClock;
  readonly market: Market;
  readonly accounts: Accounts;
  readonly uploads: Uploads;
  readonly identity: Identity;
  readonly payments: Payments;
  readonly ledger: Ledger;
  readonly wallet: Wallet;
  readonly withdrawals: Withdrawals;
  readonly exchange: Exchange;
  readonly liquidity: Liquidity;
  readonly spot: Spot;
  readonly lever: Lever;
  readonly second: Second;
  readonly news: News;
  readonly messages: Messages;
  readonly team: Team;
  readonly support: Support;
  readonly p2p: P2p;
  readonly p2pApi: P2pApi;
  readonly accruals: Accruals;
  readonly earn: Earn;
  readonly loans: Loans;
  readonly ieo: Ieo;
  readonly scheduler = new Scheduler();
  readonly faults = new FaultQueue();
  /** Answers already given per idempotency key (see core/dispatch.ts). */
  readonly idempotency: IdempotencyStore;
  readonly events = new Emitter<WorldEvents>();

  constructor(options: WorldOptions = {}) {
    const file = options.scenarioFile;
    this.scenarioFile = file;
    this.seed = options.seed ?? file?.seed ?? options.defaultSeed ?? DEFAULT_SEED;
    this.scenario = options.scenario ?? 'default';
    if (file) this.base = file.base ?? 'empty';
    else if (isBuiltInScenario(this.scenario)) this.base = this.scenario;
    else throw new Error(`Unknown scenario ${this.scenario} (a file scenario needs its file)`);
    const frozen = options.freezeClock ?? file?.clock?.frozen ?? false;
    const start = frozen || options.realNow === undefined ? FROZEN_EPOCH : options.realNow - (options.realNow % 1000);
    this.start = start;
    this.startedFrozen = frozen;
    this.clock = new VirtualClock(start, frozen);
    this.market = new Market(this.seed, start);
    const now = () => this.clock.now();
    this.idempotency = new IdempotencyStore(now);
    this.accounts = new Accounts(this.seed, now, (userId, token) => this.events.emit('sessionEnded', { userId, token }));
    this.news = new News(this.seed, start, now);
    this.messages = new Messages(this.seed, now, (userId, message, unread) => this.events.emit('systemMessage', { userId, message, unread }));
    this.accounts.onCreated((userId) => this.messages.send(userId, 'welcome'));
    const ids = new OwnedIds(this.seed);
    this.uploads = new Uploads((owner) => ids.next('up', owner), now);
    this.identity = new Identity(this.accounts, this.uploads, this.reviewAfter(IDENTITY_REVIEW_MS), (userId, verified) =>
      this.messages.send(userId, verified ? 'identity_verified' : 'identity_rejected'),
    );
    this.support = new Support({
      seed: this.seed,
      now,
      scheduler: this.scheduler,
      accounts: this.accounts,
      uploads: this.uploads,
      onMessage: (userId, message, unread) => this.events.emit('supportMessage', { userId, message, unread }),
      onTyping: (userId, typing) => this.events.emit('supportTyping', { userId, typing }),
      onRead: (userId, until) => this.events.emit('supportRead', { userId, until }),
    });
    this.payments = new Payments(this.accounts, this.uploads, now, this.reviewAfter(PAYMENT_REVIEW_MS), ids);
    this.ledger = new Ledger(now);
    const money: WalletDeps = {
      seed: this.seed,
      ledger: this.ledger,
      accounts: this.accounts,
      uploads: this.uploads,
      market: this.market,
      scheduler: this.scheduler,
      records: new RecordBook(this.seed, (userId, record) => this.events.emit('record', { userId, record })),
      now,
      review: (delay, decide) => this.reviewAfter(delay)(decide),
    };
    this.wallet = new Wallet(money);
    this.withdrawals = new Withdrawals(money);
    this.accounts.countWithdrawals((userId) => this.withdrawals.withdrawnToday(userId));
    this.exchange = new Exchange(money);
    this.liquidity = new Liquidity(this.seed, this.market);
    this.team = new Team({
      seed: this.seed,
      accounts: this.accounts,
      ledger: this.ledger,
      market: this.market,
      now,
      onRebate: (userId, rebate) => this.events.emit('rebate', { userId, rebate }),
    });
    this.spot = new Spot(
      this.seed,
      this.market,
      this.liquidity,
      this.ledger,
      this.accounts,
      (userId, order) => this.events.emit('order', { userId, order }),
      (userId, fee) => this.team.feePaid(userId, fee),
    );
    this.lever = new Lever({
      seed: this.seed,
      market: this.market,
      ledger: this.ledger,
      accounts: this.accounts,
      onOrder: (userId, order) => this.events.emit('leverOrder', { userId, order }),
      onAccount: (userId, account) => this.events.emit('leverAccount', { userId, account }),
    });
    this.second = new Second({
      seed: this.seed,
      market: this.market,
      ledger: this.ledger,
      accounts: this.accounts,
      isOpen: (symbol) => !this.liquidity.halted.has(symbol),
      onOrder: (userId, order) => this.events.emit('secondOrder', { userId, order }),
    });
    this.p2p = new P2p({
      seed: this.seed,
      now,
      nameOf: (owner) => {
        const user = this.accounts.byId(owner);
        return user ? maskAccount(user.account) : `Trader ${owner.slice(-4)}`;
      },
      ledger: this.ledger,
      scheduler: this.scheduler,
      collections: (userId) => this.payments.collections(userId),
      onOrder: (order) => this.events.emit('p2pOrder', { order }),
      onMessage: (order, message) => this.events.emit('p2pMessage', { order, message }),
      dropImage: (id) => this.uploads.dropChat(id),
    });
    this.p2pApi = new P2pApi(
      this.p2p,
      (userId) => {
        const user = this.accounts.byId(userId);
        return {
          realName: user?.verification === 'verified',
          paymentMethod: this.payments.hasVerified(userId),
          transactionPassword: Boolean(user?.transactionHash),
        };
      },
      (userId) => this.accounts.byId(userId)?.nickname ?? userId,
      this.uploads,
    );
    this.accruals = new Accruals({
      now,
      ledger: this.ledger,
      scheduler: this.scheduler,
      onChange: (position) => this.events.emit('earnPosition', { position }),
    });
    this.earn = new Earn({ seed: this.seed, now, accruals: this.accruals });
    this.ieo = new Ieo({
      seed: this.seed,
      now,
      ledger: this.ledger,
      scheduler: this.scheduler,
      onChange: (subscription) => this.events.emit('ieoSubscription', { subscription }),
    });
    this.loans = new Loans({
      seed: this.seed,
      now,
      ledger: this.ledger,
      scheduler: this.scheduler,
      review: this.reviewAfter(LOAN_REVIEW_MS),
      verified: (userId) => this.accounts.byId(userId)?.verification === 'verified',
      onChange: (loan) => this.events.emit('loan', { loan }),
    });
    this.events.on('record', ({ userId, record }) => this.messages.aboutRecord(userId, record));
    this.events.on('leverOrder', ({ userId, order }) => {
      if (order.status === 'closed' && order.closeReason === 'liquidation') this.messages.send(userId, 'lever_liquidated', { symbol: order.symbol });
    });
    this.ledger.guard((reason, legs) => this.lever.guardTransfer(reason, legs));
    this.ledger.onChange((owners, legs) => {
      for (const userId of owners) this.events.emit('balances', { userId, time: this.clock.now(), balances: this.balancesOf(userId) });
      for (const userId of new Set(legs.filter((l) => l.kind === 'lever' && owners.has(l.owner)).map((l) => l.owner))) this.lever.touched(userId);
    });
    this.clock.onMove((time) => {
      this.scheduler.runDue(time);
      // Second contracts settle at the simulated second of their expiry, before later seconds move the price.
      const due = this.second.nextExpiry();
      if (this.market.advanceTo(time, due !== null && due <= time ? (at) => this.second.settleDue(at) : undefined)) {
        const fresh = this.liquidity.onTick(this.market.symbols());
        this.afterPriceMove();
        for (const [symbol, trades] of fresh) this.events.emit('trades', { symbol, trades });
        this.events.emit('tickers', { time, tickers: this.market.tickers() });
      }
    });
    // Lever overnight fees, at each 00:00 UTC of the virtual clock.
    const overnight = (at: number) => {
      this.lever.chargeOvernight(at);
      this.scheduler.at(at + DAY, overnight);
    };
    this.scheduler.at(start - (start % DAY) + DAY, overnight);
    if (this.base !== 'empty') {
      const demo = this.accounts.create(DEMO_ACCOUNT.account, 'email', DEMO_ACCOUNT.password, DEMO_ACCOUNT.inviteCode);
      seedMerchants(this.p2p, this.ledger, start);
      seedDemoTeam({ seed: this.seed, accounts: this.accounts, ledger: this.ledger, market: this.market, team: this.team, now: start }, demo.id);
      // The demo's funds hold DEMO_BALANCES in all, the team's past rebates included.
      for (const [coin, amount] of Object.entries(DEMO_BALANCES)) {
        this.wallet.seedBalance(demo.id, coin, new Big(amount).minus(this.ledger.balance(demo.id, 'funds', coin).available).toString());
      }
      if (this.base === 'earning') {
        // One position of each kind, opened days ago and paid since (the pages are not empty).
        this.earn.seedPositions(demo.id, start);
        this.scheduler.runDue(start);
      }
    }
    if (file && !options.deferScenarioFile) for (const _ of applyScenarioFile(this, file));
  }

  /**
   * Moves the clock `ms` forward in slices of bounded work (a year of virtual time in about a
   * hundred), yielding between them so an adapter can serve other requests meanwhile. Reviews,
   * confirmations and resting orders run in each slice as they would in real time.
   */
  *advanceInSlices(ms: number): Generator<void> {
    const target = this.clock.now() + Math.max(0, ms);
    this.market.aimAt(target);
    try {
      while (this.clock.now() < target) {
        this.clock.advance(this.market.sliceEnd(this.clock.now(), target) - this.clock.now());
        if (this.clock.now() < target) yield;
      }
    } finally {
      this.market.aimAt(null);
    }
  }

  /** What reacts to a price move: resting spot orders, lever delegations, triggers and liquidations. */
  private afterPriceMove(): void {
    this.spot.matchResting();
    this.lever.onPrices();
  }

  /**
   * Sets a symbol's last price now (the control API's `mockPrice`; `price` checked with
   * `market.priceProblem`), held there with `hold`, lets everything react to it and announces the
   * tickers.
   */
  setPrice(symbol: string, price: string, hold = false): void {
    this.market.setPrice(symbol, price, hold);
    this.afterPriceMove();
    this.events.emit('tickers', { time: this.clock.now(), tickers: this.market.tickers() });
  }

  /** Every non-empty balance of a user, as decimal strings with the coin's precision. */
  balancesOf(userId: string): UserBalance[] {
    return this.ledger
      .holdings(userId)
      .filter((h) => !h.available.eq(0) || !h.frozen.eq(0))
      .map((h) => ({ kind: h.kind, coin: h.coin, available: coinAmount(h.coin, h.available), frozen: coinAmount(h.coin, h.frozen) }));
  }

  /** A review decided `delay` of virtual time from now, or at once in the instant-review scenario. */
  private reviewAfter(delay: number) {
    return (decide: (at: number) => void) => {
      if (this.base === 'instant-review') decide(this.clock.now());
      else this.scheduler.at(this.clock.now() + delay, decide);
    };
  }

  state() {
    return {
      seed: this.seed,
      scenario: this.scenario,
      clock: { now: this.clock.now(), frozen: this.clock.frozen },
      symbols: this.market.symbols().length,
      users: this.accounts.count,
    };
  }
}
