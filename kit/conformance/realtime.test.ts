/**
 * The realtime phase catches what it is for: private events a server sends over WebSocket but not
 * over long-polling, a private event (not only balances) reaching another user, and a resubscription
 * after a reconnect whose first message is not a snapshot. The faults are planted in this project's
 * mock, which otherwise passes the phase, twice in a row on one server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { runConformance } from './runner';
import type { Result } from './results';
import { startMock, stopMocks, type MockServer } from './test-mock';

type Io = MockServer['io'];
afterEach(stopMocks);

/** The mock with its clock running (as `--mock`), after `plant` changed its socket.io server: the kit's options for it. */
const plantedMock = async (plant: (io: Io) => void = () => {}) => (await startMock((server) => plant(server.io), { clock: true })).options;

type Target = Awaited<ReturnType<typeof plantedMock>>;
const run = (target: Target) => runConformance({ ...target, only: ['realtime'], listenMs: 1500, timeoutMs: 3000 });
const find = (results: Result[], group: string, check: string) => results.find((r) => r.group === group && r.check === check);

/** A server-side socket, as the plants use it (socket.io's typed emit does not take a payload of `unknown`). */
interface Sock {
  emit(event: string, payload: unknown): unknown;
  conn: { transport: { name: string } };
  rooms: Set<string>;
}
const sockets = (io: Io) => [...io.of('/').sockets.values()] as unknown as Array<Sock & { id: string }>;

/** Sends what the mock sends to one user's room through `deliver(socket, event, payload)` for each socket of the room instead. */
function rerouteUserRooms(io: Io, deliver: (socket: Sock, event: string, payload: unknown) => void) {
  const to = io.to.bind(io);
  io.to = ((room: string) => {
    if (!room.startsWith('user:')) return to(room);
    return {
      emit: (event: string, payload: unknown) => {
        for (const socket of sockets(io)) if (socket.rooms.has(room)) deliver(socket, event, payload);
        return true;
      },
    };
  }) as never;
}

describe('the realtime phase', () => {
  it('passes the mock as it is, twice in a row on one server, over both transports', async () => {
    const target = await plantedMock();
    for (const results of [await run(target), await run(target)]) {
      expect(results.filter((r) => r.status === 'fail')).toEqual([]);
      for (const transport of ['polling', 'websocket']) {
        expect(find(results, 'realtime order', `[${transport}] the user hears it after placing and cancelling a resting limit order`)?.status).toBe('pass');
        expect(find(results, 'realtime recovery', `[${transport}] after a forced disconnect, a reconnect with the same token is accepted`)?.status).toBe(
          'pass',
        );
      }
      // Events the run cannot cause without changing the account for good are skips that say why.
      expect(find(results, 'realtime secondOrder', 'its user hears it')).toMatchObject({ status: 'skip', detail: expect.stringMatching(/stakes money/) });
    }
  }, 30_000);

  it('reports private events that reach WebSocket connections but not long-polling ones', async () => {
    const target = await plantedMock((io) =>
      rerouteUserRooms(io, (socket, event, payload) => {
        if (socket.conn.transport.name === 'websocket') socket.emit(event, payload);
      }),
    );
    const results = await run(target);
    for (const event of ['balances', 'order', 'leverOrder', 'supportMessage']) {
      const heard = results.filter((r) => r.group === `realtime ${event}` && r.check.includes('hears it after'));
      expect(heard.find((r) => r.check.startsWith('[polling]'))).toMatchObject({
        status: 'fail',
        detail: expect.stringMatching(new RegExp(`^no ${event} event`)),
      });
      expect(heard.find((r) => r.check.startsWith('[websocket]'))?.status).toBe('pass');
    }
    expect(find(results, 'realtime recovery', "[polling] the reconnected connection hears the user's private events")?.status).toBe('fail');
  }, 20_000);

  it('reports an order event that reaches another logged-in user', async () => {
    const target = await plantedMock((io) =>
      rerouteUserRooms(io, (socket, event, payload) => {
        if (event !== 'order') return void socket.emit(event, payload);
        // Every logged-in connection, not only the owner's.
        for (const s of sockets(io)) if ([...s.rooms].some((r) => r.startsWith('user:'))) s.emit(event, payload);
      }),
    );
    const results = await run(target);
    const leak = find(results, 'realtime order', 'never reaches an anonymous connection or another user');
    expect(leak).toMatchObject({
      status: 'fail',
      detail: expect.stringMatching(/^the second user \[polling\] received \d+; the second user \[websocket\] received \d+$/),
    });
    expect(find(results, 'realtime private events', 'another user hears no private event of the user')).toMatchObject({
      status: 'fail',
      detail: 'received order',
    });
    expect(find(results, 'realtime private events', 'an anonymous connection hears no private event')?.status).toBe('pass');
    expect(find(results, 'realtime balances', 'never reaches an anonymous connection or another user')?.status).toBe('pass');
  }, 20_000);

  it('reports a resubscription after a reconnect whose first message is not a snapshot', async () => {
    const target = await plantedMock((io) => {
      // A server that sends a reconnecting user's topics without their snapshots.
      const gone = new Set<unknown>();
      io.on('connection', (socket) => {
        const token = (socket.handshake.auth as { token?: unknown }).token;
        socket.on('disconnect', () => gone.add(token));
        if (token === undefined || !gone.has(token)) return;
        const plain = socket as unknown as Sock;
        const emit = plain.emit.bind(plain);
        plain.emit = (event, payload) => ((payload as { type?: string } | undefined)?.type === 'snapshot' ? true : emit(event, payload));
      });
    });
    const results = await run(target);
    for (const transport of ['polling', 'websocket']) {
      expect(find(results, 'realtime recovery', `[${transport}] after subscribing again, the first tickers message is a snapshot`)).toMatchObject({
        status: 'fail',
        detail: expect.stringMatching(/^the first tickers message is \{"type":"update"/),
      });
    }
    expect(find(results, 'realtime snapshots', '[websocket] tickers sends its snapshot first')?.status).toBe('pass');
  }, 20_000);
});
