/**
 * A mock server on a free loopback port, for the adapter tests (close it with `app.close()`), and
 * what the server*.test.ts files send it.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WorldOptions } from '../domain/world';
import { createServer, type ServerOptions } from './server';

export async function startTestServer(world: WorldOptions, options: Partial<ServerOptions> = {}) {
  const server = await createServer({ staticDir: '/nonexistent', world, ...options });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  return { ...server, base: `http://127.0.0.1:${port}` };
}

/** `post(path, body, type)`: a POST of `body` as `type` to the server at `base()` (read when it is sent, after the file's beforeAll). */
export const postTo =
  (base: () => string) =>
  (path: string, body: string, type: string, headers: Record<string, string> = {}) =>
    fetch(`${base()}${path}`, { method: 'POST', body, headers: { 'content-type': type, ...headers } });

/** Starts another server (seed 3, clock frozen) on a free port; `stop` closes it. */
export async function startServer(options: Partial<Parameters<typeof createServer>[0]> = {}) {
  const server = await startTestServer({ seed: 3, freezeClock: true }, options);
  return { ...server, url: server.base, stop: () => server.app.close() };
}

/**
 * A raw HTTP request, because fetch does not let a test set `Host` or `Origin` as a browser
 * would (undici forbids `Host`; a page on another site sets `Origin` itself).
 */
export function raw(url: string, opts: { method?: string; path: string; headers?: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = httpRequest(`${url}${opts.path}`, { method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}
