/** The built app as the server sends it: security headers, compression, precompressed assets, a missing file. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raw, startServer } from './test-server';

describe('security headers of the app', () => {
  let dir = '';
  let app: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'h5-headers-'));
    mkdirSync(join(dir, 'assets'));
    // As large as the built one (its static shell): big enough to be worth compressing.
    writeFileSync(
      join(dir, 'index.html'),
      `<!doctype html><title>t</title><script src="/h5/config.js"></script><style>${'#boot i{display:block}\n'.repeat(2000)}</style>`,
    );
    writeFileSync(join(dir, 'config.js'), 'window.__APP_CONFIG__ = {};');
    writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log(1);');
    // A built asset with the copies web/build/precompress.ts writes beside it (markers here, to see which is sent).
    writeFileSync(join(dir, 'assets', 'big-abc.js'), `console.log('${'x'.repeat(4000)}');`);
    writeFileSync(join(dir, 'assets', 'big-abc.js.br'), 'the .br copy');
    writeFileSync(join(dir, 'assets', 'big-abc.js.gz'), 'the .gz copy');
    app = await startServer({ staticDir: dir });
  });
  afterAll(async () => {
    await app?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['/h5/', '/h5/pages/market/market', '/h5/config.js', '/h5/assets/index-abc.js'])('%s has a CSP, nosniff and a referrer policy', async (path) => {
    const res = await raw(app.url, { path });
    expect(res.status).toBe(200);
    const host = new URL(app.url).host;
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
        `connect-src 'self' ws://${host} wss://${host}; worker-src 'self'; object-src 'none'; base-uri 'self'; ` +
        "frame-ancestors 'none'; form-action 'self'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it.each(['/h5/', '/h5/pages/market/market?tab=btc'])('%s is the app, compressed and never stored stale', async (path) => {
    const res = await raw(app.url, { path, headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['br, gzip', 'br', 'the .br copy'],
    ['gzip', 'gzip', 'the .gz copy'],
  ])("sends the build's precompressed copy of an asset to a client that accepts %s, as it is", async (accept, encoding, body) => {
    const res = await raw(app.url, { path: '/h5/assets/big-abc.js', headers: { 'accept-encoding': accept } });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.body).toBe(body);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await raw(app.url, { path: '/h5/assets/big-abc.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toMatch(/^console\.log\('x+'\);$/);
  });

  it('answers a missing file with 404, not with the app', async () => {
    const res = await raw(app.url, { path: '/h5/assets/gone-123.js' });
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('<!doctype html>');
  });

  it('puts only a well-formed Host into connect-src', async () => {
    const res = await raw(app.url, { path: '/h5/', headers: { host: "x; script-src 'unsafe-inline'" } });
    expect(res.headers['content-security-policy']).toContain("connect-src 'self';");
    expect(res.headers['content-security-policy']).not.toContain("unsafe-inline'; worker");
    expect(res.headers['content-security-policy']).not.toMatch(/script-src 'unsafe-inline'/);
  });
});
