/**
 * The kit reaches a staging server as a backend team has one: behind a gateway that wants a
 * header, with its own TLS certificate, and says why a request got no answer (Node's fetch only
 * says "fetch failed"). The certificate in fixtures/ is a self-signed one made for this test only.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './http';

const fixtures = join(import.meta.dirname, 'fixtures');
const ca = join(fixtures, 'self-signed.crt');
let server: Server;
let apiBase: string;
const heard: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  server = createServer({ key: readFileSync(join(fixtures, 'self-signed.key')), cert: readFileSync(ca) }, (req, res) => {
    heard.push(req.headers);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ type: 'ok', message: {} }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `https://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the kit over HTTPS and through a gateway', () => {
  it('says that a self-signed certificate is not trusted, and what to give', async () => {
    const ex = await call({ apiBase }, 'getSettings');
    expect(ex.status).toBe(0);
    expect(ex.error).toMatch(
      /^fetch failed: DEPTH_ZERO_SELF_SIGNED_CERT self-signed certificate \(the server's TLS certificate is not trusted: give its CA with --ca FILE, or --insecure/,
    );
  });

  it('trusts the certificate given with --ca, or none with --insecure', async () => {
    expect((await call({ apiBase, tls: { ca } }, 'getSettings')).status).toBe(200);
    expect((await call({ apiBase, tls: { insecure: true } }, 'getSettings')).status).toBe(200);
  });

  it('sends the --header values with every request', async () => {
    heard.length = 0;
    await call({ apiBase, tls: { ca }, headers: { 'x-gateway-key': 'k-123' } }, 'getSettings');
    expect(heard[0]).toMatchObject({ 'x-gateway-key': 'k-123' });
  });

  it('says that nothing listens at a closed port', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const ex = await call({ apiBase: `https://127.0.0.1:${port}/api` }, 'getSettings');
    expect(ex.error).toMatch(/ECONNREFUSED.*\(nothing listens there: is the server up, and is --base right\?\)/);
  });
});
