// @vitest-environment jsdom
/**
 * What the realtime client lets through: a server may add fields and enum values (the app ignores
 * what it does not know), but an event missing a field the app uses is dropped and reported.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { setApiEffects } from '../api/effects';
import { loadClientValidator } from '../../../contracts/generated/socket-validators-client.js';
import { TEST_ORDER, testTransport } from '../testing/realtime';
import { Realtime, type RealtimeTransport, type Validator } from './socket';

const RECORD = {
  id: 'dp_1',
  type: 'deposit',
  coin: 'USDT',
  chain: 'TRC20',
  accountKind: 'funds',
  amount: '250',
  fee: '0',
  status: 'credited',
  confirmations: 1,
  requiredConfirmations: 1,
  time: 1767225600000,
};
const TICKER = {
  symbol: 'BTC/USDT',
  base: 'BTC',
  quote: 'USDT',
  last: '64210.55',
  open24h: '63012.10',
  high24h: '64820.00',
  low24h: '62750.40',
  change24h: '1.90',
  volume24h: '1834.22100',
  quoteVolume24h: '117782214.51',
  pricePrecision: 2,
  amountPrecision: 5,
  quotePrecision: 2,
  settlementPrecision: 6,
  time: 1767225600000,
};
/** Every validator, loaded up front: the tests' wire hands them out synchronously. */
const validators = Object.fromEntries(
  await Promise.all(Object.entries(loadClientValidator).map(async ([name, load]) => [name, await load()] as const)),
) as Record<keyof typeof loadClientValidator, Validator>;
const validator = (event: keyof typeof validators) => validators[event];
const DEPTH = { symbol: 'BTC/USDT', type: 'update', seq: 121, prevSeq: 120, time: 1767225601000, bids: [['64200.10', '0']], asks: [['64210.55', '0.40210']] };

function setup() {
  const { transport, emit, subscribed } = testTransport();
  const realtime = new Realtime(() => ({ transport: () => transport, validator }));
  return { realtime, emit, subscribed };
}

