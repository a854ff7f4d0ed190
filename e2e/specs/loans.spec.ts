/**
 * Loans against the mock: the schedule and total cost before applying, identity first, a credit
 * loan's contact details, the loan issued into the funds account, repaid early for less interest,
 * an instalment taken on its date, an overdue loan without fees; screenshots in en/de/ar.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/server.ts';
import { apiOf, layoutProblems, loginWithToken, setPreferences, shown, untranslated, openPage } from '../fixtures/helpers.ts';
import type { Api } from '../fixtures/api.ts';
import { PNG } from '../fixtures/funds.ts';
import { screenshot } from '../fixtures/shots.ts';

const DAY = 86_400_000;

async function verify(api: Api, token: string) {
  const image = async () => (await api.ok('uploadImage', { token, body: { image: `data:image/png;base64,${PNG.toString('base64')}` } })).id;
  await api.ok('submitIdentity', {
    token,
    body: { level: 'primary', realName: 'Alex Morgan', idType: 'id_card', idNumber: 'X1234567', frontImage: await image(), backImage: await image() },
  });
}

async function funds(api: Api, token: string) {
  const wallet = await api.ok('getWallet', { token });
  return wallet.accounts.find((a) => a.kind === 'funds')!.balances.find((b) => b.coin === 'USDT')!.available;
}

test.beforeEach(async ({ server }) => {
  await server.control.reset({ seed: 42, freezeClock: true, scenario: 'instant-review' });
});

test('an assistance loan: the schedule before applying, issued into the funds account, repaid early for the interest of three days', async ({
  page,
  server,
}) => {
  const token = await loginWithToken(page);
  const api = apiOf(page);
  await page.goto('pages/loans/loansindex');
  await page.getByTestId('loan-amount').fill('50');
  await expect(page.getByText('Enter an amount from')).toBeVisible();
  await page.getByTestId('loan-amount').fill('1000');
  await page.getByTestId('loan-days').getByText('14 days').click();
  await expect(page.getByTestId('loan-total')).toHaveText(shown('1,007.00 USDT'));
  await expect(page.getByTestId('loan-instalment')).toHaveCount(1);
  // Identity first, said before the form is filled in: applying waits for it.
  await expect(page.getByTestId('loan-verify-first')).toContainText('A loan needs a verified identity');
  await expect(page.getByTestId('loan-apply')).toBeDisabled();
  await page.getByTestId('loan-verify').click();
  await expect(page).toHaveURL(/pages\/mine\/authentication/);

  await verify(api, token);
  await page.goto('pages/loans/loansindex');
  await expect(page.getByTestId('loan-verify-first')).toHaveCount(0);
  await page.getByTestId('loan-amount').fill('1000');
  await page.getByTestId('loan-days').getByText('14 days').click();
  await expect(page.getByTestId('loan-total')).toHaveText(shown('1,007.00 USDT'));
  await page.getByTestId('loan-apply').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Apply for loan' }).click();
  await expect(page).toHaveURL(/pages\/loans\/loansdetail$/);
  const loan = page.getByTestId('loan');
  await expect(loan).toHaveAttribute('data-status', 'issued');
  expect(await funds(api, token)).toBe('11000.000000');

  await server.control.clock({ advanceMs: 3 * DAY + 1000 });
  await page.reload();
  await expect(loan.getByTestId('loan-payoff')).toHaveText(shown('1,002.00 USDT'));
  // One instalment left: "next" and "everything" are the same repayment, one button at the cheaper price, said on it.
  await expect(loan.getByTestId('loan-repay-next')).toHaveCount(0);
  await expect(loan.getByTestId('loan-repay-full')).toContainText('1,002.00 USDT');
  await loan.getByTestId('loan-repay-full').click();
  await expect(page.getByRole('dialog')).toContainText('Repaying early');
  await page.getByRole('dialog').getByRole('button', { name: 'Repay everything' }).click();
  await expect(loan).toHaveAttribute('data-status', 'repaid');
  expect(await funds(api, token)).toBe('9998.000000');
  // What it really cost, not the schedule's 1,007.00.
  await expect(loan.getByTestId('loan-repaid')).toHaveText(shown('1,002.00 USDT'));
  await expect(loan.getByTestId('loan-total')).toHaveCount(0);
});

test('a declined application shows no schedule and nothing to repay', async ({ page }) => {
  const token = await loginWithToken(page);
  const api = apiOf(page);
  await verify(api, token);
  // The mock declines an amount whose whole part ends in 7 (docs/mock/loans.md).
  await api.ok('applyLoan', { token, body: { productId: 'ln_assist', amount: '1007', days: 14, method: 'one_time' } });
  await page.goto('pages/loans/loansdetail');
  const loan = page.getByTestId('loan');
  await expect(loan).toHaveAttribute('data-status', 'rejected');
  await expect(loan.getByTestId('loan-status-hint')).toContainText('Nothing was paid out');
  await expect(loan.getByTestId('loan-schedule')).toHaveCount(0);
  await expect(loan.getByTestId('loan-total')).toHaveCount(0);
  await expect(loan.getByTestId('loan-repay-full')).toHaveCount(0);
});

test('a credit loan in instalments: contact details required and explained, the first instalment taken on its date, an overdue one without fees', async ({
  page,
  server,
}) => {
  const token = await loginWithToken(page);
  const api = apiOf(page);
  await verify(api, token);
  await page.goto('pages/loans/loansindex');
  await page.getByTestId('loan-type').getByText('Credit loan').click();
  await page.getByTestId('loan-amount').fill('3000');
  await page.getByTestId('loan-days').getByText('90 days').click();
  await page.getByTestId('loan-method').getByText('Monthly instalments').click();
  await expect(page.getByTestId('loan-instalment')).toHaveCount(3);
  await expect(page.getByTestId('loan-total')).toHaveText(shown('3,108.00 USDT'));
  await expect(page.getByTestId('loan-contact-card')).toContainText('never reads');
  await page.getByTestId('loan-apply').click();
  await expect(page.getByTestId('loan-contact-card').getByText('This field is required')).toHaveCount(4);
  await page.getByTestId('loan-emergencyName').fill('Sam Morgan');
  await page.getByTestId('loan-emergencyPhone').fill('+1 555 0100');
  await page.getByTestId('loan-contact').fill('demo@example.com');
  await page.getByTestId('loan-address').fill('1 Harbor Street, Springfield');
  await page.getByTestId('loan-apply').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Apply for loan' }).click();
  const loan = page.getByTestId('loan');
  await expect(loan).toHaveAttribute('data-status', 'issued');

  // 30 days: the first instalment (1,036 USDT) is taken from the funds account.
  await server.control.clock({ advanceMs: 30 * DAY });
  const later = await loginWithToken(page);
  expect(await funds(api, later)).toBe('11964.000000');
  await page.goto('pages/loans/loansdetail');
  await expect(loan.getByTestId('loan-instalment').first()).toHaveAttribute('data-paid', 'true');
  await expect(loan.getByTestId('loan-outstanding')).toHaveText(shown('2,072.00 USDT'));
  // Money moved away: the second instalment cannot be taken, the loan is overdue, nothing added.
  const fresh = await loginWithToken(page);
  await apiOf(page).ok('transfer', { token: fresh, body: { coin: 'USDT', from: 'funds', to: 'exchange', amount: '11000' } });
  await server.control.clock({ advanceMs: 30 * DAY });
  await loginWithToken(page);
  await page.goto('pages/loans/loansdetail');
  await expect(loan).toHaveAttribute('data-status', 'broken');
  await expect(loan.getByTestId('loan-status-hint')).toContainText('there are no late fees');
  await expect(loan.getByTestId('loan-outstanding')).toHaveText(shown('2,072.00 USDT'));
  // Two instalments left: two buttons, each with its cost; repaying an overdue loan is not "early".
  await expect(loan.getByTestId('loan-repay-next')).toContainText('1,036.00 USDT');
  await loan.getByTestId('loan-repay-full').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog')).not.toContainText('early');
  await page.getByRole('dialog').getByRole('button', { name: 'Not now' }).click();
});

/** A credit loan in progress (the detail page has something to show), and the form filled in on the products page. */
async function withLoan(page: Page) {
  const token = await loginWithToken(page);
  const api = apiOf(page);
  await verify(api, token);
  await api.ok('applyLoan', {
    token,
    body: {
      productId: 'ln_credit',
      amount: '3000',
      days: 90,
      method: 'instalments',
      emergencyName: 'Sam',
      emergencyPhone: '+1 555 0100',
      contact: 'demo@example.com',
      address: '1 Harbor St',
    },
  });
}

