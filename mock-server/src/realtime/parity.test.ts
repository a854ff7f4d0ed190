/**
 * The socket.io adapter and the in-page transport of the in-browser mock deliver the same events
 * for the same script: both only move what core/realtime.ts decides.
 */
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../contracts/generated/socket';
import { socketEvents } from '../../../contracts/generated/socket';
import { startTestServer } from '../http/test-server';
import { World } from '../domain/world';
import { DEMO_ACCOUNT } from '../domain/account/seed';
import { inPageTransport } from './in-page';

const SEED = 11;
const TOPICS = ['tickers', 'depth:BTC/USDT', 'trades:ETH/USDT', 'kline:BTC/USDT:1min', 'kline:NOPE/USDT:1min'];
type Received = Array<[string, unknown]>;

interface Client {
  received: Received;
  subscribe(topics: string[]): void;
  unsubscribe(topics: string[]): void;
}

/** The script: subscribe, ticks, a user's transfer, unsubscribe, more ticks, logout, money moving. */
async function script(world: World, connect: (token: string) => Promise<Client>): Promise<Received> {
  const { token, user } = world.accounts.login({ account: DEMO_ACCOUNT.account, password: DEMO_ACCOUNT.password });
  const client = await connect(token);
  const settle = () => new Promise((r) => setTimeout(r, 150));
  client.subscribe(TOPICS);
  await settle();
  for (let i = 0; i < 3; i++) {
    world.clock.advance(1000);
    await settle();
  }
  world.exchange.transfer(user.id, { coin: 'USDT', from: 'funds', to: 'exchange', amount: '25' });
  await settle();
  client.unsubscribe(['tickers', 'trades:ETH/USDT']);
  await settle();
  world.clock.advance(1000);
  await settle();
  world.accounts.logout(token);
  world.wallet.seedBalance(user.id, 'USDT', '1');
  await settle();
  return client.received;
}

let server: Awaited<ReturnType<typeof startTestServer>>;
let base = '';
beforeAll(async () => {
  server = await startTestServer({ seed: SEED, freezeClock: true });
  base = server.base;
});
afterAll(() => server.app.close());

describe('realtime parity', () => {
  it('the socket.io server and the in-page transport deliver the same events in the same order', async () => {
    const sockets: Socket[] = [];
    const overSocket = await script(server.host.world, async (token) => {
      const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(base, { transports: ['websocket'], forceNew: true, auth: { token } });
      sockets.push(socket);
      const received: Received = [];
      socket.onAny((event: string, payload: unknown) => received.push([event, payload]));
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      return {
        received,
        subscribe: (topics) => socket.emit('subscribe', { topics }, () => {}),
        unsubscribe: (topics) => socket.emit('unsubscribe', { topics }, () => {}),
      };
    });
    for (const s of sockets) s.close();

    const world = new World({ seed: SEED, freezeClock: true });
    const inPage = await script(world, async (token) => {
      const transport = inPageTransport(world, () => token);
      const received: Received = [];
      for (const [event, { direction }] of Object.entries(socketEvents)) {
        if (direction === 'serverToClient') transport.onEvent(event as never, (payload: unknown) => received.push([event, payload]));
      }
      return { received, subscribe: transport.subscribe, unsubscribe: transport.unsubscribe };
    });

    // The script produced every kind of event, and the same ones on both sides.
    expect(new Set(overSocket.map(([e]) => e))).toEqual(new Set(['tickers', 'depth', 'trades', 'kline', 'balances', 'record']));
    expect(inPage).toEqual(overSocket);
  });
});
