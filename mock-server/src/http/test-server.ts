/** A mock server on a free loopback port, for the adapter tests (close it with `app.close()`). */
import type { AddressInfo } from 'node:net';
import type { WorldOptions } from '../domain/world';
import { createServer, type ServerOptions } from './server';

export async function startTestServer(world: WorldOptions, options: Partial<ServerOptions> = {}) {
  const server = await createServer({ staticDir: '/nonexistent', world, ...options });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  return { ...server, base: `http://127.0.0.1:${port}` };
}
