/**
 * Deposits (address, limits shown first, sandbox test deposits confirmed block by block) and voucher
 * recharges (reviewed after 60 s; an amount whose whole part ends in 7 fails as a mismatch), against
 * the mock on a frozen virtual clock moved by the tests.
 */
import { test, expect } from '../fixtures/server.ts';
import { recordApiCalls, shown, toast } from '../fixtures/helpers.ts';
import { PNG, TRC20_ADDRESS, BLOCK, RECHARGE_REVIEW, firstRecord, usdtOnAssets, start, fundsUsdt } from '../fixtures/funds.ts';

test.describe('deposits', () => {
  test('a test deposit shows 0/1, is credited after one block, and the assets page balance rises without a reload', async ({ page, server }) => {
    await start(page, server);
    const calls = recordApiCalls(page);
    await page.goto('pages/assets/assets');
    await expect(usdtOnAssets(page)).toHaveText('10,000.00');
    await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));

    await page.getByTestId('action-deposit').click();
    await expect(page).toHaveURL(/pages\/assets\/charge$/);
    await expect(page.getByTestId('sandbox-box')).toContainText('only on test servers');
    await page.getByTestId('sandbox-amount').fill('250');
    await page.getByTestId('sandbox-submit').click();
    const record = firstRecord(page, 'deposit-records');
    await expect(record.getByTestId('record-status')).toHaveAttribute('data-status', 'confirming');
    await expect(record.getByTestId('record-confirmations')).toHaveText('0/1');
    await expect(record.getByTestId('record-amount')).toHaveText(shown('+250.00 USDT'));
    await expect(page.getByTestId('sandbox-amount')).toHaveValue('');

    await server.control.clock(BLOCK);
    await expect(record.getByTestId('record-status')).toHaveAttribute('data-status', 'credited');
    await expect(record.getByTestId('record-status')).toHaveText('Credited');
    await expect(record.getByTestId('record-confirmations')).toHaveText('1/1');

    // A second one (a double tap sends it once), confirmed while the assets page is open.
    await page.getByTestId('sandbox-amount').fill('50');
    await page.getByTestId('sandbox-submit').dblclick();
    await expect(page.getByTestId('deposit-records').getByTestId('record-row')).toHaveCount(2);
    expect(calls.filter((c) => c.path === '/sandbox/deposits')).toHaveLength(2);
    await expect(firstRecord(page, 'deposit-records').getByTestId('record-confirmations')).toHaveText('0/1');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/pages\/assets\/assets$/);
    await expect(usdtOnAssets(page)).toHaveText('10,250.00');
    await server.control.clock(BLOCK);
    await expect(usdtOnAssets(page)).toHaveText('10,300.00');
    expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
  });

  test('a deposit below the minimum is confirmed but not credited, with the reason', async ({ page, server, api }) => {
    const token = await start(page, server);
    await page.goto('pages/assets/charge?coin=USDT');
    await page.getByTestId('sandbox-amount').fill('5');
    await expect(page.getByTestId('sandbox-box')).toContainText('Below the minimum of 10 USDT: it will be confirmed but not credited');
    await page.getByTestId('sandbox-submit').click();
    const record = firstRecord(page, 'deposit-records');
    await expect(record.getByTestId('record-confirmations')).toHaveText('0/1');
    await server.control.clock(BLOCK);
    await expect(record.getByTestId('record-status')).toHaveAttribute('data-status', 'not_credited');
    await expect(record.getByTestId('record-status')).toHaveText('Not credited');
    await expect(record.getByTestId('record-reason')).toHaveText(/^Below the minimum deposit of \u2068?10 USDT\u2069?: not credited\.$/);
    // Nothing was credited: the amount has no sign and is struck through.
    await expect(record.getByTestId('record-amount')).toHaveText(shown('5.00 USDT'));
    await expect(record.getByTestId('record-amount')).toHaveCSS('text-decoration-line', 'line-through');
    expect(await fundsUsdt(api, token)).toBe('10000.000000');
  });

  test('the minimum deposit and the confirmations are shown before depositing, per network; address, QR code, copy and wire details', async ({
    page,
    server,
    api,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const token = await start(page, server);
    await page.goto('pages/assets/charge?coin=USDT');
    await expect(page.getByTestId('min-deposit')).toHaveText(shown('10 USDT'));
    await expect(page.getByTestId('min-deposit-note')).toHaveText('Smaller deposits are not credited to your account.');
    await expect(page.getByTestId('deposit-confirmations')).toHaveText('Credited after 1 network confirmation.');
    const trc20 = await api.ok('getDepositAddress', { token, query: { coin: 'USDT', chain: 'TRC20' } });
    await expect(page.getByTestId('deposit-address')).toHaveText(trc20.address);
    await expect(page.getByTestId('deposit-qr')).toHaveAttribute('data-value', trc20.address);

    await page.getByTestId('chain-select').getByText('ERC20').click();
    await expect(page).toHaveURL(/coin=USDT&chain=ERC20/);
    await expect(page.getByTestId('min-deposit')).toHaveText(shown('100 USDT'));
    const erc20 = await api.ok('getDepositAddress', { token, query: { coin: 'USDT', chain: 'ERC20' } });
    await expect(page.getByTestId('deposit-address')).toHaveText(erc20.address);
    await expect(page.getByTestId('deposit-qr')).toHaveAttribute('data-value', erc20.address);
    await page.getByTestId('copy-address').click();
    await expect(toast(page, 'Copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(erc20.address);

    // Wire details, each copyable.
    await expect(page.getByTestId('wire-bankName')).toHaveText('First Harbor Bank');
    await expect(page.getByTestId('wire-transferCode')).toHaveText('WDEMO01');
    await page.getByTestId('copy-wire-accountNumber').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('104477120034');

    // ?coin= preselects; a coin with a single network.
    await page.goto('pages/assets/charge?coin=BTC');
    await expect(page.getByTestId('coin-select')).toHaveValue('BTC');
    await expect(page.getByTestId('min-deposit')).toHaveText(shown('0.0005 BTC'));
    await expect(page.getByTestId('deposit-address')).toHaveText(/^bc1/);
    await expect(page.getByTestId('link-voucher')).toHaveAttribute('href', /chargeOther\?coin=BTC&chain=BTC$/);
  });

  test('a copy that the browser refuses says so', async ({ page, server }) => {
    await start(page, server);
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
      document.execCommand = () => false;
    });
    await page.goto('pages/assets/charge');
    await page.getByTestId('copy-address').click();
    await expect(toast(page, 'Copy failed')).toBeVisible();
  });
});

