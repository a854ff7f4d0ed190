/**
 * The handshake: a connection is never refused for its token. A live session's connection gets
 * the user's private events while that session lives; any other token connects as anonymous.
 */
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../contracts/generated/socket';
import { startTestServer } from '../http/test-server';
import { DEMO_ACCOUNT } from '../domain/account/seed';

let app: Awaited<ReturnType<typeof startTestServer>>['app'];
let host: Awaited<ReturnType<typeof startTestServer>>['host'];
let base = '';

beforeAll(async () => {
  ({ app, host, base } = await startTestServer({ seed: 3, freezeClock: true }));
});
afterAll(() => app.close());
beforeEach(() => {
  host.reset({ seed: 3, freezeClock: true });
});

const login = () => host.world.accounts.login({ account: DEMO_ACCOUNT.account, password: DEMO_ACCOUNT.password });

/** A socket of `token` (or of any handshake `auth`, `null` for none) counting the balance and ticker events it receives. */
async function connect(token: string, auth: object | null = { token }) {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(base, { transports: ['websocket'], forceNew: true, ...(auth ? { auth } : {}) });
  const balances: unknown[] = [];
  const tickers: unknown[] = [];
  socket.on('balances', (e) => balances.push(e));
  socket.on('tickers', (e) => tickers.push(e));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  // A round trip, so the server has handled the connection before the test moves money.
  const ack = await socket.emitWithAck('subscribe', { topics: ['tickers'] });
  return { socket, balances, tickers, ack };
}

/** Moves money of the demo user (a ledger posting emits `balances`) and waits for delivery. */
async function credit(userId: string) {
  host.world.wallet.seedBalance(userId, 'USDT', '1');
  await new Promise((r) => setTimeout(r, 150));
}

describe('private events follow the session', () => {
  it('stop after logout', async () => {
    const { token, user } = login();
    const { socket, balances } = await connect(token);
    try {
      await credit(user.id);
      expect(balances).toHaveLength(1);
      host.world.accounts.logout(token);
      await credit(user.id);
      expect(balances).toHaveLength(1);
    } finally {
      socket.close();
    }
  });

  it('stop on other devices after a password change, and continue on the device that changed it', async () => {
    const other = login();
    const mine = login();
    const a = await connect(other.token);
    const b = await connect(mine.token);
    try {
      host.world.accounts.changePassword(mine.user.id, mine.token, {
        oldPassword: DEMO_ACCOUNT.password,
        password: 'Fresh2026!',
        confirmPassword: 'Fresh2026!',
      });
      await credit(mine.user.id);
      expect(a.balances).toHaveLength(0);
      expect(b.balances).toHaveLength(1);
    } finally {
      a.socket.close();
      b.socket.close();
    }
  });

  it('stop after a reset of the world, even for a user of the same id', async () => {
    const { token, user } = login();
    const { socket, balances } = await connect(token);
    try {
      host.reset({ seed: 3, freezeClock: true });
      expect(host.world.accounts.byId(user.id)).toBeDefined();
      await credit(user.id);
      expect(balances).toHaveLength(0);
    } finally {
      socket.close();
    }
  });
});

describe('a handshake without a live session connects as anonymous', () => {
  const cases: Array<[string, object | null]> = [
    ['no auth', null],
    ['no token', {}],
    ['an empty token', { token: '' }],
    ['a token that is not a string', { token: 42 }],
    ['an unknown token', { token: '0'.repeat(64) }],
  ];
  it.each(cases)('%s: connected, public topics work, no private event', async (_label, auth) => {
    const { user } = login();
    const { socket, balances, tickers, ack } = await connect('', auth);
    try {
      expect(socket.connected).toBe(true);
      expect(ack).toEqual({ ok: true, topics: ['tickers'], refused: [] });
      await credit(user.id);
      expect(tickers).toHaveLength(1);
      expect(balances).toHaveLength(0);
    } finally {
      socket.close();
    }
  });

  it('a session that ended before connecting: connected as anonymous', async () => {
    const { token, user } = login();
    host.world.accounts.logout(token);
    const { socket, balances, tickers } = await connect(token);
    try {
      expect(socket.connected).toBe(true);
      await credit(user.id);
      expect(tickers).toHaveLength(1);
      expect(balances).toHaveLength(0);
    } finally {
      socket.close();
    }
  });

  it('a session that ends while connected: the connection stays, public topics go on', async () => {
    const { token, user } = login();
    const { socket, balances, tickers } = await connect(token);
    try {
      host.world.accounts.logout(token);
      host.world.clock.advance(1000);
      await credit(user.id);
      expect(socket.connected).toBe(true);
      expect(tickers).toHaveLength(2);
      expect(balances).toHaveLength(0);
    } finally {
      socket.close();
    }
  });
});
