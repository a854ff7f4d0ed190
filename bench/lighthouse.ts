/**
 * What the Lighthouse benchmarks (bench/a11y.ts, bench/perf.ts) share: Lighthouse itself (not a
 * dependency of the project, about 185 MB: `npm install --prefix /tmp/lh lighthouse@12.8.2`, then
 * LIGHTHOUSE=/tmp/lh/node_modules/lighthouse, or install it here), the server (`--base URL`, or the
 * mock server in-process on a free port with the build in H5_DIST or dist/h5), the demo's session,
 * and a Chromium (the e2e tests' one) whose debugging port Lighthouse drives, with a persistent
 * profile so that Lighthouse's tab shares the page's localStorage (token, theme, language).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import { freePort } from '../scripts/net.ts';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { createServer } from '../mock-server/src/http/server.ts';
import { chromiumLaunchOptions } from '../e2e/fixtures/chromium.ts';

/** The four pages the targets name. */
export const PAGES = {
  home: 'pages/home/home',
  markets: 'pages/market/market',
  trade: 'pages/trade/trade?symbol=BTC%2FUSDT',
  assets: 'pages/assets/assets',
};

export interface AuditResult {
  id: string;
  title?: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  displayValue?: string;
  details?: { items?: unknown[] };
}
export interface LighthouseResult {
  lhr: { categories: Record<string, { score: number | null }>; audits: Record<string, AuditResult>; configSettings: object };
  artifacts: { Trace: object; DevtoolsLog: object; URL: object; GatherContext: object };
}
type Lighthouse = (url: string, flags: object, config?: object) => Promise<LighthouseResult | undefined>;

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function loadLighthouse(bench: string): Promise<Lighthouse> {
  const from = process.env.LIGHTHOUSE;
  const spec = from ? pathToFileURL(join(from, existsSync(join(from, 'core', 'index.js')) ? 'core/index.js' : '')).href : 'lighthouse';
  try {
    const mod = (await import(spec)) as { default: Lighthouse };
    return mod.default;
  } catch (err) {
    console.error(
      `bench/${bench}: Lighthouse not found (${spec}): install it outside the project, e.g. \`npm install --prefix /tmp/lh lighthouse@12.8.2\`, and set LIGHTHOUSE=/tmp/lh/node_modules/lighthouse.\n${String(err)}`,
    );
    process.exit(1);
  }
}

interface LanternNode {
  type: 'network' | 'cpu';
  request?: { url: string; transferSize: number; priority: string };
  startTime: number;
  endTime: number;
  childEvents?: Array<{ name: string }>;
}
type LanternLcp = {
  request(data: object, context: object): Promise<{ pessimisticEstimate: { nodeTimings: Map<LanternNode, { startTime: number; endTime: number }> } }>;
};

/**
 * The last `count` steps of Lighthouse's own simulation of a run's LCP (its pessimistic estimate):
 * each request or main-thread task with when it starts and ends on the simulated phone, in ms. What
 * ends last is what holds LCP up. Uses Lighthouse's internals (the version bench/perf.ts names).
 */
export async function lcpPath(result: LighthouseResult, count: number): Promise<string[]> {
  const from = process.env.LIGHTHOUSE;
  const file = from
    ? join(from, 'core/computed/metrics/lantern-largest-contentful-paint.js')
    : 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
  const { LanternLargestContentfulPaint } = (await import(from ? pathToFileURL(file).href : file)) as { LanternLargestContentfulPaint: LanternLcp };
  const { Trace, DevtoolsLog, URL, GatherContext } = result.artifacts;
  const settings = result.lhr.configSettings;
  const data = { trace: Trace, devtoolsLog: DevtoolsLog, gatherContext: GatherContext, settings, URL, SourceMaps: [], simulator: null };
  const lcp = await LanternLargestContentfulPaint.request(data, { computedCache: new Map(), settings });
  const steps = [...lcp.pessimisticEstimate.nodeTimings.entries()].sort((a, b) => a[1].endTime - b[1].endTime).slice(-count);
  return steps.map(([node, t]) => {
    const what = node.request
      ? `${node.request.url.replace(/^.*\/(assets\/|api\/)?/, '$1')} (${(node.request.transferSize / 1024).toFixed(1)} KB, ${node.request.priority})`
      : `task of ${((node.endTime - node.startTime) / 1000).toFixed(1)} ms here: ${[...new Set(node.childEvents?.map((e) => e.name).filter((n) => /^(EvaluateScript|v8\.evaluateModule|FunctionCall|TimerFire|RunMicrotasks|Layout|ParseHTML|Paint)$/.test(n)))].join(', ')}`;
    return `${String(Math.round(t.startTime)).padStart(6)} ${String(Math.round(t.endTime)).padStart(6)}  ${what}`;
  });
}

