/**
 * The mock backend's world: one deterministic state per (seed, scenario), moved by the virtual
 * clock. It is its product areas, installed in the order they need each other on one kernel
 * (kernel/area.ts), the reactions between them (reactions.ts) and their demo data.
 */
import type { components } from '../../../contracts/generated/mock-control.ts';
import { install as account } from './account/install.ts';
import { seedDemoAccount } from './account/seed.ts';
import { install as assets } from './assets/install.ts';
import { seedDemoBalances } from './assets/seed.ts';
import { install as earn } from './earn/install.ts';
import { install as fiat } from './fiat/install.ts';
import { seedMerchants } from './fiat/seed.ts';
import { install as identity } from './identity/install.ts';
import { install as ieo } from './ieo/install.ts';
import { createKernel, isBuiltInScenario, type BuiltInScenario, type Kernel, type Scenario } from './kernel/area.ts';
import { install as lever } from './lever/install.ts';
import { install as loans } from './loans/install.ts';
import { install as market } from './market/install.ts';
import { install as messages } from './messages/install.ts';
import { install as news } from './news/install.ts';
import { afterPriceMove, REACTIONS } from './reactions.ts';
import { install as second } from './second/install.ts';
import { install as support } from './support/install.ts';
import { install as team } from './team/install.ts';
import { seedDemoTeam } from './team/seed.ts';
import { install as trade } from './trade/install.ts';

export interface WorldOptions {
  seed?: number;
  /** The seed when neither `seed` nor the scenario file gives one (`npm start`: a fresh random one). */
  defaultSeed?: number;
  scenario?: Scenario;
  /** The parsed, contract-checked file of a file scenario (`scenario` is then its name); core/scenario-file.ts applies it. */
  scenarioFile?: components['schemas']['ScenarioFile'];
  /** Default: the file's `clock.frozen`, else false. */
  freezeClock?: boolean;
  /** Start time when the clock is not frozen (the host's real time). Frozen worlds start at FROZEN_EPOCH. */
  realNow?: number;
}

/** Every area, each built from the kernel and the areas listed before it. */
function installAreas(k: Kernel) {
  const first = { ...market(k), ...account(k), ...messages(k), ...news(k) };
  const people = { ...first, ...identity(k, first), ...support(k, first) };
  const money = { ...people, ...assets(k, people), ...team(k, people), ...trade(k, people), ...lever(k, people), ...second(k, people) };
  return { ...money, ...fiat(k, money), ...earn(k), ...ieo(k, money), ...loans(k, money) };
}

/** Demo data, area by area, on the demo account (not in the `empty` scenario). */
const SEEDS: ReadonlyArray<(w: World, demoId: string) => void> = [
  (w) => seedMerchants(w.fiat, w.ledger, w.start, (coin) => w.market.snapshot(`${coin}/USDT`).last),
  (w, demoId) => seedDemoTeam({ seed: w.seed, accounts: w.accounts, ledger: w.ledger, market: w.market, team: w.team, now: w.start }, demoId),
  (w, demoId) => seedDemoBalances(w.wallet, w.ledger, demoId),
  (w, demoId) => {
    if (w.base !== 'earning') return;
    w.earn.seedPositions(demoId, w.start); // one position of each kind, opened days ago and paid since
    w.scheduler.runDue(w.start);
  },
];

const DEFAULT_SEED = 20260101;

// The kernel and the areas' services, assigned in the constructor.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface World extends Kernel, ReturnType<typeof installAreas> {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class World {
  readonly scenario: Scenario;
  readonly scenarioFile: WorldOptions['scenarioFile'];
  /** Whether the clock started frozen (a snapshot's options). */
  readonly startedFrozen: boolean;

  constructor(options: WorldOptions = {}) {
    const file = options.scenarioFile;
    const seed = options.seed ?? file?.seed ?? options.defaultSeed ?? DEFAULT_SEED;
    this.scenario = options.scenario ?? 'default';
    this.scenarioFile = file;
    let base: BuiltInScenario;
    if (file) base = file.base ?? 'empty';
    else if (isBuiltInScenario(this.scenario)) base = this.scenario;
    else throw new Error(`Unknown scenario ${this.scenario} (a file scenario needs its file)`);
    this.startedFrozen = options.freezeClock ?? file?.clock?.frozen ?? false;
    const kernel = createKernel(seed, base, this.startedFrozen, options.realNow);
    Object.assign(this, kernel, installAreas(kernel));
    for (const reaction of REACTIONS) reaction.wire(this);
    if (base !== 'empty') {
      const demoId = seedDemoAccount(this.accounts);
      for (const seedArea of SEEDS) seedArea(this, demoId);
    }
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

  /** Sets a symbol's last price now (the control API's `mockPrice`, checked with `market.priceProblem`), held with `hold`; everything reacts, the tickers are announced. */
  setPrice(symbol: string, price: string, hold = false): void {
    this.market.setPrice(symbol, price, hold);
    afterPriceMove(this);
    this.events.emit('tickers', { time: this.clock.now(), tickers: this.market.tickers() });
  }
}
