/**
 * For the kit's own tests: this project's mock started in-process with a bug planted, and the
 * options that run the kit against it as a sandbox (its verification code and its control API).
 */
import type { AddressInfo } from 'node:net';
import { createServer } from '../../mock-server/src/http/server.ts';

export type MockServer = Awaited<ReturnType<typeof createServer>>;

export const account = { account: 'demo@example.com', password: 'Demo1234' };

const running: MockServer[] = [];

/**
 * A mock with `plant` applied (fastify hooks, socket.io rerouting) before it listens, and its
 * clock following real time when `clock` is set (as `--mock` runs it). Stopped by `stopMocks`.
 */
export async function startMock(plant: (server: MockServer) => void = () => {}, { clock = false } = {}) {
  const server = await createServer({ staticDir: '/nonexistent', world: { seed: 42 } });
  running.push(server);
  plant(server);
  if (clock) server.host.start();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  return { server, options: { apiBase: `${origin}/api`, control: `${origin}/__mock`, code: async () => '123456', account } };
}

export async function stopMocks(): Promise<void> {
  for (const server of running.splice(0)) {
    server.host.stop();
    await server.app.close();
  }
}

/**
 * A plant that passes every API answer through `rewrite` (the request's `METHOD /path?query` and
 * the parsed body): it answers the body to send, or `{ status, body }` to change the status too.
 */
export const rewriteAnswers =
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a plant edits any answer's JSON in place
  (rewrite: (route: string, body: any) => unknown) =>
    (server: MockServer): void => {
      server.app.addHook('onSend', async (req, reply, payload) => {
        if (typeof payload !== 'string' || !req.url.startsWith('/api/')) return payload;
        const out = rewrite(`${req.method} ${req.url}`, JSON.parse(payload));
        if (out && typeof out === 'object' && 'status' in out && 'body' in out) {
          reply.code(out.status as number);
          return JSON.stringify(out.body);
        }
        return JSON.stringify(out);
      });
    };
