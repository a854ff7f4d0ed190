/**
 * The referral team: the demo's seeded team on My team and Funding details; a friend who registers
 * with the demo's code appears in the team, and their trade's fee credits the demo a rebate that
 * arrives live, into the funds account; screenshots in light and dark, English, German and Arabic.
 */
import Big from 'big.js';
import { test, expect } from '../fixtures/server.ts';
import { apiOf, apiLogin, layoutProblems, loginWithToken, MOCK_CODE, shown, untranslated, setPreferences, openPage } from '../fixtures/helpers.ts';
import { fundsUsdt } from '../fixtures/funds.ts';
import { screenshot } from '../fixtures/shots.ts';

test.beforeEach(async ({ server }) => {
  await server.control.reset({ seed: 42, freezeClock: true });
});

test("my team: the demo's seeded members with levels, activity and income; a level filter; funding details one step away", async ({ page }) => {
  await loginWithToken(page);
  await page.goto('pages/mine/userCenter');
  await page.getByTestId('row-group').click();
  await expect(page.getByTestId('team-direct')).toHaveText('5');
  await expect(page.getByTestId('team-count')).toHaveText('6');
  await expect(page.getByTestId('team-active')).toHaveText('4');
  await expect(page.getByTestId('team-rate-1')).toContainText('20%');
  await expect(page.getByTestId('team-rate-2')).toContainText('10%');
  await expect(page.getByTestId('team-income')).toContainText('USDT');
  const members = page.getByTestId('team-member');
  await expect(members).toHaveCount(6);
  // Newest first: Omar joined two days ago and has not traded; Sam's last trade is 41 days old.
  await expect(members.first()).toContainText('om***@example.com');
  await expect(members.first().getByTestId('member-activity')).toHaveText('Inactive');
  await expect(members.filter({ hasText: 'sa***@example.com' }).getByTestId('member-activity')).toHaveText('Inactive');
  await expect(members.filter({ hasText: 'li***@example.com' }).getByTestId('member-activity')).toHaveText('Active');
  await expect(page.locator('[data-testid=team-member][data-active=true]')).toHaveCount(4);
  await page.getByTestId('team-filter').getByText('Level 2').click();
  await expect(members).toHaveCount(1);
  await expect(members.first()).toContainText('yu***@example.com');
  await page.getByTestId('group-log-link').click();
  await expect(page).toHaveURL(/pages\/mine\/group_log$/);
  await expect(page.getByTestId('rebate')).toHaveCount(20);
  await page.getByTestId('load-more').click();
  await expect(page.getByTestId('rebate').nth(20)).toBeVisible();
  // Every visible string comes from the dictionaries (pseudo locale); masked accounts are data.
  await page.goto('pages/mine/group?pseudo=1');
  await expect(members).toHaveCount(6);
  expect(await untranslated(page)).toEqual([]);
  await page.goto('pages/mine/group_log');
  await expect(page.getByTestId('rebate')).toHaveCount(20);
  expect(await untranslated(page)).toEqual([]);
  await page.goto('pages/mine/about?pseudo=0');
});

