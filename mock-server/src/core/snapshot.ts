/**
 * Snapshots of a whole world as a replayable log (`GET /__mock/snapshot`, `POST /__mock/restore`).
 *
 * The world is a deterministic function of its options (seed, scenario and file, start time, frozen
 * start) and of the inputs applied to it in order: API calls, control calls that change it, and
 * clock moves. Clock moves are kept one by one, as made, with the end of the jump they belonged to
 * (`market.aim()`): the market's path, resting orders reacting between seconds and due work running
 * before the prices move all depend on how time was cut into moves, so a replay makes the very same
 * moves rather than one jump. The only values not derived from the seed are secrets (session
 * tokens, one-time tickets, support guest keys, from the crypto source): they never enter a
 * snapshot; each stands as an alias `$secret:N` given in order of issue, and a replay maps each
 * alias to the secret the replayed world issued in its place. No Node APIs.
 */
import type { components } from '../../../contracts/generated/mock-control.ts';
import { operationTable, type OperationId } from '../../../contracts/generated/operations.ts';
import { applyScenarioFile } from './scenario-file.ts';
import { World } from '../domain/world.ts';
import { isBuiltInScenario } from '../domain/kernel/area.ts';
import { applyWorldControl, isWorldControl } from './control-world.ts';
import { dispatch, type ApiRequest } from './dispatch.ts';

export type Snapshot = components['schemas']['Snapshot'];
type Input = Snapshot['inputs'][number];
type MovesInput = components['schemas']['SnapshotMoves'];
type ApiInput = components['schemas']['SnapshotApiCall'];
type ControlInput = components['schemas']['SnapshotControlCall'];

/** The snapshot format this server writes and reads. */
export const SNAPSHOT_FORMAT = 1;

/** Why a snapshot cannot be restored (answered as 400 `{error, code?}`; 409 for `restore_running`). */
export class SnapshotError extends Error {
  constructor(
    message: string,
    /** `snapshot_too_large`: beyond the restore bounds below; `restore_running`: another restore is not done. */
    readonly code?: 'snapshot_too_large' | 'restore_running',
  ) {
    super(message);
  }
}

// Restore bounds, checked before anything is replayed (`checkBounds`): a replay yields between
// inputs, as a live jump does between slices, but not inside one clock move, and every input is work.

/** Calls a restore replays at most: API calls, control calls and a scenario file's entries (a login hashes a password). */
export const MAX_RESTORE_INPUTS = 20_000;
/**
 * Clock moves a restore replays at most: a day of a running clock (it moves every 200 ms, 432,000
 * times a day). Each costs about 0.2 ms here, a price step (below) about 0.1 ms.
 */
export const MAX_RESTORE_MOVES = 450_000;
/**
 * Price steps the clock moves simulate at most (every symbol's price, a second or a coarser step
 * far from a jump's end, `market.stepsOf`): a day of a running clock is 86,400. With the moves,
 * this keeps the longest restore to a minute or two, none of it holding the event loop.
 */
export const MAX_RESTORE_STEPS = 500_000;
/** Virtual time a restore's clock moves may add up to: five years, five of the longest advances. */
export const MAX_RESTORE_VIRTUAL_MS = 5 * 365 * 86_400_000;
/** The most work one clock move may be, in slices of a live jump: the replay cannot yield inside it. */
export const MAX_RESTORE_MOVE_SLICES = 4;

/** Keys under which an answer hands out a secret, and what such a secret looks like. */
const SECRET_KEY = /token|ticket|key/i;
const SECRET_SHAPE = /^(g_)?[0-9a-f]{32,}$/;
const ALIAS = /^\$secret:\d+$/;

/** The secrets of frozen objects (answers the domain serves again unchanged): they cannot change. */
const frozenSecrets = new WeakMap<object, string[]>();

