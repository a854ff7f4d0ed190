/** For the realtime client's tests: a transport the test drives, and an `order` event's order. */
import type { ConnectionStatus, RealtimeTransport } from '../realtime/transport';

/** A filled BTC/USDT buy as the `order` event carries it. */
export const TEST_ORDER = {
  id: 'od_1',
  symbol: 'BTC/USDT',
  side: 'buy',
  type: 'limit',
  price: '64000.00',
  quantity: '0.01000',
  filled: '0.01000',
  filledAmount: '640',
  avgPrice: '64000.00',
  fee: '0.00001',
  feeCoin: 'BTC',
  status: 'completed',
  time: 1767225600000,
  updatedAt: 1767225660000,
};

/**
 * A connected transport: `emit` is the server sending an event (to the listener the client set for
 * it, in `handlers`), `subscribed` the topics the client asked for, `status` the connection
 * opening or dropping (the client hears it once it has attached).
 */
export function testTransport() {
  const handlers = new Map<string, (payload: unknown) => void>();
  const subscribed: string[][] = [];
  let statusListener: (status: ConnectionStatus) => void = () => {};
  const transport: RealtimeTransport = {
    connect: () => {},
    reconnect: () => {},
    connected: () => true,
    subscribe: (topics) => void subscribed.push(topics),
    unsubscribe: () => {},
    onStatus: (listener) => void (statusListener = listener),
    onEvent: (event, listener) => void handlers.set(event, listener as (payload: unknown) => void),
  };
  const emit = (event: string, payload: unknown) => handlers.get(event)!(payload);
  const status = (value: ConnectionStatus) => statusListener(value);
  return { transport, handlers, subscribed, emit, status };
}
