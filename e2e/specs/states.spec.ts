/**
 * Loading and empty states (issue #18, item 10): while a page's data is on its way the page shows a
 * skeleton shaped like itself (a busy region named "Loading…", its variant in data-skeleton) that
 * the content replaces where it stood; an empty list says what would be there and offers the next
 * step, which leads to the page that does it.
 *
 * A slow answer is held with page.route until the skeleton has been checked, then let through: no
 * timing involved (the mock's delayed faults answer with an error, not with the data).
 */
import type { Page, Route } from '@playwright/test';
import { test, expect } from '../fixtures/server.ts';
import { apiLogin, appPath, MOCK_CODE } from '../fixtures/helpers.ts';
import { createApi } from '../fixtures/api.ts';

/** A user registered just now (no orders, no team, no favourites, no positions), logged in. */
async function freshUser(page: Page): Promise<void> {
  const api = createApi(page.request, '..');
  const account = `new${Date.now()}@example.com`;
  await api.ok('sendCode', { body: { account, scene: 'register' } });
  const { token } = await api.ok('register', {
    body: { accountType: 'email', account, password: 'Fresh20261', confirmPassword: 'Fresh20261', code: MOCK_CODE, agree: true },
  });
  // In place before the app's first script runs: the first page.goto opens the page logged in.
  await page.addInitScript((t) => localStorage.setItem('token', t), token);
}

/** The demo user (with balances, messages and P2P ads), logged in before the first page.goto. */
async function demoUser(page: Page): Promise<void> {
  const token = await apiLogin(page);
  await page.addInitScript((t) => localStorage.setItem('token', t), token);
}

/**
 * Holds every API read from now on. `asked(path)` resolves once the page has asked for `path` (the
 * page itself is mounted then, past the route's code-loading fallback); `release()` lets them through.
 */
async function holdReads(page: Page) {
  const held: Route[] = [];
  let holding = true;
  const waiting: Array<{ path: RegExp; resolve: () => void }> = [];
  await page.route(/\/api\//, (route) => {
    if (!holding || route.request().method() !== 'GET') return void route.continue();
    held.push(route);
    for (const w of waiting) if (w.path.test(new URL(route.request().url()).pathname)) w.resolve();
  });
  return {
    asked: (path: RegExp) =>
      new Promise<void>((resolve) => {
        if (held.some((r) => path.test(new URL(r.request().url()).pathname))) resolve();
        else waiting.push({ path, resolve });
      }),
    release: async () => {
      holding = false;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

const EMPTY_LISTS = [
  { path: 'pages/trade/entrust', testId: 'orders-empty', text: 'No open orders', action: 'Place an order', lands: '/pages/trade/trade' },
  {
    path: 'pages/market/market?tab=favorites',
    testId: 'favorites-empty',
    text: 'No favourites yet',
    action: 'Add from all markets',
    lands: '/pages/market/market',
  },
  { path: 'pages/mine/group', testId: 'team-empty', text: 'No team members yet', action: 'Share your referral code', lands: '/pages/mine/invite' },
  { path: 'pages/legal/recordlist', testId: 'p2p-records-empty', text: 'No orders in progress', action: 'Go to the P2P market', lands: '/pages/legal/legal' },
  { path: 'pages/lever/leverList', testId: 'lever-no-positions', text: 'No open positions', action: 'Open a position', lands: '/pages/lever/lever' },
] as const;

for (const list of EMPTY_LISTS) {
  test(`a new user's empty ${list.path}: "${list.text}", and "${list.action}" leads to the page that does it`, async ({ page }) => {
    await freshUser(page);
    await page.goto(list.path);
    const empty = page.getByTestId(list.testId);
    await expect(empty).toContainText(list.text);
    const action = empty.getByTestId(`${list.testId}-action`);
    await expect(action).toHaveText(list.action);
    await action.click();
    await expect.poll(() => appPath(page)).toBe(list.lands);
    // The page it leads to is another one, not the empty list again.
    await expect(page.getByTestId(list.testId)).toHaveCount(0);
  });
}

// `skeletonFirst` (inside the skeleton's shapes) stands for `contentFirst`, the page's first block;
// `asks` is the page's own read (held until the skeleton has been looked at).
for (const { name, path, asks, variant, skeletonFirst, contentFirst } of [
  {
    name: 'assets',
    path: 'pages/assets/assets',
    asks: /\/api\/me\/wallet$/,
    variant: 'assets',
    skeletonFirst: ':scope > div > :first-child',
    contentFirst: 'main section',
  },
  {
    name: 'system messages',
    path: 'pages/mine/systemMessages',
    asks: /\/api\/me\/messages$/,
    variant: 'inbox',
    skeletonFirst: ':scope > div > :nth-child(2) > :first-child',
    contentFirst: '[data-testid="message-item"]',
  },
]) {
  test(`a slow answer shows the ${name} page's own skeleton, shimmering, and the content takes its place`, async ({ page }) => {
    await demoUser(page);
    const reads = await holdReads(page);
    await page.goto(path);
    await reads.asked(asks);
    const skeleton = page.getByRole('status', { name: 'Loading…' });
    await expect(skeleton).toHaveAttribute('data-skeleton', variant);
    await expect(skeleton).toHaveAttribute('aria-busy', 'true');
    const shimmer = await skeleton
      .locator('span')
      .first()
      .evaluate((el) => getComputedStyle(el, '::after').animationName);
    expect(shimmer).not.toBe('none');
    // Read in the page in one step: the route's code-loading skeleton gives way to the page's own
    // (the same shapes) at a moment of React's choosing, which can fall between two Playwright calls.
    const stand = await page.evaluate((sel) => document.querySelector('[data-skeleton]')?.querySelector(sel)?.getBoundingClientRect().y ?? NaN, skeletonFirst);
    await reads.release();
    const first = page.locator(contentFirst).first();
    await expect(first).toBeVisible();
    await expect(page.locator('[data-skeleton]')).toHaveCount(0);
    // The first block lands where its skeleton stood: nothing jumps when the data arrives.
    const y = await first.evaluate((el) => el.getBoundingClientRect().y);
    expect(Math.abs(y - stand), `content at ${y}, its skeleton at ${stand}`).toBeLessThanOrEqual(6);
  });
}

test('the skeleton stands still for a user who prefers reduced motion', async ({ page }) => {
  await demoUser(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const reads = await holdReads(page);
  await page.goto('pages/trade/entrust');
  await reads.asked(/\/api\/me\/orders/);
  const bone = page.locator('[data-skeleton="orderRows"] span').first();
  expect(await bone.evaluate((el) => getComputedStyle(el, '::after').animationName)).toBe('none');
  await reads.release();
});
