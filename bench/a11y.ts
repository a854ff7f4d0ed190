/**
 * `npm run bench:a11y`: Lighthouse's accessibility score of home, markets, trade and assets (the
 * demo logged in), at a phone's size, in the light theme (A11Y_THEMES=light,dark for both).
 * Each page runs A11Y_RUNS times (3); prints the median score per page and the audits that failed
 * in the median run, with how many elements each. Figures only; exits 0 once it has measured.
 *
 * Lighthouse, the server (`--base URL`, or in-process with the build) and Chromium: see
 * bench/lighthouse.ts.
 */
import { median, PAGES, startLighthouseBench } from './lighthouse.ts';

const RUNS = Number(process.env.A11Y_RUNS ?? 3);
const THEMES = (process.env.A11Y_THEMES ?? 'light').split(',').map((s) => s.trim());

const { lighthouse, base, port, prepare, close } = await startLighthouseBench('a11y');

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
  console.log(`Lighthouse accessibility (median of ${RUNS}), ${base}`);
  for (const theme of THEMES) {
    await prepare({ theme });
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
  await close();
}