test("a friend registered with my code joins my team, and their trade's fee credits me 20 % live, into my funds account", async ({ page, server }) => {
  const api = apiOf(page);
  const demoToken = await loginWithToken(page);
  const before = await fundsUsdt(api, demoToken);
  await page.goto('pages/mine/group');
  await expect(page.getByTestId('team-member')).toHaveCount(6);

  // The friend opens my invitation link and registers.
  const friend = 'new.friend@example.com';
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto('pages/mine/register?invite=DEMO01');
  await expect(page.getByTestId('invite-input')).toHaveValue('DEMO01');
  await api.ok('sendCode', { body: { account: friend, scene: 'register' } });
  await api.ok('register', {
    body: { accountType: 'email', account: friend, password: 'Friend2026', confirmPassword: 'Friend2026', code: MOCK_CODE, inviteCode: 'DEMO01', agree: true },
  });
  const friendToken = await apiLogin(page, friend, 'Friend2026');

  // Back as the demo: the friend is the newest member, level 1, not active yet.
  await page.evaluate((t) => localStorage.setItem('token', t), demoToken);
  await page.goto('pages/mine/group');
  await expect(page.getByTestId('team-direct')).toHaveText('6');
  const newest = page.getByTestId('team-member').first();
  await expect(newest).toContainText('ne***@example.com');
  await expect(newest).toHaveAttribute('data-level', '1');
  await expect(newest.getByTestId('member-activity')).toHaveText('Inactive');

  // The friend deposits and sells on spot; the page is open on Funding details.
  await page.getByTestId('group-log-link').click();
  const rebates = page.getByTestId('rebate');
  await expect(rebates).toHaveCount(20);
  const firstBefore = await rebates.first().textContent();
  await api.ok('sandboxDeposit', { token: friendToken, body: { coin: 'USDT', chain: 'TRC20', amount: '2000' } });
  await server.control.clock({ advanceMs: 600_000 });
  await api.ok('transfer', { token: friendToken, body: { coin: 'USDT', from: 'funds', to: 'exchange', amount: '2000' } });
  const order = await api.ok('placeOrder', { token: friendToken, body: { symbol: 'BTC/USDT', side: 'buy', type: 'market', quoteAmount: '1500' } });
  expect(order.feeCoin).toBe('BTC');
  const share = new Big(order.fee).times('0.2').round(8, Big.roundDown);

  // Live: the rebate is at the top without reloading.
  await expect(rebates.first()).not.toHaveText(firstBefore ?? '');
  await expect(rebates.first()).toContainText('ne***@example.com');
  await expect(rebates.first().getByTestId('rebate-amount')).toHaveText(shown(`+${share.toFixed()} BTC`));
  // In the funds account (BTC), and the USDT balance is what it was.
  const wallet = await api.ok('getWallet', { token: demoToken });
  const funds = wallet.accounts.find((a) => a.kind === 'funds')!;
  expect(funds.balances.find((b) => b.coin === 'BTC')!.available).toBe(new Big('0.5').plus(share).toFixed(8));
  expect(await fundsUsdt(api, demoToken)).toBe(before);
  // The friend is active now, and has earned the demo something.
  await page.goto('pages/mine/group');
  await expect(page.getByTestId('team-member').first().getByTestId('member-activity')).toHaveText('Active');
  await expect(page.getByTestId('team-active')).toHaveText('5');
});

test('a new user without a team sees how to build one, not an empty page', async ({ page }) => {
  const api = apiOf(page);
  await api.ok('sendCode', { body: { account: 'solo@example.com', scene: 'register' } });
  const { token } = await api.ok('register', {
    body: { accountType: 'email', account: 'solo@example.com', password: 'Solo20261', confirmPassword: 'Solo20261', code: MOCK_CODE, agree: true },
  });
  await page.goto('pages/mine/about');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto('pages/mine/group');
  await expect(page.getByTestId('team-empty')).toBeVisible();
  await expect(page.getByTestId('team-direct')).toHaveText('0');
  await page.getByTestId('group-invite').click();
  await expect(page).toHaveURL(/pages\/mine\/invite$/);
  await page.goto('pages/mine/group_log');
  await expect(page.getByTestId('rebates-empty')).toBeVisible();
});

for (const lang of ['en', 'de', 'ar']) {
  test(`screenshots of my team and funding details in ${lang}, light and dark: nothing scrolls sideways or is cut off`, async ({ page }) => {
    await loginWithToken(page);
    for (const theme of ['light', 'dark']) {
      await setPreferences(page, lang, theme);
      const shoot = async (name: string) => {
        expect(await layoutProblems(page, '[data-testid=team-member] > div > div, [data-testid=rebate] > div > div'), `${name} in ${lang} ${theme}`).toEqual(
          [],
        );
        await screenshot(page, 'team', `${name}-${lang}-${theme}`);
      };
      await openPage(page, 'pages/mine/group');
      await expect(page.getByTestId('team-member')).toHaveCount(6);
      await shoot('group');
      await openPage(page, 'pages/mine/group_log');
      await expect(page.getByTestId('rebate')).toHaveCount(20);
      await shoot('group-log');
    }
  });
}
