/** What the realtime client (socket.ts) asks of a transport: socket.io (socketio.ts) or in-page (msw mode). */
import type { ServerToClientEvents } from '../../../contracts/generated/socket';

export type ConnectionStatus = 'connecting' | 'connected' | 'disconnected';
export type ServerEvent = keyof ServerToClientEvents;
export type Payload<E extends ServerEvent> = Parameters<ServerToClientEvents[E]>[0];

/** The transport the app uses: socket.io by default, or an in-page one (msw mode). */
export interface RealtimeTransport {
  connect(): void;
  /** Reconnects so the handshake carries the current token (after login or logout). */
  reconnect(): void;
  connected(): boolean;
  subscribe(topics: string[]): void;
  unsubscribe(topics: string[]): void;
  onStatus(listener: (status: ConnectionStatus) => void): void;
  onEvent<E extends ServerEvent>(event: E, listener: (payload: Payload<E>) => void): void;
}