const devAlert = vi.fn<(title: string, message: string) => void>();
let error: MockInstance<typeof console.error>;
let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  devAlert.mockReset();
  setApiEffects({ devAlert });
  error = vi.spyOn(console, 'error').mockImplementation(() => {});
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('realtime payload validation', () => {
  it("loads an event's validator with its first listener, and delivers in order what came while it loaded", async () => {
    const { transport, handlers } = testTransport();
    let release!: () => void;
    const loaded = new Promise<void>((resolve) => (release = resolve));
    const asked: string[] = [];
    const realtime = new Realtime(() => ({
      transport: () => transport,
      validator: (event) => (asked.push(event), loaded.then(() => validators[event])),
    }));
    const got = vi.fn();
    realtime.on('tickers', got);
    // Only the event listened to is loaded; one nobody listens to is ignored, not checked.
    handlers.get('order')!({ order: TEST_ORDER, venue: 'spot' });
    expect(asked).toEqual(['tickers']);
    handlers.get('tickers')!({ type: 'snapshot', seq: 4, prevSeq: 4, time: 1, tickers: [TICKER] });
    handlers.get('tickers')!({ type: 'update', seq: 5, prevSeq: 4, time: 2, changes: [{ symbol: 'BTC/USDT', last: '64230.00' }] });
    expect(got).not.toHaveBeenCalled();
    release();
    await loaded;
    await Promise.resolve();
    expect(got.mock.calls.map(([p]) => (p as { seq: number }).seq)).toEqual([4, 5]);
    handlers.get('tickers')!({ type: 'update', seq: 6, prevSeq: 5, time: 3, changes: [{ symbol: 'BTC/USDT', last: '64231.00' }] });
    expect(got).toHaveBeenCalledTimes(3);
    expect(asked).toEqual(['tickers']);
  });

  it('delivers an order event with an extra field and an unknown status', () => {
    const { realtime, emit } = setup();
    const got = vi.fn();
    realtime.on('order', got);
    const payload = { order: { ...TEST_ORDER, status: 'expired', triggerPrice: '63000.00' }, venue: 'spot' };
    emit('order', payload);
    expect(got).toHaveBeenCalledWith(payload);
    expect(error).not.toHaveBeenCalled();
    expect(devAlert).not.toHaveBeenCalled();
  });

  it('delivers a record of an unknown kind, status and chain, and balances of an unknown account kind', () => {
    const { realtime, emit } = setup();
    const records = vi.fn();
    const balances = vi.fn();
    realtime.on('record', records);
    realtime.on('balances', balances);
    emit('record', { record: { ...RECORD, type: 'staking_reward', status: 'on_hold', chain: 'SOL', memo: 'x' } });
    emit('balances', { time: 1, balances: [{ kind: 'futures', coin: 'USDT', available: '1', frozen: '0', locked: '0' }] });
    expect(records).toHaveBeenCalledTimes(1);
    expect(balances).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();
  });

  it('delivers a depth message with a longer level ([price, quantity, count]) and an unknown kind', () => {
    const { realtime, emit } = setup();
    const got = vi.fn();
    realtime.on('depth', got);
    emit('depth', { ...DEPTH, bids: [['64200.10', '0', '3']], checksum: 12345 });
    emit('depth', { ...DEPTH, type: 'checksum' });
    expect(got).toHaveBeenCalledTimes(2);
    expect(error).not.toHaveBeenCalled();
  });

  it('delivers a tickers snapshot and an update carrying only changed fields; drops an update with a malformed decimal, naming where', () => {
    const { realtime, emit } = setup();
    const got = vi.fn();
    realtime.on('tickers', got);
    emit('tickers', { type: 'snapshot', seq: 4, prevSeq: 4, time: 1, tickers: [TICKER] });
    emit('tickers', {
      type: 'update',
      seq: 5,
      prevSeq: 4,
      time: 2,
      changes: [
        { symbol: 'BTC/USDT', last: '64230.00' },
        { symbol: 'ETH/USDT', volume24h: '1.5' },
      ],
    });
    expect(got).toHaveBeenCalledTimes(2);
    emit('tickers', { type: 'update', seq: 6, prevSeq: 5, time: 3, changes: [{ symbol: 'BTC/USDT', last: 64230 }] });
    emit('tickers', { type: 'snapshot', seq: 7, prevSeq: 7, time: 4, tickers: [{ ...TICKER, last: '1e3' }] });
    expect(got).toHaveBeenCalledTimes(2);
    expect(error.mock.calls.map((c) => c[0])).toEqual([expect.stringContaining('/changes/0/last'), expect.stringContaining('/tickers/0/last')]);
  });

  it('tells each (re)connection, not the drops or the attempts between', () => {
    let status: (s: 'connecting' | 'connected' | 'disconnected') => void = () => {};
    const transport: RealtimeTransport = {
      connect: () => {},
      reconnect: () => {},
      connected: () => false,
      subscribe: () => {},
      unsubscribe: () => {},
      onStatus: (l) => void (status = l),
      onEvent: () => {},
    };
    const realtime = new Realtime(() => ({ transport: () => transport, validator }));
    const connects = vi.fn();
    const off = realtime.onConnect(connects);
    realtime.subscribe('tickers');
    status('connected');
    expect(connects).toHaveBeenCalledTimes(1);
    status('disconnected');
    status('connecting');
    expect(connects).toHaveBeenCalledTimes(1);
    status('connected');
    expect(connects).toHaveBeenCalledTimes(2);
    off();
    status('disconnected');
    status('connected');
    expect(connects).toHaveBeenCalledTimes(2);
  });

  it('resync asks the transport for a joined topic again, and only for a joined one', () => {
    const { realtime, subscribed } = setup();
    const leave = realtime.subscribe('tickers');
    realtime.resync('tickers');
    realtime.resync('depth:BTC/USDT');
    expect(subscribed).toEqual([['tickers'], ['tickers']]);
    leave();
    realtime.resync('tickers');
    expect(subscribed).toHaveLength(2);
  });

  it('drops an event missing a required field and reports it in development (console.error with the pointer and payload, one on-screen alert)', () => {
    const { realtime, emit } = setup();
    const got = vi.fn();
    realtime.on('depth', got);
    const { seq: _seq, ...payload } = DEPTH;
    emit('depth', payload);
    emit('depth', payload);
    expect(got).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledTimes(2);
    const [message, logged] = error.mock.calls[0];
    expect(message).toContain('depth');
    expect(message).toContain('/seq');
    expect(logged).toBe(payload);
    expect(devAlert).toHaveBeenCalledTimes(1);
    expect(devAlert.mock.calls[0][1]).toContain('/seq');
    expect(warn).not.toHaveBeenCalled();
  });

  it('still drops a field of the wrong type or a malformed decimal, naming where', () => {
    const { realtime, emit } = setup();
    const got = vi.fn();
    realtime.on('order', got);
    emit('order', { order: { ...TEST_ORDER, filled: 0.01 } });
    emit('order', { order: { ...TEST_ORDER, fee: '1e-5' } });
    expect(got).not.toHaveBeenCalled();
    expect(error.mock.calls.map((c) => c[0])).toEqual([expect.stringContaining('/order/filled'), expect.stringContaining('/order/fee')]);
  });

  it('in production: one console.warn per event and field, without the payload, and nothing on screen', () => {
    vi.stubEnv('DEV', false);
    const { realtime, emit } = setup();
    const got = vi.fn();
    realtime.on('order', got);
    const { status: _status, ...order } = TEST_ORDER;
    emit('order', { order });
    emit('order', { order });
    expect(got).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]).toEqual([expect.stringContaining('order event: /order/status')]);
    expect(error).not.toHaveBeenCalled();
    expect(devAlert).not.toHaveBeenCalled();
  });
});
