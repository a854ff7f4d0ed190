/**
 * Snapshots: a world survives snapshot → JSON → restore into another host, equal in everything the
 * API reads; restore refuses what it cannot replay; and why clock moves are kept one by one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { operationTable, type OperationId } from '../../../contracts/generated/operations';
import { World } from '../domain/world';
import { WorldHost } from '../host';
import { control, stateOf } from './control';
import { faultsOf } from './faults';
import { checkAnswer } from './test-client';
import { MAX_RESTORE_INPUTS, MAX_RESTORE_MOVES, MAX_RESTORE_STEPS, MAX_RESTORE_MOVE_SLICES, MAX_RESTORE_VIRTUAL_MS, type Snapshot } from './snapshot';

const DEMO = { account: 'demo@example.com', password: 'Demo1234' };

/** An API call through the host (recorded and journaled), its answer checked against the contract. */
function call(host: WorldHost, operationId: OperationId, token?: string, body?: unknown, query: Record<string, string> = {}, idempotencyKey?: string) {
  const res = host.dispatch({
    operationId,
    path: operationTable[operationId].path,
    token,
    client: '127.0.0.1',
    query,
    body,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
  checkAnswer(operationId, res.status, res.body, res.injected);
  return res.body as { type: string; message: any; code?: string };
}

const login = (host: WorldHost) => call(host, 'login', undefined, DEMO).message.token as string;

/** What the demo user sees, logged in afresh, plus the world's own state. */
function readBack(host: WorldHost) {
  const token = login(host);
  const read = (op: OperationId, query: Record<string, string> = {}) => call(host, op, token, undefined, query).message;
  return {
    state: stateOf(host.world),
    wallet: read('getWallet'),
    orders: read('listOrders', { status: 'all', pageSize: '100' }),
    records: read('listRecords', { pageSize: '100' }),
    messages: read('listMessages'),
    support: read('getSupportChat'),
    tickers: read('listTickers'),
    faults: faultsOf(host.world).list(),
    entries: host.world.ledger.entries.length,
  };
}

type Step =
  | { t: 'login' }
  | { t: 'logout' }
  | { t: 'transfer'; amount: number }
  | { t: 'limit'; side: 'buy' | 'sell'; offset: number }
  | { t: 'market'; side: 'buy' | 'sell' }
  | { t: 'cancel' }
  | { t: 'deposit'; amount: number }
  | { t: 'support'; text: string }
  | { t: 'guest' }
  | { t: 'idem'; key: string; amount: number }
  | { t: 'wrongPassword' }
  | { t: 'move'; ms: number }
  | { t: 'advance'; ms: number }
  | { t: 'price'; up: boolean }
  | { t: 'fault' }
  | { t: 'news' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constant({ t: 'login' as const }),
  fc.constant({ t: 'logout' as const }),
  fc.integer({ min: 1, max: 3000 }).map((amount) => ({ t: 'transfer' as const, amount })),
  fc.record({ t: fc.constant('limit' as const), side: fc.constantFrom('buy' as const, 'sell' as const), offset: fc.integer({ min: -30, max: 30 }) }),
  fc.record({ t: fc.constant('market' as const), side: fc.constantFrom('buy' as const, 'sell' as const) }),
  fc.constant({ t: 'cancel' as const }),
  fc.integer({ min: 5, max: 500 }).map((amount) => ({ t: 'deposit' as const, amount })),
  fc.constantFrom('How do I deposit?', 'withdrawal', 'hello').map((text) => ({ t: 'support' as const, text })),
  fc.constant({ t: 'guest' as const }),
  fc.record({ t: fc.constant('idem' as const), key: fc.constantFrom('k1', 'k2'), amount: fc.integer({ min: 1, max: 9 }) }),
  fc.constant({ t: 'wrongPassword' as const }),
  fc.integer({ min: 1, max: 5000 }).map((ms) => ({ t: 'move' as const, ms })),
  fc.integer({ min: 1000, max: 6 * 3_600_000 }).map((ms) => ({ t: 'advance' as const, ms })),
  fc.boolean().map((up) => ({ t: 'price' as const, up })),
  fc.constant({ t: 'fault' as const }),
  fc.constant({ t: 'news' as const }),
);

async function run(host: WorldHost, steps: Step[]): Promise<void> {
  let token: string | undefined;
  let guest: string | undefined;
  for (const s of steps) {
    const world = host.world;
    switch (s.t) {
      case 'login':
        token = login(host);
        break;
      case 'logout':
        call(host, 'logout', token);
        token = undefined;
        break;
      case 'transfer':
        call(host, 'transfer', token, { coin: 'USDT', from: 'funds', to: 'exchange', amount: String(s.amount) });
        break;
      case 'limit': {
        const last = Number(world.market.ticker('BTC/USDT').last);
        const price = (last * (1 + s.offset / 10_000)).toFixed(2);
        call(host, 'placeOrder', token, { symbol: 'BTC/USDT', side: s.side, type: 'limit', price, quantity: '0.001' });
        break;
      }
      case 'market':
        call(host, 'placeOrder', token, { symbol: 'BTC/USDT', side: s.side, type: 'market', quantity: '0.001' });
        break;
      case 'cancel': {
        const open = call(host, 'listOrders', token, undefined, { status: 'open' });
        const id = open.type === 'ok' ? open.message.items[0]?.id : undefined;
        if (id) call(host, 'cancelOrder', token, { id });
        break;
      }
      case 'deposit':
        call(host, 'sandboxDeposit', token, { coin: 'USDT', chain: 'TRC20', amount: String(s.amount) });
        break;
      case 'support':
        call(host, 'sendSupportMessage', token ?? guest, { text: s.text });
        break;
      case 'guest': {
        const res = call(host, 'startSupportGuest', undefined, undefined, guest ? { key: guest } : {});
        if (res.type === 'ok') guest = res.message.key;
        break;
      }
      case 'idem':
        call(host, 'transfer', token, { coin: 'USDT', from: 'funds', to: 'exchange', amount: String(s.amount) }, {}, s.key);
        break;
      case 'wrongPassword':
        call(host, 'login', undefined, { account: DEMO.account, password: 'Wrong1234' });
        break;
      case 'move':
        // Time following real time: small moves of any size.
        world.clock.advance(s.ms);
        break;
      case 'advance':
        await control(host, 'mockClock', { advanceMs: s.ms });
        break;
      case 'price': {
        const last = Number(world.market.ticker('BTC/USDT').last);
        await control(host, 'mockPrice', { symbol: 'BTC/USDT', price: (last * (s.up ? 1.01 : 0.99)).toFixed(2) });
        break;
      }
      case 'fault':
        await control(host, 'mockFault', { operationId: 'placeOrder', kind: 'error', times: 2 });
        break;
      case 'news':
        await control(host, 'mockNews', { title: 'News', body: '<p>hi</p>' });
        break;
    }
  }
}

describe('snapshot and restore', () => {
  it('property: after any sequence of API calls, control calls and clock moves, the restored world reads the same', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 40 }), fc.boolean(), async (steps, frozen) => {
        const original = new WorldHost({ seed: 7, freezeClock: frozen });
        // A running clock is moved by the steps only (no timer here), as a host following real time would.
        await run(original, [{ t: 'login' }, { t: 'transfer', amount: 2000 }, ...steps]);
        const snapshot = JSON.parse(JSON.stringify(await control(original, 'mockSnapshot', undefined))).body as Snapshot;
        expect(JSON.stringify(snapshot)).not.toMatch(/[0-9a-f]{48}/);
        const restored = new WorldHost({ seed: 1, scenario: 'empty', freezeClock: true });
        const res = await control(restored, 'mockRestore', snapshot);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(restored.world.clock.now()).toBe(snapshot.clock.now);
        expect(restored.snapshot().inputs).toEqual(snapshot.inputs);
        expect(readBack(restored)).toEqual(readBack(original));
      }),
      { seed: 20260101, numRuns: 12 },
    );
  }, 300_000);

  it('a file scenario travels inside its snapshot; the restored clock keeps its frozen state and time', async () => {
    const host = new WorldHost({ scenario: 'verified-trader', freezeClock: false });
    host.world.clock.advance(90_000);
    const snapshot = host.snapshot();
    expect(snapshot.world).toMatchObject({ scenario: 'verified-trader', file: { base: 'empty' } });
    const restored = new WorldHost({ freezeClock: true });
    await restored.restore(snapshot);
    expect(stateOf(restored.world)).toEqual(stateOf(host.world));
    expect(restored.world.clock.frozen).toBe(false);
    // Following real time from the snapshot's `now`, not from the real time now.
    restored.world.clock.follow(Date.now() + 1000);
    expect(restored.world.clock.now() - snapshot.clock.now).toBeGreaterThanOrEqual(1000);
    expect(restored.world.clock.now() - snapshot.clock.now).toBeLessThan(60_000);
  });

  it('ends every session: tokens are not in a snapshot', async () => {
    const host = new WorldHost({ seed: 3, freezeClock: true });
    const token = login(host);
    await host.restore(host.snapshot());
    expect(call(host, 'getCurrentUser', token).type).toBe('999');
    expect(call(host, 'getCurrentUser', login(host)).type).toBe('ok');
  });

  it('refuses an unknown format or contract version, a malformed or edited snapshot (400), leaving the world as it was', async () => {
    const host = new WorldHost({ seed: 3, freezeClock: true });
    call(host, 'transfer', login(host), { coin: 'USDT', from: 'funds', to: 'exchange', amount: '10' });
    const good = host.snapshot();
    const before = host.world;
    const refused = async (snapshot: unknown, message: RegExp) => {
      const res = await control(host, 'mockRestore', snapshot);
      expect(res.status).toBe(400);
      expect((res.body as { error: string }).error).toMatch(message);
      expect(host.world).toBe(before);
    };
    await refused({ ...good, format: 2 }, /Unknown snapshot format 2/);
    await refused({ ...good, contractVersion: '0.9.0' }, /contract version 0\.9\.0/);
    await refused({ ...good, inputs: 'nope' }, /\/inputs must be array/);
    await refused({ format: 1 }, /must have required property/);
    await refused({ ...good, inputs: [{ kind: 'api', at: 1, operationId: 'login', query: {} }] }, /inputs\/0: made at 1/);
    await refused({ ...good, world: { ...good.world, scenario: 'no-such-file' } }, /not built in and world.file is missing/);
    await refused({ ...good, clock: { ...good.clock, now: good.clock.now + 5 } }, /clock.now/);
    expect((await control(host, 'mockRestore', good)).status).toBe(200);
  });
});

