/**
 * The mock backend's world: one deterministic state per (seed, scenario), moved by the virtual
 * clock. Every API operation's behaviour is a method here or in the area modules it composes.
 */
import type { components } from '../../../contracts/generated/openapi.ts';
import { Accounts } from './accounts.ts';
import { FROZEN_EPOCH, VirtualClock } from './clock.ts';
import { Emitter } from './events.ts';
import { FaultQueue } from './faults.ts';
import { Identity } from './identity.ts';
import { Market } from './market.ts';
import { Payments } from './payments.ts';
import { Rng } from './random.ts';
import { Scheduler } from './scheduler.ts';
import { Uploads } from './uploads.ts';

type Ticker = components['schemas']['Ticker'];

export type Scenario = 'default' | 'empty' | 'instant-review';

/** Review delays on the virtual clock (users are told payment reviews may take up to 60 minutes). */
export const IDENTITY_REVIEW_MS = 60_000;
export const PAYMENT_REVIEW_MS = 120_000;

export interface WorldOptions {
  seed?: number;
  scenario?: Scenario;
  freezeClock?: boolean;
  /** Start time when the clock is not frozen (the host's real time). Frozen worlds start at FROZEN_EPOCH. */
  realNow?: number;
}

export interface WorldEvents extends Record<string, unknown> {
  /** Prices moved: the tickers after the move (about once a virtual second while time runs). */
  tickers: { time: number; tickers: Ticker[] };
}

export const DEFAULT_SEED = 20260101;
export const DEMO_ACCOUNT = { account: 'demo@example.com', password: 'Demo1234', inviteCode: 'DEMO01' } as const;

export class World {
  readonly seed: number;
  readonly scenario: Scenario;
  readonly clock: VirtualClock;
  readonly market: Market;
  readonly accounts: Accounts;
  readonly uploads: Uploads;
  readonly identity: Identity;
  readonly payments: Payments;
  readonly scheduler = new Scheduler();
  readonly faults = new FaultQueue();
  readonly events = new Emitter<WorldEvents>();

  constructor(options: WorldOptions = {}) {
    this.seed = options.seed ?? DEFAULT_SEED;
    this.scenario = options.scenario ?? 'default';
    const frozen = options.freezeClock ?? false;
    const start = frozen || options.realNow === undefined ? FROZEN_EPOCH : options.realNow - (options.realNow % 1000);
    this.clock = new VirtualClock(start, frozen);
    this.market = new Market(this.seed, start);
    const now = () => this.clock.now();
    this.accounts = new Accounts(this.seed, now);
    this.uploads = new Uploads((n) => `up_${new Rng(this.seed, `upload:${n}`).hex(10)}`);
    this.identity = new Identity(this.accounts, this.uploads, this.reviewAfter(IDENTITY_REVIEW_MS));
    this.payments = new Payments(this.accounts, this.uploads, now, this.reviewAfter(PAYMENT_REVIEW_MS));
    this.clock.onMove((time) => {
      this.scheduler.runDue(time);
      if (this.market.advanceTo(time)) this.events.emit('tickers', { time, tickers: this.market.tickers() });
    });
    if (this.scenario !== 'empty') {
      this.accounts.create(DEMO_ACCOUNT.account, 'email', DEMO_ACCOUNT.password, DEMO_ACCOUNT.inviteCode);
    }
  }

  /** A review decided `delay` of virtual time from now, or at once in the instant-review scenario. */
  private reviewAfter(delay: number) {
    return (decide: () => void) => {
      if (this.scenario === 'instant-review') decide();
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