/** The secrets in an answer, in a fixed walk order (keys in insertion order, depth first). */
function secretsIn(value: unknown, key = '', out: string[] = []): string[] {
  if (typeof value === 'string') {
    // SECRET_SHAPE needs at least 32 characters: most strings stop at the length.
    if (value.length >= 32 && SECRET_KEY.test(key) && SECRET_SHAPE.test(value)) out.push(value);
  } else if (Array.isArray(value)) for (const v of value) secretsIn(v, key, out);
  else if (value && typeof value === 'object') {
    if (!Object.isFrozen(value)) for (const [k, v] of Object.entries(value)) secretsIn(v, k, out);
    else {
      // An object's secrets do not depend on the key it sits under (an array's do).
      let known = frozenSecrets.get(value);
      if (!known) frozenSecrets.set(value, (known = secretsIn({ ...value })));
      out.push(...known);
    }
  }
  return out;
}

/** A copy of `value` with every string replaced by `swap(string)`. */
function mapStrings(value: unknown, swap: (s: string) => string): unknown {
  if (typeof value === 'string') return swap(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, swap));
  if (value && typeof value === 'object') {
    // A copy whose own properties are then replaced (own, even one named __proto__): no entry arrays per call.
    const copy: Record<string, unknown> = { ...value };
    for (const k of Object.keys(copy)) copy[k] = mapStrings(copy[k], swap);
    return copy;
  }
  return value;
}

/** Whether an API call can change the world: anything but a GET, and a GET with a credential (it renews a session). */
export const changesWorld = (req: ApiRequest) => operationTable[req.operationId].method !== 'get' || req.token !== undefined;

/** Keeps the inputs of one world, from its construction on. */
export class Recorder {
  readonly inputs: Input[] = [];
  private readonly aliasOf = new Map<string, string>();
  private issued = 0;
  private last: number;

  constructor(readonly world: World) {
    this.last = world.clock.now();
    world.clock.onMove((now) => this.move(now));
  }

  private move(now: number): void {
    const delta = now - this.last;
    this.last = now;
    if (delta <= 0) return;
    const aim = this.world.market.aim();
    const tail = this.inputs[this.inputs.length - 1];
    if (tail?.kind === 'moves' && (tail.aim ?? null) === aim) tail.deltas.push(delta);
    else this.inputs.push({ kind: 'moves', deltas: [delta], ...(aim === null ? {} : { aim }) });
  }

  private hide(value: unknown): unknown {
    return mapStrings(value, (s) => this.aliasOf.get(s) ?? s);
  }

  /** Records an API call after dispatch answered it (`answer`: the response body). */
  api(req: ApiRequest, at: number, answer: unknown): void {
    if (!changesWorld(req)) return;
    const token = req.token?.replace(/^Bearer\s+/i, '');
    const input: ApiInput = {
      kind: 'api',
      at,
      operationId: req.operationId,
      ...(token === undefined ? {} : { session: this.aliasOf.get(token) ?? null }),
      ...(req.client === undefined ? {} : { client: req.client }),
      query: this.hide(req.query) as Record<string, never>,
      ...(req.body === undefined ? {} : { body: this.hide(req.body) }),
      ...(req.form ? { form: true } : {}),
      ...(req.idempotencyKey === undefined ? {} : { idempotencyKey: req.idempotencyKey }),
    };
    // Every secret of the answer, in walk order (one handed out again keeps its alias).
    const secrets = secretsIn(answer);
    if (secrets.length) {
      input.issued = secrets.map((s) => {
        const known = this.aliasOf.get(s);
        if (known) return known;
        const alias = `$secret:${++this.issued}`;
        this.aliasOf.set(s, alias);
        return alias;
      });
    }
    this.inputs.push(input);
  }

  /** Records a control call that changes the world (WORLD_CONTROLS). */
  control(operationId: string, at: number, body: unknown): void {
    this.inputs.push({ kind: 'control', at, operationId, ...(body === undefined ? {} : { body }) });
  }

  snapshot(contractVersion: string, takenAt: number): Snapshot {
    const w = this.world;
    return {
      format: SNAPSHOT_FORMAT,
      contractVersion,
      takenAt,
      world: { seed: w.seed, scenario: w.scenario, freezeClock: w.startedFrozen, start: w.start, ...(w.scenarioFile ? { file: w.scenarioFile } : {}) },
      clock: { now: w.clock.now(), frozen: w.clock.frozen },
      // A deep copy: the live log keeps growing (its last moves entry too).
      inputs: JSON.parse(JSON.stringify(this.inputs)) as Input[],
    };
  }
}

