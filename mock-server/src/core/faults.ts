/** Faults injected through the control API: the next matching API calls answer with them. */
import type { components } from '../../../contracts/generated/mock-control.ts';
import type { World } from '../domain/world.ts';

type FaultRequest = components['schemas']['FaultRequest'];
type Fault = components['schemas']['Fault'];

export class FaultQueue {
  private faults: Fault[] = [];

  add(req: FaultRequest): Fault[] {
    this.faults.push({
      ...(req.operationId ? { operationId: req.operationId } : {}),
      ...(req.path ? { path: req.path } : {}),
      kind: req.kind,
      ...(req.message ? { message: req.message } : {}),
      remaining: req.times ?? 1,
      delayMs: req.delayMs ?? 0,
    });
    return this.list();
  }

  list(): Fault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  clear(): void {
    this.faults = [];
  }

  /**
   * Takes one use of the first fault matching this call, if any. `path` is the path after the
   * API base (`/market/tickers`); a fault's path may be given with or without the `/api` base.
   */
  take(operationId: string, path: string): Fault | null {
    if (this.faults.length === 0) return null;
    const matches = (f: Fault) => (f.operationId ? f.operationId === operationId : f.path ? path.startsWith(f.path) || `/api${path}`.startsWith(f.path) : true);
    const fault = this.faults.find(matches);
    if (!fault) return null;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== fault);
    return { ...fault };
  }
}

const queues = new WeakMap<World, FaultQueue>();

/** The faults injected into a world (a reset or restore starts with none). */
export function faultsOf(world: World): FaultQueue {
  let queue = queues.get(world);
  if (!queue) queues.set(world, (queue = new FaultQueue()));
  return queue;
}