test.describe('voucher recharges', () => {
  test('an application is checked first, approved after review; an amount ending in 7 is rejected as a mismatch', async ({ page, server, api }) => {
    const token = await start(page, server);
    const calls = recordApiCalls(page);
    await page.goto('pages/assets/chargeOther?coin=USDT&chain=TRC20');
    const own = await api.ok('getDepositAddress', { token, query: { coin: 'USDT', chain: 'TRC20' } });
    await expect(page.getByTestId('recharge-address')).toHaveValue(own.address);

    // Nothing is sent while a field is wrong; every problem is said next to its field.
    await page.getByTestId('recharge-address').fill('not an address');
    await page.getByTestId('recharge-submit').click();
    await expect(page.getByText('Enter the amount', { exact: true })).toBeVisible();
    await expect(page.getByText('This is not a valid TRC20 address: it starts with T and has 34 letters and digits')).toBeVisible();
    await expect(page.getByTestId('voucher-error')).toHaveText('Upload the proof of payment');
    await page.getByTestId('recharge-amount').fill('1.1234567');
    await page.getByTestId('recharge-submit').click();
    await expect(page.getByText('USDT amounts have at most 6 decimal places')).toBeVisible();
    expect(calls.filter((c) => c.path === '/me/recharges')).toHaveLength(0);

    await page.getByTestId('recharge-address').fill(own.address);
    await page.getByTestId('recharge-amount').fill('500');
    await page.getByTestId('voucher-input').setInputFiles({ name: 'voucher.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('voucher-status')).toHaveAttribute('data-phase', 'done');
    await page.getByTestId('recharge-submit').dblclick();
    await expect(toast(page, "Submitted. We're reviewing it")).toBeVisible();
    const approved = firstRecord(page, 'recharge-records');
    await expect(approved.getByTestId('record-status')).toHaveText('Under review');
    await expect(page.getByTestId('recharge-amount')).toHaveValue('');

    await page.getByTestId('recharge-amount').fill('27');
    await page.getByTestId('voucher-input').setInputFiles({ name: 'voucher2.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('voucher-status')).toHaveAttribute('data-phase', 'done');
    await page.getByTestId('recharge-submit').click();
    await expect(page.getByTestId('recharge-records').getByTestId('record-row')).toHaveCount(2);
    expect(calls.filter((c) => c.path === '/me/recharges')).toHaveLength(2);

    await server.control.clock(RECHARGE_REVIEW);
    const rows = page.getByTestId('recharge-records').getByTestId('record-row');
    await expect(rows.nth(0).getByTestId('record-status')).toHaveAttribute('data-status', 'failure');
    await expect(rows.nth(0).getByTestId('record-reason')).toHaveText(/^The amount received \(\u2068?26 USDT\u2069?\) does not match the application\.$/);
    await expect(rows.nth(0).getByTestId('record-amount')).not.toContainText('+');
    await expect(rows.nth(1).getByTestId('record-status')).toHaveAttribute('data-status', 'success');
    await expect(rows.nth(1).getByTestId('record-amount')).toHaveText(shown('+500.00 USDT'));
    expect(await fundsUsdt(api, token)).toBe('10500.000000');
  });

  test('a payment address that is not the deposit address is refused by the server and the form keeps its values', async ({ page, server }) => {
    await start(page, server);
    await page.goto('pages/assets/chargeOther');
    await page.getByTestId('recharge-amount').fill('300');
    await page.getByTestId('recharge-address').fill(TRC20_ADDRESS);
    await page.getByTestId('voucher-input').setInputFiles({ name: 'voucher.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('voucher-status')).toHaveAttribute('data-phase', 'done');
    await page.getByTestId('recharge-submit').click();
    await expect(toast(page, 'This is not your deposit address for this coin and network')).toBeVisible();
    await expect(page.getByTestId('recharge-amount')).toHaveValue('300');
    await expect(page.getByTestId('recharge-address')).toHaveValue(TRC20_ADDRESS);
    await expect(page.getByTestId('recharge-records-empty')).toBeVisible();
  });
});