/**
 * Builds the world of a snapshot (already checked against the contract's Snapshot schema): a fresh
 * world with its options, then every input replayed in order, checked against the virtual time it
 * was made at. Yields after each input and each clock move (a bounded amount of work), so that a
 * host can serve others in between. Returns the world with a recorder holding the same inputs.
 * Throws a SnapshotError (the world it was building is then dropped).
 */
export function* replay(snapshot: Snapshot, contractVersion: string): Generator<void, { world: World; recorder: Recorder }> {
  if (snapshot.format !== SNAPSHOT_FORMAT) throw new SnapshotError(`Unknown snapshot format ${snapshot.format} (this server reads format ${SNAPSHOT_FORMAT})`);
  if (snapshot.contractVersion !== contractVersion) {
    throw new SnapshotError(`The snapshot was taken with contract version ${snapshot.contractVersion}; this server has ${contractVersion}`);
  }
  const o = snapshot.world;
  if (!o.file && !isBuiltInScenario(o.scenario)) throw new SnapshotError(`world.scenario ${o.scenario} is not built in and world.file is missing`);
  let world: World;
  try {
    // The scenario file is applied below, in steps.
    world = new World({ seed: o.seed, scenario: o.scenario, scenarioFile: o.file, freezeClock: o.freezeClock, realNow: o.start });
  } catch (e) {
    throw new SnapshotError(`world: ${(e as Error).message}`);
  }
  if (world.start !== o.start) throw new SnapshotError(`world.start ${o.start} is not a start this world can have (${world.start})`);
  checkBounds(world, snapshot);
  if (o.file) {
    try {
      yield* applyScenarioFile(world, o.file);
    } catch (e) {
      throw new SnapshotError(`world: ${(e as Error).message}`);
    }
  }
  const recorder = new Recorder(world);
  const secrets = new Map<string, string>();
  const reveal = (value: unknown) => mapStrings(value, (s) => (ALIAS.test(s) ? (secrets.get(s) ?? s) : s));
  const replayCall = (input: ApiInput | ControlInput, where: string) => {
    if (input.at !== world.clock.now()) throw new SnapshotError(`${where}: made at ${input.at}, but the replayed clock is at ${world.clock.now()}`);
    if (input.kind === 'control') {
      if (!isWorldControl(input.operationId)) throw new SnapshotError(`${where}: ${input.operationId} is not a control operation a snapshot keeps`);
      recorder.control(input.operationId, input.at, input.body);
      applyWorldControl(world, input.operationId, input.body);
      return;
    }
    if (!(input.operationId in operationTable)) throw new SnapshotError(`${where}: unknown operation ${input.operationId}`);
    const operationId = input.operationId as OperationId;
    const req: ApiRequest = {
      operationId,
      path: operationTable[operationId].path,
      token: input.session === undefined ? undefined : input.session === null ? 'unknown-session' : (secrets.get(input.session) ?? 'unknown-session'),
      ...(input.client === undefined ? {} : { client: input.client }),
      query: reveal(input.query) as Record<string, string>,
      body: reveal(input.body),
      ...(input.form ? { form: true } : {}),
      ...(input.idempotencyKey === undefined ? {} : { idempotencyKey: input.idempotencyKey }),
    };
    const res = dispatch(world, req);
    recorder.api(req, input.at, res.body);
    const fresh = secretsIn(res.body);
    (input.issued ?? []).forEach((alias, n) => {
      if (fresh[n] === undefined) throw new SnapshotError(`${where}: the replayed answer carries fewer secrets than recorded`);
      secrets.set(alias, fresh[n]);
    });
  };
  for (const [i, input] of snapshot.inputs.entries()) {
    if (input.kind === 'moves') yield* replayMoves(world, input, `inputs/${i}`);
    else {
      replayCall(input, `inputs/${i}`);
      yield;
    }
  }
  return { world, recorder };
}