export interface LighthouseBench {
  lighthouse: Lighthouse;
  base: string;
  /** Lighthouse's `port` flag: the Chromium it drives. */
  port: number;
  /** A tab of that Chromium, for setting localStorage and clearing caches between runs. */
  setup: Page;
  context: BrowserContext;
  /** Sets the page's localStorage (the demo's token, theme, language) for the runs that follow. */
  prepare(settings: { theme: string; lang?: string; loggedIn?: boolean }): Promise<void>;
  close(): Promise<void>;
}

/** Starts what a Lighthouse benchmark needs; `name` is the script's, for messages. */
export async function startLighthouseBench(name: string): Promise<LighthouseBench> {
  const root = resolve(fileURLToPath(import.meta.url), '../..');
  const staticDir = process.env.H5_DIST ?? join(root, 'dist', 'h5');
  const lighthouse = await loadLighthouse(name);
  const i = process.argv.indexOf('--base');
  let base = ((i >= 0 ? process.argv[i + 1] : undefined) ?? process.env.LH_BASE)?.replace(/\/$/, '');
  let stopServer = async () => {};
  if (!base) {
    if (!existsSync(join(staticDir, 'index.html'))) {
      console.error(`bench/${name}: ${staticDir} has no build: run \`npm run build\` first (or \`npm run bench:${name}\`, which builds).`);
      process.exit(1);
    }
    const { app } = await createServer({ staticDir, world: { seed: 42 } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    stopServer = () => app.close();
  }

  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), `h5-${name}-`));
  const launch = chromiumLaunchOptions();
  // HTTPS with a self-signed certificate (`npm run serve:prod`): accepted, for Lighthouse's tabs too.
  const tls = base.startsWith('https:') ? ['--ignore-certificate-errors'] : [];
  const context = await chromium.launchPersistentContext(profile, {
    ...launch,
    args: [...launch.args, ...tls, `--remote-debugging-port=${port}`],
    ignoreHTTPSErrors: tls.length > 0,
  });
  const res = await context.request.post(`${base}/api/sessions`, { data: { account: 'demo@example.com', password: 'Demo1234' } });
  const session = (await res.json()) as { type: string; message?: { token: string } };
  if (session.type !== 'ok' || !session.message) throw new Error(`bench/${name}: login failed: ${JSON.stringify(session)}`);
  const token = session.message.token;

  const setup = await context.newPage();
  const origin = base;
  return {
    lighthouse,
    base,
    port,
    setup,
    context,
    async prepare({ theme, lang = 'en', loggedIn = true }) {
      await setup.goto(`${origin}/h5/pages/mine/about`);
      await setup.evaluate(
        ([t, th, l]) => {
          if (t) localStorage.setItem('token', t);
          else localStorage.removeItem('token');
          localStorage.setItem('theme', th);
          localStorage.setItem('lang', l);
        },
        [loggedIn ? token : '', theme, lang],
      );
      // Leave the app, so that no page of it keeps its service worker alive: each run clears the
      // worker and its caches and must start from an empty cache, not from what this tab precached.
      await setup.goto('about:blank');
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
      await stopServer();
    },
  };
}
