/**
 * `npm run bench:bundle`: how much JavaScript a first visit to /h5/ downloads, gzipped, against
 * the 180 KB target (#34). Serves dist/h5 with the mock server in-process on a free port, opens the app
 * in Chromium at 390x844 with an empty cache, waits for the network to settle plus 2 s, and lists
 * every script the page fetched; then the same total for a first visit to each tab (target 220 KB).
 * The dictionary parts (web/build/dictionaries.ts) are JSON, not JavaScript: printed beside, and in
 * the sum with the scripts.
 * Prints figures; always exits 0 once it has measured.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { createServer } from '../mock-server/src/http/server.ts';
import { chromiumLaunchOptions } from '../e2e/fixtures/chromium.ts';

const TARGET_KB = 180;
const TAB_TARGET_KB = 220;
const root = resolve(fileURLToPath(import.meta.url), '../..');
const staticDir = process.env.H5_DIST ?? join(root, 'dist', 'h5');

if (!existsSync(join(staticDir, 'index.html'))) {
  console.error(`bench/bundle: ${join(staticDir, 'index.html')} is missing: run \`npm run build\` first (or \`npm run bench:bundle\`, which builds).`);
  process.exit(1);
}

const gzipSize = (buf: Buffer) => gzipSync(buf, { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

interface Row {
  file: string;
  raw: number;
  gzip: number;
}

function printTable(title: string, rows: Row[]) {
  const width = Math.max(4, ...rows.map((r) => r.file.length));
  console.log(`\n${title}`);
  console.log(`${'file'.padEnd(width)}  ${'raw bytes'.padStart(10)}  ${'gzip bytes'.padStart(10)}`);
  for (const r of rows) console.log(`${r.file.padEnd(width)}  ${String(r.raw).padStart(10)}  ${String(r.gzip).padStart(10)}`);
  const raw = rows.reduce((s, r) => s + r.raw, 0);
  const gz = rows.reduce((s, r) => s + r.gzip, 0);
  console.log(`${'total'.padEnd(width)}  ${String(raw).padStart(10)}  ${String(gz).padStart(10)}   (${kb(raw)} KB raw, ${kb(gz)} KB gzip)`);
  return { raw, gzip: gz };
}

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const { app, host } = await createServer({ staticDir, world: { freezeClock: false } });
host.start();
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;
const url = `http://127.0.0.1:${port}/h5/`;

/** A dictionary part (web/build/dictionaries.ts): JSON, not JavaScript, but the page's to download too. */
const STRINGS = /\/assets\/strings-[^/]+\/[^/]+\.json$/;

/**
 * The scripts a first visit to `path` (under /h5/, empty cache) downloads, and the dictionary
 * parts (`strings`); `token`: logged in.
 */
async function firstVisit(browser: Browser, path: string, token?: string): Promise<{ rows: Map<string, Row>; strings: number }> {
  const rows = new Map<string, Row>();
  const strings = new Map<string, Row>();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true });
  if (token) await context.addInitScript((t) => localStorage.setItem('token', t), token);
  const page = await context.newPage();
  const pending: Array<Promise<void>> = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const contentType = response.headers()['content-type'] ?? '';
    const isStrings = STRINGS.test(new URL(response.url()).pathname);
    if (type !== 'script' && !/javascript/i.test(contentType) && !isStrings) return;
    pending.push(
      (async () => {
        const path = new URL(response.url()).pathname;
        const local = path.startsWith('/h5/') ? join(staticDir, decodeURIComponent(path.slice('/h5/'.length))) : '';
        let content: Buffer;
        if (local && existsSync(local) && statSync(local).isFile()) content = readFileSync(local);
        else content = await response.body().catch(() => Buffer.alloc(0));
        (isStrings ? strings : rows).set(path, { file: path, raw: content.length, gzip: gzipSize(content) });
      })(),
    );
  });
  await page.goto(`${url}${path}`, { waitUntil: 'networkidle', timeout: 30_000 }).catch(async (error: Error) => {
    // A page that keeps a long poll open never reaches network idle: measure what has loaded.
    console.warn(`bench/bundle: no network idle within 30 s (${error.message.split('\n')[0]}); measuring anyway`);
  });
  await page.waitForTimeout(2_000);
  await Promise.all(pending);
  await context.close();
  return { rows, strings: [...strings.values()].reduce((sum, r) => sum + r.gzip, 0) };
}