describe('clock moves', () => {
  it('one jump and many small moves over 20 minutes give different markets: a snapshot keeps every move as made', () => {
    const one = new World({ seed: 5, freezeClock: true });
    const many = new World({ seed: 5, freezeClock: true });
    one.clock.advance(20 * 60_000);
    for (let i = 0; i < 20 * 60; i++) many.clock.advance(1000);
    expect(one.clock.now()).toBe(many.clock.now());
    // Far from the jump's end the market is simulated minute by minute, not second by second.
    expect(one.market.tickers()).not.toEqual(many.market.tickers());
  });

  it('a long advance in slices is kept with its aim and replays to the same world', async () => {
    const host = new WorldHost({ seed: 9, freezeClock: true });
    await control(host, 'mockClock', { advanceMs: 3 * 86_400_000 });
    const moves = host.snapshot().inputs.filter((i) => i.kind === 'moves');
    expect(moves.some((m) => m.kind === 'moves' && m.aim !== undefined)).toBe(true);
    const restored = new WorldHost({ freezeClock: true });
    await restored.restore(host.snapshot());
    expect(restored.world.market.tickers()).toEqual(host.world.market.tickers());
  });
});

describe('restore bounds', () => {
  const DAY = 86_400_000;
  /** A snapshot of a fresh frozen world of seed 3, with these inputs and the clock where they leave it. */
  function crafted(inputs: Snapshot['inputs']): Snapshot {
    const snapshot = new WorldHost({ seed: 3, freezeClock: true }).snapshot();
    const moved = inputs.reduce((sum, i) => sum + (i.kind === 'moves' ? i.deltas.reduce((a, b) => a + b, 0) : 0), 0);
    return { ...snapshot, inputs, clock: { ...snapshot.clock, now: snapshot.clock.now + moved } };
  }

  it('refuses a snapshot beyond the bounds before replaying anything (400 snapshot_too_large), the world as it was and answering', async () => {
    const host = new WorldHost({ seed: 3, freezeClock: true });
    const token = login(host);
    const before = host.world;
    const state = JSON.stringify(stateOf(before));
    const refused = async (snapshot: Snapshot, message: RegExp) => {
      const started = performance.now();
      const res = await control(host, 'mockRestore', snapshot);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: expect.stringMatching(message), code: 'snapshot_too_large' });
      // Refused up front, not after replaying up to the bound.
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(host.world).toBe(before);
      expect(JSON.stringify(stateOf(host.world))).toBe(state);
      expect(call(host, 'getCurrentUser', token).type).toBe('ok');
    };
    // 20,000 moves of a minute held the server for 45 s: beyond the price steps a restore simulates,
    // and beyond the moves (a day of a running clock), it is refused.
    const minutes = Math.floor(MAX_RESTORE_STEPS / 60) + 1;
    await refused(crafted([{ kind: 'moves', deltas: Array<number>(minutes).fill(60_000) }]), /clock moves are more than a restore replays/);
    await refused(crafted([{ kind: 'moves', deltas: Array<number>(MAX_RESTORE_MOVES + 1).fill(10) }]), /at most 450000 moves and 500000 price steps/);
    // Years in coarse slices of a live jump toward a far aim, each cheap, but more than five years in all.
    const aim = before.clock.now() + 10 * 365 * DAY;
    await refused(crafted([{ kind: 'moves', deltas: Array<number>(61).fill(30 * DAY), aim }]), /add up to more than 157680000000 ms/);
    // An hour made in one piece, simulated second by second near its end: no slices to yield between.
    await refused(crafted([{ kind: 'moves', deltas: [3_600_000] }]), /inputs\/0: a clock move of 3600000 ms made in one piece/);
    expect(MAX_RESTORE_VIRTUAL_MS).toBe(5 * 365 * DAY);
    expect(MAX_RESTORE_MOVE_SLICES).toBe(4);
  });

  it("restores what a live server records: a year of live jumps, a running clock, a stalled timer's move", async () => {
    const host = new WorldHost({ seed: 3, freezeClock: true });
    await control(host, 'mockClock', { advanceMs: 365 * DAY });
    for (let i = 0; i < 2_000; i++) host.world.clock.advance(200);
    host.world.clock.advance(4 * 60_000); // a stalled timer: four slices' worth in one piece
    const res = await control(new WorldHost({ freezeClock: true }), 'mockRestore', host.snapshot());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('replays in turns: the current world keeps answering during a restore, and a failure late in it leaves that world', async () => {
    const host = new WorldHost({ seed: 3, freezeClock: true });
    const token = login(host);
    const before = host.world;
    // 3,000 second-by-second moves, then an input the world refuses (edited: made at the wrong time).
    const moves = { kind: 'moves' as const, deltas: Array<number>(3_000).fill(1000) };
    const edited = crafted([moves, { kind: 'api', at: 1, operationId: 'logout', query: {} }]);
    let answered = 0;
    let longest = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      if (call(host, 'getCurrentUser', token).type === 'ok') answered++;
    }, 1);
    const res = await control(host, 'mockRestore', edited);
    clearInterval(ticker);
    expect(res.status).toBe(400);
    expect((res.body as { error: string }).error).toMatch(/inputs\/1: made at 1/);
    expect(host.world).toBe(before);
    // Without turns the whole replay is one block and nothing else runs until it ends.
    expect(answered).toBeGreaterThan(10);
    expect(longest).toBeLessThan(1_000);
  });

  it('counts the entries of a scenario file inside a snapshot, and applies them in turns', async () => {
    const host = new WorldHost({ seed: 3, freezeClock: true });
    const token = login(host);
    const base = host.snapshot();
    const withFile = (file: NonNullable<Snapshot['world']['file']>): Snapshot => ({
      ...base,
      world: { ...base.world, scenario: 'crafted', file },
      inputs: [],
      clock: { now: base.clock.now, frozen: true },
    });
    const deposits = Array.from({ length: MAX_RESTORE_INPUTS }, () => ({ coin: 'USDT', chain: 'TRC20' as const, amount: '1' }));
    const tooMany = await control(
      host,
      'mockRestore',
      withFile({ description: 'many', accounts: [{ account: 'a@example.com', password: 'Secret123', deposits }] }),
    );
    expect(tooMany).toEqual({ status: 400, body: { error: expect.stringMatching(/more than 20000 inputs/), code: 'snapshot_too_large' } });
    // Each account hashes its passwords (tens of ms): a file of many is no longer one block.
    const accounts = Array.from({ length: 40 }, (_, i) => ({ account: `user${i}@example.com`, password: 'Secret123' }));
    let answered = 0;
    const ticker = setInterval(() => {
      if (call(host, 'getCurrentUser', token).type === 'ok') answered++;
    }, 1);
    const res = await control(host, 'mockRestore', withFile({ description: 'forty users', accounts }));
    clearInterval(ticker);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(stateOf(host.world)).toMatchObject({ scenario: 'crafted', users: 40 });
    expect(answered).toBeGreaterThan(10);
  });
});
