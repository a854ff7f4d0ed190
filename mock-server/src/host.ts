/**
 * Holds the current world for the adapters, replaces it on reset, and lets its virtual clock
 * follow real time. The only place (with main.ts) that touches timers.
 */
import { World, type WorldEvents, type WorldOptions } from './domain/world.ts';

type Listener<K extends keyof WorldEvents> = (payload: WorldEvents[K]) => void;

export class WorldHost {
  world: World;
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly listeners: { [K in keyof WorldEvents]?: Array<Listener<K>> } = {};
  private unbind: Array<() => void> = [];
  private readonly resetListeners: Array<(world: World) => void> = [];

  constructor(options: WorldOptions = {}) {
    this.world = this.bind(new World({ ...options, realNow: Date.now() }));
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

  /** Called after every reset, with the new world (the old world's sessions are gone). */
  onReset(listener: (world: World) => void): void {
    this.resetListeners.push(listener);
  }

  reset(options: WorldOptions): World {
    this.world = this.bind(new World({ ...options, realNow: Date.now() }));
    for (const l of this.resetListeners) l(this.world);
    return this.world;
  }

  /**
   * Advances the current world's clock by `ms` without holding the event loop: one bounded slice per
   * turn, so requests and sockets are served during a long jump.
   */
  async advance(ms: number): Promise<void> {
    for (const _ of this.world.advanceInSlices(ms)) await new Promise((resolve) => setImmediate(resolve));
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
