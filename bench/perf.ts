/**
 * `npm run bench:perf`: Lighthouse's mobile performance of home, markets, trade and assets (the
 * demo logged in, an empty cache each run), with Lighthouse's default mobile conditions (simulated
 * slow 4G, 4x CPU slowdown, a 412x823 phone). Each page runs PERF_RUNS times (3); prints, per page,
 * the median score, FCP, LCP, TBT, CLS and Speed Index against the targets (score >= 0.95, LCP <
 * 2.0 s, TBT < 150 ms), each run's score, and the LCP element of the median run.
 * PERF_THEME=dark measures the dark theme, PERF_PAGES=home,trade some pages, PERF_SAVE=<folder>
 * keeps each run's Lighthouse report (JSON). PERF_CPU=1 simulates the same network with no CPU
 * slowdown: what the downloads alone allow (the floor under LCP; the targets do not apply).
 * PERF_PATH=<n> prints, for each page's median run, the last n steps of Lighthouse's simulation of
 * its LCP (requests and tasks, simulated start and end): what holds LCP up.
 * Figures only; exits 0 once it has measured.
 *
 * Lighthouse, the server (`--base URL`, or in-process with the build) and Chromium: see
 * bench/lighthouse.ts. Between runs the HTTP cache, the service worker and its caches are cleared,
 * the session and settings in localStorage are kept.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lcpPath, median, PAGES, startLighthouseBench, type LighthouseResult } from './lighthouse.ts';

const RUNS = Number(process.env.PERF_RUNS ?? 3);
const THEME = process.env.PERF_THEME ?? 'light';
const ONLY = process.env.PERF_PAGES?.split(',');
const CPU = Number(process.env.PERF_CPU ?? 4);
const PATH = Number(process.env.PERF_PATH ?? 0);

const { lighthouse, base, port, setup, context, prepare, close } = await startLighthouseBench('perf');

const flags = {
  port,
  output: 'json',
  logLevel: 'error',
  onlyCategories: ['performance'],
  formFactor: 'mobile',
  // Keep localStorage (the session, theme and language): the cache is emptied below instead.
  disableStorageReset: true,
  // Lighthouse's mobile default (simulated slow 4G), with the CPU slowdown PERF_CPU.
  throttling: {
    rttMs: 150,
    throughputKbps: 1.6 * 1024,
    requestLatencyMs: 150 * 3.75,
    downloadThroughputKbps: 1.6 * 1024 * 0.9,
    uploadThroughputKbps: 750 * 0.9,
    cpuSlowdownMultiplier: CPU,
  },
};

interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  lcpElement: string;
  /** PERF_PATH: the end of the simulated LCP. */
  path: string[];
}

function read(result: LighthouseResult): Omit<Run, 'path'> {
  const a = result.lhr.audits;
  const items = a['largest-contentful-paint-element']?.details?.items as Array<{ items?: Array<{ node?: { snippet?: string } }> }> | undefined;
  return {
    score: result.lhr.categories.performance.score ?? 0,
    fcp: a['first-contentful-paint'].numericValue ?? NaN,
    lcp: a['largest-contentful-paint'].numericValue ?? NaN,
    tbt: a['total-blocking-time'].numericValue ?? NaN,
    cls: a['cumulative-layout-shift'].numericValue ?? NaN,
    si: a['speed-index'].numericValue ?? NaN,
    lcpElement: items?.[0]?.items?.[0]?.node?.snippet ?? '?',
  };
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

try {
  await prepare({ theme: THEME });
  const cdp = await context.newCDPSession(setup);
  const origin = new URL(base).origin;
  console.log(`Lighthouse mobile performance (median of ${RUNS}, ${THEME}${CPU === 4 ? '' : `, CPU slowdown ${CPU}x: the targets assume 4x`}), ${base}`);
  console.log('page      score  FCP      LCP      TBT      CLS    SI       verdict   runs');
  const failures: string[] = [];
  for (const [name, path] of Object.entries(PAGES)) {
    if (ONLY && !ONLY.includes(name)) continue;
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'cache_storage,service_workers' });
      const result = await lighthouse(`${base}/h5/${path}`, flags);
      if (!result) throw new Error(`bench/perf: Lighthouse returned nothing for ${path}`);
      runs.push({ ...read(result), path: PATH ? await lcpPath(result, PATH) : [] });
      if (process.env.PERF_SAVE) writeFileSync(join(process.env.PERF_SAVE, `${name}-${i + 1}.json`), JSON.stringify(result.lhr));
    }
    const mid = median(runs.map((r) => r.score));
    const run = runs.find((r) => r.score === mid)!;
    const m = (k: keyof Omit<Run, 'lcpElement' | 'path'>) => median(runs.map((r) => r[k]));
    const ok = mid >= 0.95 && m('lcp') < 2000 && m('tbt') < 150;
    if (!ok && CPU === 4) failures.push(name);
    const verdict = CPU !== 4 ? 'n/a' : ok ? 'met' : 'NOT met';
    console.log(
      `${name.padEnd(9)} ${mid.toFixed(2).padEnd(6)} ${s(m('fcp')).padEnd(8)} ${s(m('lcp')).padEnd(8)} ${`${Math.round(m('tbt'))} ms`.padEnd(8)} ${m('cls').toFixed(3).padEnd(6)} ${s(m('si')).padEnd(8)} ${verdict.padEnd(9)} ${runs.map((r) => r.score.toFixed(2)).join(' ')}`,
    );
    console.log(`          LCP element: ${run.lcpElement.slice(0, 110)}`);
    if (PATH) console.log(`          the end of its simulated LCP (start, end in ms; median run):\n${run.path.map((l) => `          ${l}`).join('\n')}`);
  }
  if (CPU === 4)
    console.log(failures.length ? `\nTargets not met on: ${failures.join(', ')}` : '\nTargets met on every page (score >= 0.95, LCP < 2.0 s, TBT < 150 ms).');
} finally {
  await close();
}
