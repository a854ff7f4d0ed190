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
import { isBuiltInScenario, World } from '../domain/world.ts';
import { applyWorldControl, isWorldControl } from './control-world.ts';
import { dispatch, type ApiRequest } from './dispatch.ts';

export type Snapshot = components['schemas']['Snapshot'];
type Input = Snapshot['inputs'][number];
type MovesInput = components['schemas']['SnapshotMoves'];
type ApiInput = components['schemas']['SnapshotApiCall'];

/** The snapshot format this server writes and reads. */
export const SNAPSHOT_FORMAT = 1;

/** Why a snapshot cannot be restored (answered as 400 `{error}`). */
export class SnapshotError extends Error {}

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
 * was made at. Returns the world with a recorder holding the same inputs. Throws a SnapshotError.
 */
export function replay(snapshot: Snapshot, contractVersion: string): { world: World; recorder: Recorder } {
  if (snapshot.format !== SNAPSHOT_FORMAT) throw new SnapshotError(`Unknown snapshot format ${snapshot.format} (this server reads format ${SNAPSHOT_FORMAT})`);
  if (snapshot.contractVersion !== contractVersion) {
    throw new SnapshotError(`The snapshot was taken with contract version ${snapshot.contractVersion}; this server has ${contractVersion}`);
  }
  const o = snapshot.world;
  if (!o.file && !isBuiltInScenario(o.scenario)) throw new SnapshotError(`world.scenario ${o.scenario} is not built in and world.file is missing`);
  let world: World;
  try {
    world = new World({ seed: o.seed, scenario: o.scenario, scenarioFile: o.file, freezeClock: o.freezeClock, realNow: o.start });
  } catch (e) {
    throw new SnapshotError(`world: ${(e as Error).message}`);
  }
  if (world.start !== o.start) throw new SnapshotError(`world.start ${o.start} is not a start this world can have (${world.start})`);
  const recorder = new Recorder(world);
  const secrets = new Map<string, string>();
  const reveal = (value: unknown) => mapStrings(value, (s) => (ALIAS.test(s) ? (secrets.get(s) ?? s) : s));
  snapshot.inputs.forEach((input, i) => {
    const where = `inputs/${i}`;
    if (input.kind === 'moves') return replayMoves(world, input, where);
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
  });
  return { world, recorder };
}

function replayMoves(world: World, input: MovesInput, where: string): void {
  const aim = input.aim ?? null;
  try {
    for (const delta of input.deltas) {
      world.market.aimAt(aim);
      world.clock.advance(delta);
    }
  } catch (e) {
    throw new SnapshotError(`${where}: ${(e as Error).message}`);
  } finally {
    world.market.aimAt(null);
  }
}
