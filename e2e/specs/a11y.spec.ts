/**
 * Accessibility from the keyboard: on home, markets, trade and assets every control is reached by
 * Tab in document order, shows a focus ring and is not hidden under the sticky header or the tab
 * bar, and a market row opens from the keyboard. axe-core's audit of every page (en light, en dark,
 * ar light) runs in the sweep (sweep.spec.ts), on the same visit as the layout checks.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/server.ts';
import { loginWithToken } from '../fixtures/helpers.ts';
import { paths } from '../../web/src/lib/paths.ts';

/**
 * Waits until the page's content is in: index.html's static shell gone (it lies over the app until
 * the page has drawn itself, and has an h1 of its own), the page's h1, no skeleton, no loading bar.
 * Not `networkidle`: sockets stream.
 */
async function settled(page: Page) {
  await expect(page.locator('#boot')).toHaveCount(0);
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('.mantine-Skeleton-root, [data-testid=loading]'), 'still loading').toHaveCount(0, { timeout: 10_000 });
}

/**
 * Tabs through the page from the top until focus leaves it: every control visible at the end (the
 * virtualised list renders rows as focus moves down) must have been focused, each after the one
 * before in document order, and each focused element (or, for a visually hidden input, its
 * visible control) must draw a focus indicator, an outline or a box shadow, and be drawn on top
 * at its centre, not under the sticky header or the tab bar.
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
      // Not hidden under the sticky header or the tab bar once the browser has scrolled it into view
      // (WCAG 2.4.11): what is drawn at its centre is the element itself.
      const hit = hidden ? null : document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const coveredBy = hit && !el.contains(hit) && !hit.contains(el) ? describe(hit) : null;
      return { done: false as const, name: describe(el), visible: candidates.some(drawn), backwards, coveredBy };
    }, i);
    if (step.done) {
      if ('again' in step && step.again) problems.push(`${label}: focus came back to ${step.again} before leaving the page`);
      break;
    }
    if (!step.visible) problems.push(`${label}: no visible focus indicator on ${step.name}`);
    if (step.coveredBy) problems.push(`${label}: ${step.name} is focused under ${step.coveredBy}`);
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
