/**
 * The socket.io transport of the realtime client (realtime/socket.ts), loaded with the first
 * subscription rather than with the first paint.
 */
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../contracts/generated/socket';
import { socketPath } from '../../../contracts/generated/socket';
import { credential } from '../api/client';
import { appConfig } from '../api/config';
import type { RealtimeTransport } from './transport';

const SOCKET_OPTIONS: Partial<ManagerOptions & SocketOptions> = {
  path: socketPath,
  // A WebSocket straight away: opening with long-polling and upgrading costs a phone four more
  // requests and their tasks while the page starts. Where a WebSocket cannot open (a proxy that
  // refuses it), long-polling is tried next.
  transports: ['websocket', 'polling'],
  tryAllTransports: true,
  timeout: 20_000,
  reconnection: true,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
  randomizationFactor: 0.5,
  autoConnect: false,
};

export function socketIoTransport(): RealtimeTransport {
  const host = appConfig().socketHost;
  // The handshake auth is read on every (re)connection, so it always carries the current token
  // (or the device's support guest key).
  const options = { ...SOCKET_OPTIONS, auth: (cb: (data: object) => void) => cb({ token: credential() ?? '' }) };
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = host ? io(host, options) : io(options);
  return {
    connect: () => {
      if (!socket.connected) socket.connect();
    },
    reconnect: () => {
      socket.disconnect();
      socket.connect();
    },
    connected: () => socket.connected,
    subscribe: (topics) => socket.emit('subscribe', { topics }, () => {}),
    unsubscribe: (topics) => socket.emit('unsubscribe', { topics }, () => {}),
    onStatus: (listener) => {
      socket.on('connect', () => listener('connected'));
      socket.on('disconnect', () => listener('disconnected'));
      socket.on('connect_error', () => listener('disconnected'));
      socket.io.on('reconnect_attempt', () => listener('connecting'));
    },
    onEvent: (event, listener) => {
      socket.on(event, listener as never);
    },
  };
}
