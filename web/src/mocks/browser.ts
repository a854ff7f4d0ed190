/**
 * In-browser mock mode (`VITE_MOCK=msw`): the mock domain runs inside the page. REST calls are
 * answered by msw from the same operation table and dispatch as the mock server; realtime events
 * come from the in-page world through the same realtime core as the server's socket.io adapter.
 */
import { setupWorker } from 'msw/browser';
import { createMswHandlers } from '../../../mock-server/src/msw/handlers';
import { World } from '../../../mock-server/src/domain/world';
import { inPageTransport } from '../../../mock-server/src/realtime/in-page';
import { credential } from '../api/client';
import { appConfig } from '../api/config';
import { realtime, type RealtimeTransport } from '../realtime/socket';

export async function startBrowserMock(): Promise<void> {
  const world = new World({ realNow: Date.now() });
  world.clock.follow(Date.now());
  setInterval(() => world.clock.follow(Date.now()), 200);

  const base = appConfig().apiBase;
  const worker = setupWorker(...createMswHandlers(() => world, base.startsWith('http') ? base : `${location.origin}${base}`));
  await worker.start({ serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` }, onUnhandledRequest: 'bypass', quiet: true });

  realtime.useTransport((): RealtimeTransport => inPageTransport(world, () => credential() ?? undefined));
}