/**
 * Refuses a snapshot beyond the restore bounds before any work (a SnapshotError with code
 * `snapshot_too_large`). The entries of its scenario file count as inputs, and the file's advance
 * as virtual time. After that only clock moves move the replayed clock, so each one's start is known.
 */
function checkBounds(world: World, snapshot: Snapshot): void {
  const file = snapshot.world.file;
  const advance = file?.clock?.advanceMs ?? 0;
  let now = world.clock.now() + advance;
  let calls = 0;
  let steps = 0;
  let time = advance;
  const tooLarge = (message: string) => new SnapshotError(message, 'snapshot_too_large');
  const add = (n: number) => {
    calls += n;
    if (calls > MAX_RESTORE_INPUTS) {
      throw tooLarge(
        `The snapshot has more than ${MAX_RESTORE_INPUTS} inputs to replay (API calls, control calls and a scenario file's entries): a restore replays at most ${MAX_RESTORE_INPUTS}`,
      );
    }
  };
  if (file) {
    add((file.markets?.length ?? 0) + (file.prices?.length ?? 0) + (file.faults?.length ?? 0));
    for (const a of file.accounts ?? []) {
      const balances = Object.values(a.balances ?? {}).reduce((n, coins) => n + Object.keys(coins).length, 0);
      add(1 + balances + (a.deposits?.length ?? 0) + (a.withdrawals?.length ?? 0) + (a.spotOrders?.length ?? 0));
    }
  }
  const tooManyMoves = () =>
    tooLarge(
      `The snapshot's clock moves are more than a restore replays (at most ${MAX_RESTORE_MOVES} moves and ${MAX_RESTORE_STEPS} price steps, about a day of a running clock)`,
    );
  // Counted first, so that a file of millions of moves is refused at once.
  if (snapshot.inputs.reduce((n, input) => n + (input.kind === 'moves' ? input.deltas.length : 0), 0) > MAX_RESTORE_MOVES) throw tooManyMoves();
  for (const [i, input] of snapshot.inputs.entries()) {
    if (input.kind !== 'moves') {
      add(1);
      continue;
    }
    for (const delta of input.deltas) {
      if (slicesOf(world, now, delta, input.aim ?? null) > MAX_RESTORE_MOVE_SLICES) {
        throw tooLarge(
          `inputs/${i}: a clock move of ${delta} ms made in one piece is more work than ${MAX_RESTORE_MOVE_SLICES} slices of a live jump, which a restore does not do at once`,
        );
      }
      steps += world.market.stepsOf(now, now + delta, input.aim ?? null);
      if (steps > MAX_RESTORE_STEPS) throw tooManyMoves();
      now += delta;
      time += delta;
      if (time > MAX_RESTORE_VIRTUAL_MS) {
        throw tooLarge(`The snapshot's clock moves add up to more than ${MAX_RESTORE_VIRTUAL_MS} ms (five years): a restore replays at most that`);
      }
    }
  }
}

/** How many slices of a live jump a clock move of `delta` from `from` is as much work as (counted up to one past the bound). */
function slicesOf(world: World, from: number, delta: number, aim: number | null): number {
  const to = from + delta;
  // The market simulates a move as a jump to the later of its end and its aim (`market.advanceTo`).
  const end = Math.max(aim ?? to, to);
  let slices = 0;
  for (let t = from; t < to && slices <= MAX_RESTORE_MOVE_SLICES; slices++) t = world.market.sliceEnd(t, end);
  return slices;
}

/** The moves of one input, each as made, yielding after each. */
function* replayMoves(world: World, input: MovesInput, where: string): Generator<void> {
  const aim = input.aim ?? null;
  for (const delta of input.deltas) {
    try {
      world.market.aimAt(aim);
      world.clock.advance(delta);
    } catch (e) {
      throw new SnapshotError(`${where}: ${(e as Error).message}`);
    } finally {
      world.market.aimAt(null);
    }
    yield;
  }
}
