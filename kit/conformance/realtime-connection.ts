/** What the realtime checks share: a recording Socket.IO connection over one transport, and schema checks of payloads. */
import { io, type Socket } from 'socket.io-client';
import { socketEvents } from '../../codegen/generators/socket.ts';
import * as validators from '../../contracts/generated/socket-validators.js';
import { socketPath } from '../../contracts/generated/socket.ts';

type Validator = ((data: unknown) => boolean) & { errors?: Array<{ instancePath: string; message?: string }> | null };
const validatorOf = (name: string) => (validators as unknown as Record<string, Validator | undefined>)[name];

export const serverEvents = socketEvents().filter((e) => e.direction === 'serverToClient');
/** The events the contract sends to one user's room, in the contract's order. */
export const privateEventNames = serverEvents.filter((e) => e.room?.startsWith('user:')).map((e) => e.event);
export const privateEvents = new Set(privateEventNames);

/** The app's socket client opens a WebSocket and falls back to long-polling: a server must serve both. */
export type Transport = 'polling' | 'websocket';
export const TRANSPORTS: readonly Transport[] = ['polling', 'websocket'];

export interface Received {
  event: string;
  payload: unknown;
  /** How many times the connection had connected when it arrived (1 before any reconnect). */
  connection: number;
}

/** A connection over exactly one transport (no upgrade) that records every event it receives. */
export class Connection {
  readonly received: Received[] = [];
  readonly socket: Socket;
  private connects = 0;
  constructor(
    url: string,
    readonly transport: Transport,
    token?: string | number,
  ) {
    this.socket = io(url, {
      path: socketPath,
      transports: [transport],
      upgrade: false,
      // The recovery checks reconnect by hand, to change things while the connection is down.
      reconnection: false,
      forceNew: true,
      auth: token === undefined ? {} : { token },
    });
    this.socket.on('connect', () => this.connects++);
    this.socket.onAny((event: string, payload: unknown) => this.received.push({ event, payload, connection: this.connects }));
  }

  get connectCount() {
    return this.connects;
  }

  /** Waits for the next connect; answers what went wrong, or undefined. */
  connected(timeoutMs: number): Promise<string | undefined> {
    return new Promise((resolve) => {
      const done = (why?: string) => {
        clearTimeout(timer);
        this.socket.off('connect', onConnect).off('connect_error', onError);
        resolve(why);
      };
      const onConnect = () => {
        const used = this.socket.io.engine?.transport?.name;
        done(used === this.transport ? undefined : `connected over ${used}, not ${this.transport}`);
      };
      const onError = (e: Error) => done(`connect_error: ${e.message}`);
      const timer = setTimeout(() => done(`no connection within ${timeoutMs} ms`), timeoutMs);
      this.socket.on('connect', onConnect).on('connect_error', onError);
    });
  }

  async ack(event: string, payload: unknown, timeoutMs: number): Promise<unknown> {
    try {
      return await this.socket.timeout(timeoutMs).emitWithAck(event, payload);
    } catch {
      return undefined;
    }
  }

  /** The first event from index `from` on that `match`es, waiting up to `timeoutMs` for it. */
  async next(match: (r: Received) => boolean, timeoutMs: number, from = 0): Promise<Received | undefined> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.slice(from).find(match);
      if (found || Date.now() >= end) return found;
      await sleep(25);
    }
  }

  close() {
    this.socket.close();
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `done()` holds or `ms` passed. */
export async function until(done: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await sleep(25);
}

/** How `payload` breaks the schema of event (or ack) `name`: empty when it holds. */
export function problems(name: string, payload: unknown): string[] {
  const validate = validatorOf(name);
  if (!validate) return [`the contract has no validator for ${name}`];
  if (validate(payload)) return [];
  return (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '(payload)'} ${e.message ?? ''}`);
}

/** A `tickers` or `depth` message's chain fields. */
export type Chained = { type?: string; seq?: number; prevSeq?: number };
export const isSnapshot = (p: unknown) => {
  const m = p as Chained | undefined;
  return m?.type === 'snapshot' && m.prevSeq === m.seq;
};
