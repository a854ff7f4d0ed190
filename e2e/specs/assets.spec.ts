/** Assets overview, transfers between accounts and flash exchange. */
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/server.ts';
import { loginWithToken, shown, toast } from '../fixtures/helpers.ts';

const available = async (page: Page, coin: string) =>
  (await page.locator(`[data-testid=balance-row][data-coin=${coin}] [data-testid=balance-available]`).innerText()).replace(/,/g, '');

test('the assets page totals every account in USDT and a chosen fiat, per account kind, with search and hiding', async ({ page }) => {
  await loginWithToken(page);
  await page.goto('pages/assets/assets');
  await expect(page.getByTestId('assets-total')).not.toHaveText('0.00');
  expect(await available(page, 'USDT')).toBe('10000.00');
  expect(await available(page, 'BTC')).toBe('0.500000');
  const usd = await page.getByTestId('assets-fiat').innerText();
  await page.getByTestId('fiat-select').selectOption('EUR');
  await expect(page.getByTestId('assets-fiat')).not.toHaveText(usd);
  await page.getByLabel('Search coin').fill('chainlink');
  await expect(page.getByTestId('balance-row')).toHaveCount(1);
  await expect(page.getByTestId('balance-row')).toHaveAttribute('data-coin', 'LINK');
  await page.getByLabel('Search coin').fill('');
  await page.getByTestId('hide-small').check();
  await expect(page.getByTestId('balance-row')).toHaveCount(3);
  await page.getByTestId('kind-lever').click();
  await expect(page.getByTestId('balance-row')).toHaveCount(0);
  await expect(page.getByTestId('coins-empty')).toContainText('No coins match');
});

for (const [route, to, label] of [
  ['pages/assets/transfer', 'exchange', 'Spot'],
  ['pages/assets/transferTolever', 'lever', 'Margin'],
  ['pages/assets/transferTomicro', 'second', 'Second contracts'],
] as const) {
  test(`${route} moves USDT from funds to ${to}, and back with the swap`, async ({ page }) => {
    await loginWithToken(page);
    await page.goto(route);
    await expect(page.getByTestId('transfer-to')).toHaveValue(to);
    await page.getByTestId('amount-input').fill('250');
    await page.getByTestId('transfer-submit').click();
    const done = toast(page, 'Transferred');
    await expect(done).toBeVisible();
    await expect(page.getByTestId('transfer-available')).toHaveText(shown('9,750.00 USDT'));
    // The toast lies over the accounts row (the swap button under it); a pointer over a toast holds
    // it open, so close it as a user would before reaching for the swap.
    await done.getByRole('button', { name: 'Close' }).click();
    await expect(done).toHaveCount(0);
    await page.getByTestId('transfer-swap').click();
    await expect(page.getByTestId('transfer-from')).toHaveValue(to);
    await expect(page.getByTestId('transfer-available')).toHaveText(shown('250.00 USDT'));
    await page.getByTestId('amount-max').click();
    await expect(page.getByTestId('amount-input')).toHaveValue('250');
    await page.getByTestId('transfer-submit').click();
    await expect(page.getByTestId('transfer-available')).toHaveText(shown('0.00 USDT'));
    await page.goto('pages/assets/assets');
    await page.getByTestId(`kind-${to}`).click();
    await expect(page.getByText(/^Account total ≈ \u2068?0\.00 USDT\u2069?$/)).toBeVisible();
    void label;
  });
}

test('a transfer over the balance shows the insufficient-balance message and sends nothing', async ({ page }) => {
  await loginWithToken(page);
  await page.goto('pages/assets/transfer');
  await page.getByTestId('amount-input').fill('10000.01');
  await page.getByTestId('transfer-submit').click();
  await expect(page.getByText('Not enough balance')).toBeVisible();
  await page.getByTestId('amount-input').fill('');
  await page.getByTestId('transfer-submit').click();
  await expect(page.getByText('Please enter the amount')).toBeVisible();
});

test('flash exchange: a quote with rate, fee and countdown; it runs out and is refreshed; exchanging credits the target coin', async ({ page, server }) => {
  await server.control.reset({ seed: 42, freezeClock: true });
  await page.clock.install();
  await loginWithToken(page);
  await page.goto('pages/assets/flash');
  await page.getByTestId('amount-input').fill('0.1');
  await page.getByTestId('flash-get-quote').click();
  await expect(page.getByTestId('flash-quote')).toBeVisible();
  // The rate grouped, in its shortest form (not the wire's "66771.38960000").
  await expect(page.getByTestId('flash-rate')).toHaveText(/^\u2068?1 BTC\u2069? ≈ \u2068?\d{1,3}(,\d{3})+(\.\d*[1-9])? USDT\u2069?$/);
  // The fee's rate is the one the server quoted (feeRate 0.001), formatted by the app.
  await expect(page.getByTestId('flash-quote')).toContainText(/Fee \(\u2068?0\.1%\u2069?\)/);
  // Counted on the device from the quote's arrival: 10 s, or 9 s once a second has passed before this check.
  await expect(page.getByTestId('flash-countdown')).toHaveText(/^Quote valid for (10|9) s$/);
  // Let it run out on the device: the app offers a new quote.
  await page.clock.fastForward(11_000);
  await expect(page.getByTestId('flash-countdown')).toHaveText('The quote has expired');
  await page.getByTestId('flash-requote').click();
  await expect(page.getByTestId('flash-countdown')).toHaveText(/Quote valid for \d+ s/);
  const receive = (await page.getByTestId('flash-receive').innerText()).replace(/[\u2066-\u2069]/g, '').replace(' USDT', '');
  await page.getByTestId('flash-confirm').click();
  await expect(toast(page, new RegExp(`Exchanged: you received \u2068?${receive.replace(/[.,]/g, '\\$&')} USDT\u2069?`))).toBeVisible();
  await page.goto('pages/assets/assets');
  await expect(page.locator('[data-testid=balance-row][data-coin=BTC] [data-testid=balance-available]')).toHaveText('0.400000');
  expect(Number(await available(page, 'USDT'))).toBeGreaterThan(10000);
});

test('flash exchange: a quote the server considers expired is replaced at once', async ({ page, server }) => {
  await server.control.reset({ seed: 42, freezeClock: true });
  await loginWithToken(page);
  await page.goto('pages/assets/flash');
  await page.getByTestId('amount-input').fill('0.1');
  await page.getByTestId('flash-get-quote').click();
  await expect(page.getByTestId('flash-countdown')).toHaveText(/Quote valid for \d+ s/);
  await server.control.clock({ advanceMs: 11_000 });
  await page.getByTestId('flash-confirm').click();
  await expect(toast(page, 'This quote has expired. Get a new one')).toBeVisible();
  // A fresh quote is already there: confirming it works.
  await expect(page.getByTestId('flash-confirm')).toBeEnabled();
  await page.getByTestId('flash-confirm').click();
  await expect(toast(page, /Exchanged: you received/)).toBeVisible();
});

test('flash exchange refuses an amount over the balance before quoting', async ({ page }) => {
  await loginWithToken(page);
  await page.goto('pages/assets/flash');
  await page.getByTestId('amount-input').fill('1');
  await page.getByTestId('flash-get-quote').click();
  await expect(page.getByText('Not enough balance')).toBeVisible();
  await expect(page.getByTestId('flash-quote')).toHaveCount(0);
});