async function fillCredit(page: Page) {
  await page.getByTestId('loan-type').locator('label').last().click();
  await page.getByTestId('loan-amount').fill('3000');
  await expect(page.getByTestId('loan-schedule')).toBeVisible();
}

test('every loans string comes from the dictionaries (pseudo locale)', async ({ page }) => {
  await withLoan(page);
  await page.goto('pages/loans/loansindex?pseudo=1');
  await fillCredit(page);
  expect(await untranslated(page)).toEqual([]);
  await page.goto('pages/loans/loansdetail?pseudo=1');
  await expect(page.getByTestId('loan')).toHaveCount(1);
  expect(await untranslated(page)).toEqual([]);
  await page.goto('pages/mine/about?pseudo=0');
});

for (const lang of ['en', 'de', 'ar']) {
  test(`screenshots of the loan pages in ${lang}, light and dark: nothing scrolls sideways or is cut off`, async ({ page }) => {
    await withLoan(page);
    for (const theme of ['light', 'dark']) {
      await setPreferences(page, lang, theme);
      await openPage(page, 'pages/loans/loansindex');
      await fillCredit(page);
      expect(await layoutProblems(page), `loans ${lang} ${theme}`).toEqual([]);
      await screenshot(page, 'loans', `loans-${lang}-${theme}`);
      await openPage(page, 'pages/loans/loansdetail');
      await expect(page.getByTestId('loan')).toHaveCount(1);
      expect(await layoutProblems(page), `my loans ${lang} ${theme}`).toEqual([]);
      await screenshot(page, 'loans', `loansdetail-${lang}-${theme}`);
    }
  });
}