/** Each tab's first visit (assets logged in: it asks a guest to log in). */
const TABS: Array<[string, string, boolean]> = [
  ['home', 'pages/home/home', false],
  ['markets', 'pages/market/market', false],
  ['trade', 'pages/trade/trade?symbol=BTC%2FUSDT', false],
  ['margin', 'pages/lever/lever', false],
  ['assets', 'pages/assets/assets', true],
];

const browser = await chromium.launch(chromiumLaunchOptions());
let rows: Map<string, Row>;
let strings: number;
const tabs: Array<[string, Awaited<ReturnType<typeof firstVisit>>]> = [];
try {
  ({ rows, strings } = await firstVisit(browser, ''));
  const session = (await (
    await fetch(`http://127.0.0.1:${port}/api/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'demo@example.com', password: 'Demo1234' }),
    })
  ).json()) as { message?: { token?: string } };
  for (const [name, path, loggedIn] of TABS) {
    const visited = await firstVisit(browser, path, loggedIn ? session.message?.token : undefined);
    tabs.push([name, visited]);
  }
} finally {
  await browser.close();
  await app.close();
}

console.log(`Bundle benchmark: first visit to ${url} (390x844, empty cache; gzip level 9)`);
const visit = printTable(
  'JavaScript downloaded on a first visit:',
  [...rows.values()].sort((a, b) => b.gzip - a.gzip),
);
const verdict = visit.gzip / 1024 <= TARGET_KB ? 'within' : 'OVER';
console.log(`\nFirst-visit JS: ${kb(visit.gzip)} KB gzip, target ${TARGET_KB} KB: ${verdict} target`);
console.log(`  and the strings (dictionary JSON): ${kb(strings)} KB; JS and strings together: ${kb(visit.gzip + strings)} KB`);

console.log(`\nEach tab's first visit (target ${TAB_TARGET_KB} KB gzip):`);
for (const [name, { rows: visited, strings: tabStrings }] of tabs) {
  const gzip = [...visited.values()].reduce((sum, r) => sum + r.gzip, 0);
  console.log(
    `${name.padEnd(8)} ${kb(gzip).padStart(6)} KB  ${gzip / 1024 <= TAB_TARGET_KB ? 'within' : 'OVER'} target   (+ strings ${kb(tabStrings)} KB = ${kb(gzip + tabStrings)} KB)`,
  );
  // What the tab loads that the home page does not, largest first: where its bytes over home go.
  const extra = [...visited.values()].filter((r) => !rows.has(r.file)).sort((a, b) => b.gzip - a.gzip);
  if (name !== 'home' && extra.length) {
    const shown = extra.slice(0, 6).map((r) => `${r.file.replace(/^\/h5\/assets\//, '')} ${kb(r.gzip)}`);
    const rest = extra.slice(6).reduce((sum, r) => sum + r.gzip, 0);
    console.log(`           over home: ${shown.join(', ')}${rest ? `, ${extra.length - 6} more ${kb(rest)}` : ''} (KB gzip)`);
  }
}

const assets = walk(join(staticDir, 'assets'))
  .filter((f) => /\.m?js$/.test(f))
  .map((f) => {
    const content = readFileSync(f);
    return { file: relative(staticDir, f), raw: content.length, gzip: gzipSize(content) };
  })
  .sort((a, b) => b.gzip - a.gzip);
const all = printTable('For reference, every JS file in dist/h5/assets:', assets);
console.log(`\nAll JS in dist/h5/assets: ${assets.length} files, ${kb(all.gzip)} KB gzip`);
process.exit(0);
