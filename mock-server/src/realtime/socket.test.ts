/** Private events reach a socket only while the session of its handshake lives. */
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../contracts/generated/socket';
import { startTestServer } from '../http/test-server';
import { DEMO_ACCOUNT } from '../domain/world';

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

/** A socket of `token` counting the balance events it receives. */
async function connect(token: string) {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(base, { transports: ['websocket'], forceNew: true, auth: { token } });
  const balances: unknown[] = [];
  socket.on('balances', (e) => balances.push(e));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  // A round trip, so the server has handled the connection before the test moves money.
  await socket.emitWithAck('subscribe', { topics: ['tickers'] });
  return { socket, balances };
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
      host.world.accounts.changePassword(mine.token, { oldPassword: DEMO_ACCOUNT.password, password: 'Fresh2026!', confirmPassword: 'Fresh2026!' });
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

  it('never start with a token that is not a live session', async () => {
    const { user } = login();
    const { socket, balances } = await connect('0'.repeat(64));
    try {
      await credit(user.id);
      expect(balances).toHaveLength(0);
    } finally {
      socket.close();
    }
  });
});
