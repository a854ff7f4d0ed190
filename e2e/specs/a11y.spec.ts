/**
 * Accessibility: axe-core finds no violation on any page of the app (every path of
 * web/src/lib/paths.ts, with the query parameters and the demo's data each needs), logged in as the
 * demo, in English light, English dark and Arabic light (right to left); and on home, markets,
 * trade and assets every control is reached by Tab in document order and shows a focus ring.
 *
 * The rules: axe's WCAG 2.0, 2.1 and 2.2 level A and AA tags (what the product promises, and what
 * Lighthouse's accessibility audits are drawn from), plus the `best-practice` tag without the
 * rules that are about a document's structure rather than its users (`region`: content outside a
 * landmark, and the heading-order rules of long documents), so that the rules Lighthouse scores
 * but WCAG does not list (e.g. `aria-allowed-role`, `landmark-unique`) are covered as well.
 */
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { test, expect } from '../fixtures/server.ts';
import { loginWithToken, QUIET_PAGE } from '../fixtures/helpers.ts';
import type { Api } from '../fixtures/api.ts';
import { ALL_PATHS, paths, type AppPath } from '../../web/src/lib/paths.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];
/** Best practices about a document's outline, not about using it: a one-screen app page is not an article. */
const NOT_CHECKED = ['region', 'heading-order', 'page-has-heading-one'];

/** Pages shown to a guest only (they work logged in as well, but a guest is who sees them). */
const GUEST: AppPath[] = [paths.mine.login, paths.mine.register, paths.mine.forgetPwd, paths.mine.forgetPwdNext];

/** The query each page needs; ids of the demo's data come from the API (`demoData`). */
type Ids = { news: string; message: string; store: string; ad: string; order: string };
function query(path: AppPath, ids: Ids): string {
  const symbol = 'symbol=BTC%2FUSDT';
  const q: Partial<Record<AppPath, string>> = {
    [paths.market.kline]: symbol,
    [paths.market.second]: symbol,
    [paths.trade.trade]: symbol,
    [paths.lever.lever]: symbol,
    [paths.home.newsDetail]: `id=${ids.news}`,
    [paths.mine.systemMessagesDetail]: `id=${ids.message}`,
    [paths.legal.storeDetail]: `id=${ids.store}`,
    [paths.legal.order]: `store=${ids.store}&ad=${ids.ad}`,
    [paths.legal.orderDetail]: `id=${ids.order}`,
    [paths.legal.finished]: `id=${ids.order}`,
    [paths.lockming.lockmingdetail]: 'id=mc_s19',
    [paths.ieo.detail]: 'id=io_ton',
    [paths.assets.tradeAccount]: 'coin=USDT&kind=funds',
  };
  return q[path] ? `?${q[path]}` : '';
}

/** The demo's news article, system message, a merchant's store and ad, and a P2P order of the demo's own. */
async function demoData(api: Api, token: string): Promise<Ids> {
  const news = (await api.ok('listNews', { query: {} })).items[0].id;
  const message = (await api.ok('listMessages', { token, query: {} })).items[0].id;
  const ad = (await api.ok('listP2pAds', { query: { side: 'buy', coin: 'USDT', fiat: 'USD' } })).items.find((a) => a.store.name === 'Harbor OTC')!;
  const order = await api.ok('placeP2pOrder', { token, body: { adId: ad.id, amount: '100.20', payment: 'bank' } });
  return { news, message, store: ad.store.id, ad: ad.id, order: order.id };
}

/** Waits until the page's content is in: its h1, no skeleton, no loading bar. Not `networkidle`: sockets stream. */
async function settled(page: Page, label = '') {
  await expect(page.locator('h1').first(), label).toBeVisible();
  await expect(page.locator('.mantine-Skeleton-root, [data-testid=loading]'), `${label}: still loading`).toHaveCount(0, { timeout: 10_000 });
}

type Found = { page: string; rule: string; impact: string; help: string; targets: string[]; url: string };

