/**
 * What every product area is installed with: the world's kernel (its seed, clock, scheduler,
 * ledger, uploads, ids and events). Each area's `install(kernel, deps)` (`<area>/install.ts`)
 * builds the area's services from the kernel and the services of the areas it needs; world.ts
 * lists the areas in the order they need each other.
 */
import type { WorldEvents } from '../events.ts';
import { FROZEN_EPOCH, VirtualClock } from './clock.ts';
import { Emitter } from './events.ts';
import { Ledger } from './ledger.ts';
import { OwnedIds } from './random.ts';
import { Scheduler } from './scheduler.ts';
import { Uploads } from './uploads.ts';

/** The scenarios built into the world; file scenarios (ScenarioFile) build on one of them. */
export const BUILT_IN_SCENARIOS = ['default', 'empty', 'instant-review', 'earning'] as const;
export type BuiltInScenario = (typeof BUILT_IN_SCENARIOS)[number];
/** A built-in scenario, or the name of a file scenario (given with its parsed file). */
export type Scenario = BuiltInScenario | (string & {});
export const isBuiltInScenario = (name: string): name is BuiltInScenario => (BUILT_IN_SCENARIOS as readonly string[]).includes(name);

/** Runs `decide` when a review is due, with the virtual time it was decided at. */
export type Review = (decide: (at: number) => void) => void;

export interface Kernel {
  readonly seed: number;
  /** The built-in world being built (a file scenario's base). */
  readonly base: BuiltInScenario;
  /** Virtual time the world started at. */
  readonly start: number;
  readonly clock: VirtualClock;
  readonly now: () => number;
  readonly scheduler: Scheduler;
  readonly ledger: Ledger;
  readonly uploads: Uploads;
  /** Ids owned by a user (uploads, payment methods). */
  readonly ids: OwnedIds;
  readonly events: Emitter<WorldEvents>;
  /** A review decided `delay` of virtual time from now, or at once in the instant-review scenario. */
  reviewAfter(delay: number): Review;
}

/** A kernel starting at the host's `realNow` (to the second), or at FROZEN_EPOCH when frozen or not given. */
export function createKernel(seed: number, base: BuiltInScenario, frozen: boolean, realNow: number | undefined): Kernel {
  const start = frozen || realNow === undefined ? FROZEN_EPOCH : realNow - (realNow % 1000);
  const clock = new VirtualClock(start, frozen);
  const now = () => clock.now();
  const scheduler = new Scheduler();
  const ids = new OwnedIds(seed);
  return {
    seed,
    base,
    start,
    clock,
    now,
    scheduler,
    ledger: new Ledger(now),
    uploads: new Uploads((owner) => ids.next('up', owner), now),
    ids,
    events: new Emitter<WorldEvents>(),
    reviewAfter: (delay) => (decide) => {
      if (base === 'instant-review') decide(now());
      else scheduler.at(now() + delay, decide);
    },
  };
}
