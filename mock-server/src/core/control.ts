/** The control API (/__mock/...), shared by every adapter. Plain JSON, no envelope. */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { controlSchemas } from '../../../contracts/generated/control-schemas.ts';
import { controlTable, type ControlOperationId, type ControlOperations } from '../../../contracts/generated/control-operations.ts';
import { ScenarioProblem } from './scenario-file.ts';
import type { World } from '../domain/world.ts';
import type { WorldHost } from '../host.ts';
import { FORBIDDEN_KEYS_MESSAGE, hasForbiddenKey } from './body.ts';
import { applyWorldControl, isWorldControl } from './control-world.ts';
import { clip } from './journal.ts';
import { listScenarios, ScenarioFileError } from './scenario-files.ts';
import { SnapshotError, type Snapshot } from './snapshot.ts';

type Body<K extends ControlOperationId> = ControlOperations[K] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

const ajv = new Ajv2020({ strict: false });
// Query parameters arrive as strings: read them as their schema's types (`since=5` as an integer).
/** The control API's view of a world (MockState). */
export function stateOf(world: World) {
  return {
    seed: world.seed,
    scenario: world.scenario,
    clock: { now: world.clock.now(), frozen: world.clock.frozen },
    symbols: world.market.symbols().length,
    users: world.accounts.count,
  };
}

const ajvQuery = new Ajv2020({ strict: false, coerceTypes: true, useDefaults: true });
const validators = new Map<ControlOperationId, ValidateFunction>();
const queryValidators = new Map<ControlOperationId, ValidateFunction>();

/**
 * Runs the control operation `id` with its JSON `body` and, for operations with query parameters,
 * the decoded `query`; journals the call.
 */
export async function control(
  host: WorldHost,
  id: ControlOperationId,
  body: unknown,
  query: Record<string, unknown> = {},
): Promise<{ status: number; body: unknown }> {
  const started = Date.now();
  const time = host.world.clock.now();
  const res = await run(host, id, body, query);
  if (id !== 'mockJournal') {
    host.journal.add({
      kind: 'control',
      time,
      real: started,
      method: controlTable[id].method.toUpperCase(),
      path: `/__mock${controlTable[id].path}`,
      operationId: id,
      status: res.status,
      durationMs: Date.now() - started,
      // A snapshot's inputs are no reading matter: its size is enough.
      ...(body === undefined ? {} : { body: id === 'mockRestore' ? `[snapshot, ${JSON.stringify(body).length} characters]` : clip(body) }),
    });
  }
  return res;
}

async function run(host: WorldHost, id: ControlOperationId, body: unknown, rawQuery: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
  if (hasForbiddenKey(body) || hasForbiddenKey(rawQuery)) return { status: 400, body: { error: FORBIDDEN_KEYS_MESSAGE } };
  const schema = controlSchemas[id].body;
  if (schema) {
    let validate = validators.get(id);
    if (!validate) validators.set(id, (validate = ajv.compile(schema)));
    if (body !== undefined && !validate(body)) {
      const e = validate.errors?.[0];
      return { status: 400, body: { error: `${e?.instancePath || 'body'} ${e?.message ?? 'is invalid'}` } };
    }
    if (body === undefined && controlSchemas[id].bodyRequired) return { status: 400, body: { error: 'A JSON body is required' } };
  }
  const query: Record<string, unknown> = { ...rawQuery };
  const querySchema = controlSchemas[id].query;
  if (querySchema) {
    let validate = queryValidators.get(id);
    if (!validate) queryValidators.set(id, (validate = ajvQuery.compile(querySchema)));
    if (!validate(query)) {
      const e = validate.errors?.[0];
      return { status: 400, body: { error: `query${(e?.instancePath ?? '').replace(/\//g, '.')} ${e?.message ?? 'is invalid'}` } };
    }
  }
  const world = host.world;
  if (isWorldControl(id)) {
    const res = applyWorldControl(world, id, body);
    if (res.status === 200) host.recorder.control(id, world.clock.now(), body);
    return res;
  }
  switch (id) {
    case 'mockReset': {
      const b = (body ?? {}) as Body<'mockReset'>;
      try {
        // After a jump or restore in progress, not in the middle of it.
        const fresh = await host.serially(() => host.reset({ seed: b.seed, scenario: b.scenario, freezeClock: b.freezeClock }));
        return { status: 200, body: stateOf(fresh) };
      } catch (e) {
        if (e instanceof ScenarioFileError || e instanceof ScenarioProblem) return { status: 400, body: { error: e.message } };
        throw e;
      }
    }
    case 'mockClock': {
      const b = (body ?? {}) as Body<'mockClock'>;
      if (b.freeze !== undefined) world.clock.setFrozen(b.freeze);
      if (!b.freeze) world.clock.follow(Date.now());
      // Long jumps (months for the earn products) run in slices and never hold the event loop long;
      // one at a time, so that concurrent advances add up.
      if (b.advanceMs) await host.advance(b.advanceMs);
      return { status: 200, body: { now: host.world.clock.now(), frozen: host.world.clock.frozen } };
    }
    case 'mockState':
      return { status: 200, body: stateOf(world) };
    case 'mockScenarios':
      return { status: 200, body: { scenarios: listScenarios() } };
    case 'mockSnapshot':
      return { status: 200, body: host.snapshot() };
    case 'mockRestore':
      try {
        return { status: 200, body: stateOf(await host.restore(body as Snapshot)) };
      } catch (e) {
        if (!(e instanceof SnapshotError)) throw e;
        return { status: e.code === 'restore_running' ? 409 : 400, body: { error: e.message, ...(e.code ? { code: e.code } : {}) } };
      }
    case 'mockJournal': {
      const since = (query.since as number | undefined) ?? 0;
      const limit = (query.limit as number | undefined) ?? 1000;
      return { status: 200, body: { last: host.journal.last, entries: host.journal.since(since, limit) } };
    }
  }
}
