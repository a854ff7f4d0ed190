/**
 * `npm run bench:a11y`: Lighthouse's accessibility score of home, markets, trade and assets (the
 * demo logged in), at a phone's size, in the light theme (A11Y_THEMES=light,dark for both).
 * Each page runs A11Y_RUNS times (3); prints the median score per page and the audits that failed
 * in the median run, with how many elements each. Figures only; exits 0 once it has measured.
 *
 * Lighthouse is not a dependency of the project (about 185 MB): point LIGHTHOUSE at an installed
 * copy (`npm install --prefix /tmp/lh lighthouse@12.8.2`, then
 * LIGHTHOUSE=/tmp/lh/node_modules/lighthouse), or install it here. Chromium is the one of the e2e
 * tests (CHROMIUM_PATH, else Debian's /usr/bin/chromium).
 *
 * The server: `--base http://127.0.0.1:8080` (or A11Y_BASE) measures a running `npm run serve`;
 * without it the mock server runs in-process on a free port with dist/h5 (build first).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { createServer } from '../mock-server/src/http/server.ts';
import { chromiumLaunchOptions } from '../e2e/fixtures/chromium.ts';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const staticDir = join(root, 'dist', 'h5');

const RUNS = Number(process.env.A11Y_RUNS ?? 3);
const THEMES = (process.env.A11Y_THEMES ?? 'light').split(',').map((s) => s.trim());
const PAGES = {
  home: 'pages/home/home',
  markets: 'pages/market/market',
  trade: 'pages/trade/trade?symbol=BTC%2FUSDT',
  assets: 'pages/assets/assets',
};

interface AuditResult {
  id: string;
  score: number | null;
  scoreDisplayMode: string;
  details?: { items?: unknown[] };
}
interface LighthouseResult {
  lhr: { categories: { accessibility: { score: number | null } }; audits: Record<string, AuditResult> };
}
type Lighthouse = (url: string, flags: object, config?: object) => Promise<LighthouseResult | undefined>;

async function loadLighthouse(): Promise<Lighthouse> {
  const from = process.env.LIGHTHOUSE;
  const spec = from ? pathToFileURL(join(from, existsSync(join(from, 'core', 'index.js')) ? 'core/index.js' : '')).href : 'lighthouse';
  try {
    const mod = (await import(spec)) as { default: Lighthouse };
    return mod.default;
  } catch (err) {
    console.error(
      `bench/a11y: Lighthouse not found (${spec}): install it outside the project, e.g. \`npm install --prefix /tmp/lh lighthouse@12.8.2\`, and set LIGHTHOUSE=/tmp/lh/node_modules/lighthouse.\n${String(err)}`,
    );
    process.exit(1);
  }
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createNetServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => done(port));
    });
  });
}

function argBase(): string | undefined {
  const i = process.argv.indexOf('--base');
  return (i >= 0 ? process.argv[i + 1] : undefined) ?? process.env.A11Y_BASE;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const lighthouse = await loadLighthouse();
let base = argBase()?.replace(/\/$/, '');
let stop = async () => {};
if (!base) {
  if (!existsSync(join(staticDir, 'index.html'))) {
    console.error('bench/a11y: dist/h5 is missing: run `npm run build` first (or `npm run bench:a11y`, which builds).');
    process.exit(1);
  }
  const { app } = await createServer({ staticDir, world: { seed: 42 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  stop = () => app.close();
}

const res = await fetch(`${base}/api/sessions`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ account: 'demo@example.com', password: 'Demo1234' }),
});
const session = (await res.json()) as { type: string; message?: { token: string } };
if (session.type !== 'ok' || !session.message) throw new Error(`bench/a11y: login failed: ${JSON.stringify(session)}`);
const token = session.message.token;

const port = await freePort();
const profile = mkdtempSync(join(tmpdir(), 'h5-a11y-'));
const launch = chromiumLaunchOptions();
// A persistent profile: Lighthouse's tab (over the debugging port) shares its localStorage (token, theme).
const context = await chromium.launchPersistentContext(profile, { ...launch, args: [...launch.args, `--remote-debugging-port=${port}`] });

const flags = {
  port,
  output: 'json',
  logLevel: 'error',
  onlyCategories: ['accessibility'],
  formFactor: 'mobile',
  screenEmulation: { mobile: true, width: 390, height: 844, deviceScaleFactor: 2, disabled: false },
  throttlingMethod: 'provided',
  // Keep localStorage: the session token and the theme.
  disableStorageReset: true,
};

try {
  const setup = await context.newPage();
  console.log(`Lighthouse accessibility (median of ${RUNS}), ${base}`);
  for (const theme of THEMES) {
    await setup.goto(`${base}/h5/pages/mine/about`);
    await setup.evaluate(
      ([t, th]) => {
        localStorage.setItem('token', t);
        localStorage.setItem('theme', th);
        localStorage.setItem('lang', 'en');
      },
      [token, theme],
    );
    for (const [name, path] of Object.entries(PAGES)) {
      const runs: Array<{ score: number; failed: string[] }> = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${base}/h5/${path}`, flags);
        if (!result) throw new Error(`bench/a11y: Lighthouse returned nothing for ${path}`);
        const failed = Object.values(result.lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
          .map((a) => `${a.id} (${a.details?.items?.length ?? 0})`);
        runs.push({ score: result.lhr.categories.accessibility.score ?? 0, failed });
      }
      const mid = median(runs.map((r) => r.score));
      const run = runs.find((r) => r.score === mid)!;
      console.log(
        `${theme.padEnd(5)} ${name.padEnd(8)} ${mid.toFixed(2)}  runs ${runs.map((r) => r.score.toFixed(2)).join(' ')}${run.failed.length ? `  failed: ${run.failed.join(', ')}` : ''}`,
      );
    }
  }
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  await stop();
}