async function audit(page: Page, label: string): Promise<Found[]> {
  const results = await new AxeBuilder({ page })
    // First: options() replaces what withTags and disableRules set.
    .options({ resultTypes: ['violations'] })
    .withTags(TAGS)
    .disableRules(NOT_CHECKED)
    .analyze();
  return results.violations.map((v) => ({
    page: label,
    rule: v.id,
    impact: v.impact ?? '',
    help: v.help,
    targets: v.nodes.slice(0, 8).map((n) => `${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.split('\n').slice(1).join(' ').trim()})` : ''}`),
    url: v.helpUrl,
  }));
}

function report(found: Found[]): string {
  return found.map((f) => `${f.page}: ${f.rule} (${f.impact}) ${f.help}\n  ${f.url}\n  ${f.targets.join('\n  ')}`).join('\n');
}

const VARIANTS = [
  { lang: 'en', theme: 'light' },
  { lang: 'en', theme: 'dark' },
  { lang: 'ar', theme: 'light' },
] as const;

test.describe.configure({ mode: 'parallel' });

/** The logged-in pages, in two halves (one test each, so that two workers share the work evenly). */
const LOGGED_IN = ALL_PATHS.filter((p) => p !== paths.root && !GUEST.includes(p) && `/${QUIET_PAGE}` !== p);
const HALVES = [LOGGED_IN.slice(0, Math.ceil(LOGGED_IN.length / 2)), LOGGED_IN.slice(Math.ceil(LOGGED_IN.length / 2))];

for (const { lang, theme } of VARIANTS)
  for (const [half, pages] of HALVES.entries()) {
    test(`axe finds no violation on any page (${lang}, ${theme}, part ${half + 1})`, async ({ page, api, server }) => {
      // About 40 pages, each loaded and audited: 1-2 s apiece on two idle cores, up to 8 s on busy ones.
      test.setTimeout(480_000);
      await server.control.reset({ seed: 42, freezeClock: true });
      await page.addInitScript(
        ([l, th]) => {
          localStorage.setItem('lang', l);
          localStorage.setItem('theme', th);
        },
        [lang, theme],
      );
      const found: Found[] = [];
      const visit = async (path: AppPath, q = '') => {
        await page.goto(`.${path}${q}`);
        await settled(page, `${path}${q}`);
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
        const here = await audit(page, `${path}${q}`);
        // As it goes: a run cut short still shows what it found.
        if (here.length) console.log(report(here));
        found.push(...here);
      };

      if (half === 0) for (const path of GUEST) await visit(path);
      const token = await loginWithToken(page);
      const ids = await demoData(api, token);
      for (const path of pages) await visit(path, query(path, ids));
      if (half === 1) {
        await visit(`/${QUIET_PAGE}` as AppPath);
        // The 404 page has no h1 of the shell: its own heading.
        await page.goto('./no/such/page');
        await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
        found.push(...(await audit(page, '404')));
      }

      expect(found, `axe violations (${lang}, ${theme}):\n${report(found)}`).toEqual([]);
    });
  }

/**
 * Tabs through the page from the top until focus leaves it: every control visible at the end (the
 * virtualised list renders rows as focus moves down) must have been focused, each after the one
 * before in document order, and each focused element (or, for a visually hidden input, its
 * visible control) must draw a focus indicator: an outline or a box shadow.
 */
async function tabThrough(page: Page, label: string): Promise<string[]> {
  const problems: string[] = [];
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await page.locator('body').focus();
  for (let i = 0; i < 400; i++) {
    await page.keyboard.press('Tab');
    const step = await page.evaluate((n) => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return { done: true as const };
      const describe = (e: Element) =>
        `${e.tagName.toLowerCase()}${e.getAttribute('data-testid') ? `[data-testid=${e.getAttribute('data-testid')}]` : ''} "${(e.getAttribute('aria-label') ?? e.textContent ?? '').trim().slice(0, 30)}"`;
      if (el.dataset.kbdSeen) return { done: true as const, again: describe(el) };
      const previous = document.querySelector('[data-kbd-last]');
      const backwards = previous && previous.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING ? describe(previous) : null;
      previous?.removeAttribute('data-kbd-last');
      el.dataset.kbdSeen = String(n);
      el.dataset.kbdLast = '1';
      const drawn = (e: Element) => {
        const s = getComputedStyle(e);
        return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
      };
      const box = el.getBoundingClientRect();
      const hidden = getComputedStyle(el).opacity === '0' || box.width <= 1 || box.height <= 1;
      // A visually hidden input (Switch, Checkbox, Radio, SegmentedControl) shows focus on its visible part.
      const candidates = hidden ? [el, ...(el.parentElement ? [el.parentElement, ...el.parentElement.querySelectorAll('*')] : [])] : [el];
      return { done: false as const, name: describe(el), visible: candidates.some(drawn), backwards };
    }, i);
    if (step.done) {
      if ('again' in step && step.again) problems.push(`${label}: focus came back to ${step.again} before leaving the page`);
      break;
    }
    if (!step.visible) problems.push(`${label}: no visible focus indicator on ${step.name}`);
    if (step.backwards) problems.push(`${label}: ${step.name} focused after ${step.backwards}, which follows it in the document`);
  }
  const missed = await page.evaluate(() => {
    const tabbable = document.querySelectorAll<HTMLElement>(
      'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex]',
    );
    const out: string[] = [];
    for (const el of tabbable) {
      if (el.tabIndex < 0 || el.dataset.kbdSeen || !el.checkVisibility({ visibilityProperty: true })) continue;
      if (el.closest('[inert], [aria-hidden=true]')) continue;
      // One radio of a group is in the tab order: the checked one.
      if (el instanceof HTMLInputElement && el.type === 'radio' && el.name && !el.checked) continue;
      out.push(
        `${el.tagName.toLowerCase()}${el.dataset.testid ? `[data-testid=${el.dataset.testid}]` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`,
      );
    }
    return out;
  });
  for (const m of missed) problems.push(`${label}: never reached by Tab: ${m}`);
  return problems;
}

test('on home, markets, trade and assets Tab reaches every control in order, each with a visible focus ring', async ({ page, server }) => {
  test.slow();
  // Prices stand still: home's movers re-sort on every tick, which moved a focused row in the document mid-walk.
  await server.control.reset({ seed: 42, freezeClock: true });
  await loginWithToken(page);
  const problems: string[] = [];
  for (const path of [paths.home.home, paths.market.market, `${paths.trade.trade}?symbol=BTC%2FUSDT`, paths.assets.assets]) {
    await page.goto(`.${path}`);
    await settled(page);
    problems.push(...(await tabThrough(page, path)));
  }
  expect(problems, problems.join('\n')).toEqual([]);

  // Operable: a market row opens its K-line from the keyboard.
  await page.goto(`.${paths.market.market}`);
  await settled(page);
  const row = page.locator('[data-testid=ticker-row][data-symbol="BTC/USDT"] a');
  await row.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/pages\/market\/kline\?symbol=BTC%2FUSDT/);
});
