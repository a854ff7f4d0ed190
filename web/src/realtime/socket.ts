/**
 * The realtime client: one socket.io connection to the page's own host (or config.socketHost),
 * typed by the event maps generated from asyncapi.yaml. Topics are reference-counted and re-sent
 * on every (re)connect; the connection is restarted when the page becomes visible or the network
 * comes back. Incoming payloads are checked by the generated `tolerant` validators: a server may
 * add fields and enum values (the app ignores what it does not know), but a payload missing a
 * field the app uses, or with one of the wrong type, is dropped and reported (see `reportDropped`).
 */
import { socketEvents } from '../../../contracts/generated/socket';
import { loadClientValidator } from '../../../contracts/generated/socket-validators-client.js';
import { apiEffects } from '../api/effects';
import type { ConnectionStatus, Payload, RealtimeTransport, ServerEvent } from './transport';

export type { ConnectionStatus, RealtimeTransport };

/** The generated `tolerant` validator of one server event (see the module comment). */
export type Validator = Awaited<ReturnType<(typeof loadClientValidator)[ServerEvent]>>;

/**
 * What the client needs to go live: a transport, and each event's validator, loaded with the
 * event's first listener (each its own chunk: home checks tickers only) or given at once (tests).
 */
export interface Wire {
  transport: () => RealtimeTransport;
  validator: (event: ServerEvent) => Validator | Promise<Validator>;
}

const loadValidator = (event: ServerEvent): Promise<Validator> => loadClientValidator[event]();

/** socket.io (about 13 KB gzip) is not part of the first paint: it loads with the first subscription. */
async function socketIoWire(): Promise<Wire> {
  const { socketIoTransport } = await import('./socketio');
  return { transport: socketIoTransport, validator: loadValidator };
}

type ValidationError = NonNullable<Validator['errors']>[number];

/** The JSON pointer of what failed: for a missing property, the property itself. */
function pointerOf(error: ValidationError | undefined): string {
  if (!error) return '';
  const missing = error.keyword === 'required' ? error.params?.missingProperty : undefined;
  return typeof missing === 'string' ? `${error.instancePath}/${missing.replace(/~/g, '~0').replace(/\//g, '~1')}` : error.instancePath;
}

/**
 * A server event the app cannot use was dropped. In development: console.error with the event,
 * the JSON pointer, the reason and the payload every time, and an on-screen alert once per event
 * and pointer. In production: one console.warn per event and pointer, without the payload (it may
 * hold the user's data).
 */
function reportDropped(reported: Set<string>, event: ServerEvent, error: ValidationError | undefined, payload: unknown): void {
  const pointer = pointerOf(error);
  const what = `[realtime] dropped an invalid ${event} event: ${pointer || '(root)'} ${error?.message ?? 'is invalid'}`;
  const key = `${event} ${pointer}`;
  const first = !reported.has(key);
  reported.add(key);
  if (import.meta.env.DEV) {
    console.error(what, payload);
    if (first) apiEffects().devAlert('Realtime event dropped', `${what} (see the console for the payload)`);
  } else if (first) {
    console.warn(what);
  }
}

type Listener = (payload: never) => void;

/** Exported for tests; the app uses the `realtime` instance below. */
export class Realtime {
  private transport: RealtimeTransport | null = null;
  /** The wire is loading or attached. */
  private started = false;
  private readonly topics = new Map<string, number>();
  private readonly listeners = new Map<ServerEvent, Set<Listener>>();
  private readonly statusListeners = new Set<() => void>();
  private statusValue: ConnectionStatus = 'connecting';
  /** Dropped-event problems already reported (event and JSON pointer), so each alerts once. */
  private readonly reported = new Set<string>();
  /** Each event's validator once loaded, or its loading (the `Wire`'s `validator`). */
  private readonly checks = new Map<ServerEvent, Validator | Promise<Validator>>();
  private validator: Wire['validator'] | null = null;

  /** `wire`: socket.io by default; tests pass one of their own (synchronous, so events flow at once). */
  constructor(private wire: () => Wire | Promise<Wire> = socketIoWire) {}

  /** Replaces the transport (msw mode). Call before the first subscription. */
  useTransport(factory: () => RealtimeTransport): void {
    this.wire = () => ({ transport: factory, validator: loadValidator });
  }

