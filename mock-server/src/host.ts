/**
 * Holds the current world for the adapters, replaces it on reset or restore, and lets its virtual
 * clock follow real time. The only place (with main.ts) that touches timers. Every API call goes
 * through `dispatch` here, so that the world's inputs are recorded (snapshots, core/snapshot.ts) and
 * the request journal (core/journal.ts) sees it.
 */
import { operationTable } from '../../contracts/generated/operations.ts';
import { dispatch, type ApiRequest } from './core/dispatch.ts';
import { clip, Journal, summarize } from './core/journal.ts';
import { route } from './core/realtime.ts';
import { apiContractVersion, resolveScenario } from './core/scenario-files.ts';
import { Recorder, replay, SnapshotError, type Snapshot } from './core/snapshot.ts';
import { buildWorld } from './core/scenario-file.ts';
import type { WorldEvents } from './domain/events.ts';
import type { World, WorldOptions } from './domain/world.ts';

type Listener<K extends keyof WorldEvents> = (payload: WorldEvents[K]) => void;

/** A restore's replay gives the event loop back after this much work in one go (a live jump's slice takes about as long). */
const REPLAY_TURN_MS = 10;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** The largest seed (the control API's seeds are 32-bit). */
const MAX_SEED = 0xffffffff;

/**
 * The server's default seed from the `SEED` setting: that number (0 to 2^32 - 1), reproducible;
 * unset, a fresh random one, so that a demo's prices (and the outcome of a second contract) cannot
 * be computed in advance from a documented seed. Throws on anything else.
 */
export function startSeed(setting: string | undefined): { seed: number; random: boolean } {
  if (setting === undefined || setting === '') return { seed: globalThis.crypto.getRandomValues(new Uint32Array(1))[0], random: true };
  const seed = Number(setting);
  if (!/^\d+$/.test(setting) || seed > MAX_SEED) throw new Error(`SEED must be a whole number from 0 to ${MAX_SEED}, not "${setting}"`);
  return { seed, random: false };
}

export class WorldHost {
  world: World;
  /** The inputs of the current world since it was made (what a snapshot holds). */
  recorder: Recorder;
  /** Requests, control calls and private socket events, across resets. */
  readonly journal = new Journal();
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly listeners: { [K in keyof WorldEvents]?: Array<Listener<K>> } = {};
  private unbind: Array<() => void> = [];
  private readonly resetListeners: Array<(world: World) => void> = [];
  /** The end of the last job queued with `serially`. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Whether a restore is waiting or replaying (one at a time: each holds a snapshot of up to 32 MiB). */
  private restoring = false;
  /** The seed of a world whose reset (or scenario file) gives none: the start options' `defaultSeed`. */
  private readonly defaultSeed: number | undefined;

  /** A scenario that is not built in is read from mock-server/scenarios/ (throws a ScenarioFileError). */
  constructor(options: WorldOptions = {}) {
    this.defaultSeed = options.defaultSeed;
    this.world = this.make(options);
    this.recorder = new Recorder(this.world);
    this.world = this.bind(this.world);
    // The private events a socket client would get, into the journal (public market feeds are left out).
    route({
      world: () => this.world,
      on: (event, listener) => this.on(event, listener),
      rooms: () => [],
      deliver: (d) => {
        if (!d.room.startsWith('user:')) return;
        this.journal.add({ kind: 'event', time: this.world.clock.now(), real: Date.now(), event: d.event, room: d.room, summary: summarize(d.payload) });
      },
    });
  }

  private make(options: WorldOptions): World {
    const resolved = options.scenarioFile ? {} : resolveScenario(options.scenario);
    return buildWorld({ defaultSeed: this.defaultSeed, ...options, ...resolved, realNow: Date.now() });
  }

  private bind(world: World): World {
    for (const off of this.unbind) off();
    this.unbind = (Object.keys(this.listeners) as Array<keyof WorldEvents>).map((event) =>
      world.events.on(event, (payload) => {
        for (const l of this.listeners[event] ?? []) l(payload);
      }),
    );
    world.clock.follow(Date.now());
    return world;
  }

  /** Listens to an event of whichever world is current, across resets. */
  on<K extends keyof WorldEvents>(event: K, listener: Listener<K>): void {
    const list = (this.listeners[event] ??= []) as Array<Listener<K>>;
    list.push(listener);
    this.world = this.bind(this.world);
  }

  /** Called after every reset or restore, with the new world (the old world's sessions are gone). */
  onReset(listener: (world: World) => void): void {
    this.resetListeners.push(listener);
  }

  private install(world: World, recorder: Recorder): World {
    this.recorder = recorder;
    this.world = this.bind(world);
    for (const l of this.resetListeners) l(this.world);
    return this.world;
  }

  /** A fresh world; a scenario that is not built in is read from its file (throws a ScenarioFileError or ScenarioProblem). */
  reset(options: WorldOptions): World {
    const world = this.make(options);
    return this.install(world, new Recorder(world));
  }

  /** One API call against the current world: recorded as an input when it can change the world, and journaled. */
  dispatch(req: ApiRequest): ReturnType<typeof dispatch> {
    const world = this.world;
    const at = world.clock.now();
    const started = performance.now();
    const res = dispatch(world, req);
    if (world === this.world) this.recorder.api(req, at, res.body);
    const envelope = (res.body ?? {}) as { type?: unknown; code?: unknown };
    this.journal.add({
      kind: 'api',
      time: at,
      real: Date.now(),
      method: operationTable[req.operationId].method.toUpperCase(),
      path: `/api${req.path}`,
      operationId: req.operationId,
      status: res.status,
      ...(typeof envelope.type === 'string' ? { type: envelope.type } : {}),
      ...(typeof envelope.code === 'string' ? { code: envelope.code } : {}),
      durationMs: Math.round(performance.now() - started),
      ...(Object.keys(req.query).length ? { query: clip(req.query) } : {}),
      ...(req.body === undefined ? {} : { body: clip(req.body) }),
    });
    return res;
  }

  /** The current world as a snapshot (no secrets in it). */
  snapshot(): Snapshot {
    return this.recorder.snapshot(apiContractVersion(), Date.now());
  }

  /**
   * Runs `job` once every job queued before it has finished: the control API's clock advances,
   * resets and restores, one at a time in the order asked (so concurrent advances add up).
   */
  serially<T>(job: () => T | Promise<T>): Promise<T> {
    const run = this.queue.then(job);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Replaces the world with the one a snapshot was taken of, after the jumps queued before it
   * (rejects with a SnapshotError, leaving the current world, when it cannot). The replay gives the
   * event loop back every REPLAY_TURN_MS, so the current world keeps answering meanwhile. Its clock
   * stands at the snapshot's `now` and, unless the snapshot's clock was frozen, follows real time
   * from there. Every session ends.
   */
  async restore(snapshot: Snapshot): Promise<World> {
    if (this.restoring) throw new SnapshotError('Another restore is in progress: send this one once it has answered', 'restore_running');
    this.restoring = true;
    try {
      return await this.serially(async () => {
        const steps = replay(snapshot, apiContractVersion());
        let turn = performance.now();
        let step = steps.next();
        while (!step.done) {
          if (performance.now() - turn >= REPLAY_TURN_MS) {
            await nextTurn();
            turn = performance.now();
          }
          step = steps.next();
        }
        const { world, recorder } = step.value;
        if (world.clock.now() !== snapshot.clock.now) {
          throw new SnapshotError(`clock.now is ${snapshot.clock.now}, but the replayed clock stands at ${world.clock.now()}`);
        }
        world.clock.setFrozen(snapshot.clock.frozen);
        return this.install(world, recorder);
      });
    } finally {
      this.restoring = false;
    }
  }

  /**
   * Advances the current world's clock by `ms` without holding the event loop: one bounded slice per
   * turn, so requests and sockets are served during a long jump. Queued with `serially`: a jump
   * asked while another runs starts where that one ends.
   */
  advance(ms: number): Promise<void> {
    return this.serially(async () => {
      const world = this.world;
      for (const _ of world.advanceInSlices(ms)) {
        await nextTurn();
        // Replaced meanwhile (a reset outside the queue): this world is gone, and so is its jump.
        if (world !== this.world) return;
      }
    });
  }

  /** Starts letting virtual time follow real time (every 200 ms; the market ticks per second). */
  start(): void {
    this.timer ??= setInterval(() => this.world.clock.follow(Date.now()), 200);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
