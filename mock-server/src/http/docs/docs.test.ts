/** The reference docs at /__docs/: pages, contract files, renderer bundles, the control switch. */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledFile } from '../../../../codegen/generators/paths';
import { errorCatalogue } from '../../../../contracts/generated/error-catalogue';
import { socketEvents } from './contracts';
import { escapeHtml, markdown, section } from './html';
import type { createServer } from '../server';
import { startTestServer } from '../test-server';

let app: Awaited<ReturnType<typeof createServer>>['app'];
let base = '';

beforeAll(async () => {
  ({ app, base } = await startTestServer({ seed: 3, freezeClock: true }));
});
afterAll(() => app.close());

const get = (path: string, url = base) => fetch(`${url}${path}`, { redirect: 'manual' });

/** The local URLs of a page's links, scripts and stylesheets. */
const refs = (html: string) => [...html.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1]).filter((u) => u.startsWith('/'));

describe('/__docs/', () => {
  it('indexes the references and the contract files', async () => {
    const res = await get('/__docs/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const links = refs(await res.text());
    for (const href of [
      '/__docs/rest',
      '/__docs/realtime',
      '/__docs/errors',
      '/__docs/control',
      '/__docs/openapi.yaml',
      '/__docs/asyncapi.yaml',
      '/__docs/mock-control.yaml',
    ]) {
      expect(links).toContain(href);
    }
  });

  it('redirects /__docs to /__docs/', async () => {
    const res = await get('/__docs');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/__docs/');
  });

  it.each(['/__docs/', '/__docs/rest', '/__docs/realtime', '/__docs/errors', '/__docs/control'])(
    '%s: HTML whose every local reference answers 200',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/https?:/); // nothing from another host
      for (const ref of refs(await res.text())) {
        const sub = await get(ref.split('#')[0]);
        expect(sub.status, ref).toBe(200);
        const type = sub.headers.get('content-type') ?? '';
        if (ref.endsWith('.js')) expect(type).toMatch(/^text\/javascript/);
        if (ref.endsWith('.css')) expect(type).toMatch(/^text\/css/);
      }
    },
  );

  it('serves each contract as one self-contained YAML file, its bundle', async () => {
    for (const name of ['openapi', 'asyncapi', 'mock-control'] as const) {
      const res = await get(`/__docs/${name}.yaml`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/yaml/);
      const text = await res.text();
      expect(text).toBe(readFileSync(bundledFile(name), 'utf8'));
      // Every reference is inside the file: nothing points at contracts/openapi/… or another contract.
      const refs = [...text.matchAll(/\$ref: ['"]?([^'"\s]+)/g)].map((m) => m[1]);
      expect(refs.length).toBeGreaterThan(10);
      expect(refs.filter((r) => !r.startsWith('#/'))).toEqual([]);
    }
  });

  it('serves the renderer bundles from node_modules, cacheable, with no URL of another host left to load', async () => {
    const html = await (await get('/__docs/rest')).text();
    const bundle = refs(html).find((r) => /redoc-[\d.]+\.standalone\.js$/.test(r))!;
    const res = await get(bundle);
    expect(res.headers.get('cache-control')).toContain('immutable');
    const js = await res.text();
    expect(js.length).toBeGreaterThan(500_000);
    expect(js).not.toContain('cdn.redoc.ly/redoc/logo');
  });

  it('lists every error of placeOrder in the error catalogue, escaped', async () => {
    const html = await (await get('/__docs/errors')).text();
    const start = html.indexOf('<section id="placeOrder">');
    expect(start).toBeGreaterThan(0);
    const part = html.slice(start, html.indexOf('</section>', start));
    expect(part).toContain('Place a spot order');
    expect(part).toContain('POST /api/me/orders');
    for (const e of errorCatalogue.placeOrder) {
      expect(part).toContain(`<code>${e.code}</code></td><td data-label="HTTP">${e.status}</td><td data-label="type"><code>${e.type}</code>`);
    }
    expect(part).toContain('<code>no_liquidity</code>');
    expect(part).toContain('<code>not_logged_in</code></td><td data-label="HTTP">200</td><td data-label="type"><code>999</code>');
    // The contract's "Errors" section leads the page.
    expect(html).toContain('Codes shared by every operation');
    // A page without renderer runs no script.
    expect(html).not.toContain('<script');
  });

  it('shows each Socket.IO event with its room and ack on the realtime page', async () => {
    const html = await (await get('/__docs/realtime')).text();
    expect(html).toContain(
      '<tr id="event-tickers"><td data-label="event"><code>tickers</code></td><td data-label="direction" class="nowrap">server → client</td><td data-label="room"><code>tickers</code></td>',
    );
    expect(html).toContain('<code>kline:{symbol}:{period}</code>');
    expect(html).toContain('<code>user:{userId}</code>');
    const rows = socketEvents();
    expect(rows.find((r) => r.event === 'subscribe')).toMatchObject({ direction: 'client → server', ack: 'SubscriptionAck', payload: 'SubscriptionRequest' });
    expect(rows.find((r) => r.event === 'tickers')).toMatchObject({ room: 'tickers', payload: 'TickersEvent' });
  });

  it('hands the AsyncAPI component a parsed, self-contained document', async () => {
    const res = await get('/__docs/realtime.json');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain('openapi.yaml#');
    const doc = JSON.parse(text);
    expect(doc['x-parser-spec-parsed']).toBe(true);
    expect(doc.operations.tickers['x-socketio']).toEqual({ event: 'tickers', room: 'tickers' });
  }, 30_000);

  it.each(['/__docs/nope', '/__docs/assets/nope.js', '/__docs/../package.json', '/__docs/assets/%2e%2e/docs.ts'])('%s answers 404', async (path) => {
    expect((await get(path)).status).toBe(404);
  });

  it('leaves out the control API reference when the control API is off', async () => {
    const off = await startTestServer({ seed: 3, freezeClock: true }, { control: false });
    try {
      const index = await (await get('/__docs/', off.base)).text();
      expect(refs(index)).not.toContain('/__docs/control');
      expect(refs(index)).not.toContain('/__docs/mock-control.yaml');
      expect(refs(index)).toContain('/__docs/rest');
      expect((await get('/__docs/control', off.base)).status).toBe(404);
      expect((await get('/__docs/mock-control.yaml', off.base)).status).toBe(404);
      expect((await get('/__docs/errors', off.base)).status).toBe(200);
    } finally {
      await off.app.close();
    }
  });
});

describe('docs helpers', () => {
  it('escapes HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('renders the contracts’ Markdown subset, escaping first', () => {
    const md = 'A `<b>` and **strong**\ncontinued.\n\n1. one\n   more\n2. two\n- <script>x</script>';
    expect(markdown(md)).toBe(
      '<p>A <code>&lt;b&gt;</code> and <strong>strong</strong> continued.</p>\n<ol><li>one more</li><li>two</li></ol>\n<ul><li>&lt;script&gt;x&lt;/script&gt;</li></ul>',
    );
  });

  it('cuts a ## section out of a description', () => {
    expect(section('intro\n## A\na\n## B\nb', 'A')).toBe('a');
    expect(section('intro\n## A\na\n## B\nb', 'B')).toBe('b');
    expect(section('intro', 'C')).toBe('');
  });
});