  /** Loads the wire on first use; topics and listeners registered meanwhile are kept and sent on connect. */
  private ensure(): void {
    if (this.started) return;
    this.started = true;
    const wire = this.wire();
    if (!(wire instanceof Promise)) return this.attach(wire);
    wire.then(
      (w) => this.attach(w),
      () => {
        // A chunk that failed to load (offline, or a deploy replaced it): try again when the network is back.
        this.started = false;
        this.setStatus('disconnected');
        window.addEventListener('online', () => this.ensure(), { once: true });
      },
    );
  }

  /** The event's validator, loading it on first use; once loaded it is used synchronously. */
  private check(event: ServerEvent): Validator | Promise<Validator> | undefined {
    if (!this.validator) return undefined;
    let check = this.checks.get(event);
    if (!check) {
      check = this.validator(event);
      this.checks.set(event, check);
      if (check instanceof Promise)
        check.then(
          (loaded) => this.checks.set(event, loaded),
          // Offline or replaced by a deploy: the next event tries again.
          () => this.checks.delete(event),
        );
    }
    return check;
  }

  private deliver(event: ServerEvent, check: Validator, payload: unknown): void {
    if (!check(payload)) return reportDropped(this.reported, event, check.errors?.[0], payload);
    for (const l of this.listeners.get(event) ?? []) (l as (p: unknown) => void)(payload);
  }

  private attach({ transport, validator }: Wire): void {
    this.validator = validator;
    for (const event of this.listeners.keys()) void this.check(event);
    const t = (this.transport = transport());
    t.onStatus((status) => {
      if (status === 'connected' && this.topics.size) t.subscribe([...this.topics.keys()]);
      this.setStatus(status);
    });
    const serverEvents = (Object.keys(socketEvents) as Array<keyof typeof socketEvents>).filter(
      (e): e is ServerEvent => socketEvents[e].direction === 'serverToClient',
    );
    for (const event of serverEvents) {
      t.onEvent(event, (payload) => {
        // No one listens: nothing to check or deliver (and no validator to load).
        if (!this.listeners.get(event)?.size) return;
        const check = this.check(event)!;
        // Events of one kind stay in order: those that came while its validator loaded wait on it,
        // and it is in `checks` before the next socket event (a task, after these microtasks).
        if (check instanceof Promise)
          void check.then(
            (loaded) => this.deliver(event, loaded, payload),
            () => {},
          );
        else this.deliver(event, check, payload);
      });
    }
    const wake = () => {
      if (document.visibilityState === 'visible' && !t.connected()) t.connect();
    };
    document.addEventListener('visibilitychange', wake);
    window.addEventListener('online', () => t.connect());
    t.connect();
  }

  private setStatus(status: ConnectionStatus) {
    if (status === this.statusValue) return;
    this.statusValue = status;
    for (const l of this.statusListeners) l();
  }

  status = (): ConnectionStatus => this.statusValue;

  /**
   * Calls `listener` each time the connection opens (the first time and after every drop). Events
   * without a topic (the user's own) have no snapshot on joining: what the server pushed while the
   * connection was not there is missed, and whoever shows it reads it again.
   */
  onConnect(listener: () => void): () => void {
    return this.onStatusChange(() => {
      if (this.statusValue === 'connected') listener();
    });
  }

  onStatusChange = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  /** After login or logout: reconnect so the server knows who the connection belongs to. */
  reauthenticate(): void {
    this.transport?.reconnect();
  }

  /**
   * Asks again for a joined topic's snapshot (a sequence gap): subscribing to a topic already
   * joined sends its snapshot again. Not connected: the next connect subscribes anyway.
   */
  resync(topic: string): void {
    const t = this.transport;
    if (t && this.topics.has(topic) && t.connected()) t.subscribe([topic]);
  }

  /** Joins a topic until the returned function is called (reference-counted). */
  subscribe(topic: string): () => void {
    this.ensure();
    const count = this.topics.get(topic) ?? 0;
    this.topics.set(topic, count + 1);
    if (count === 0 && this.transport?.connected()) this.transport.subscribe([topic]);
    return () => {
      const n = (this.topics.get(topic) ?? 1) - 1;
      if (n > 0) return void this.topics.set(topic, n);
      this.topics.delete(topic);
      if (this.transport?.connected()) this.transport.unsubscribe([topic]);
    };
  }

  on<E extends ServerEvent>(event: E, listener: (payload: Payload<E>) => void): () => void {
    this.ensure();
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener as Listener);
    void this.check(event);
    return () => set.delete(listener as Listener);
  }
}

export const realtime = new Realtime();
