/**
 * Deposits (address, limits shown first, sandbox test deposits confirmed block by block), voucher
 * recharges (reviewed after 60 s; an amount whose whole part ends in 7 fails as a mismatch), the
 * withdrawal address book (format checked inline, security code) and withdrawals (client-side
 * checks, confirmation sheet, review then 6 confirmations, the 401 transaction-password prompt),
 * all against the mock on a frozen virtual clock moved by the tests.
 */
import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect, repoRoot, type MockServer } from '../fixtures/server.ts';
import type { Api } from '../fixtures/api.ts';
import { appPath, DEMO, loginWithToken, MOCK_CODE, recordApiCalls, toast } from '../fixtures/helpers.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const TRC20_ADDRESS = 'TXk3LoVgYqW9m4sQ1hXc8bP7nJd2rFa5Uy';
const DEAD_ADDRESS = 'TXk3LoVgYqW9m4sQ1hXc8bP7nJd2rFdead';
const TX_PASSWORD = '482915';
const BLOCK = { advanceMs: 10_000 };
const WITHDRAWAL_REVIEW = { advanceMs: 30_000 };
const RECHARGE_REVIEW = { advanceMs: 60_000 };
const NO_TX_PASSWORD = 'There is no transaction password yet, do you want to set it up now?';

/** Screenshots for looking at (test-results/ is not committed). */
const SCREENS = join(repoRoot, 'test-results', 'funds-screens');

/** A fresh world whose clock only moves when a test moves it, and a logged-in demo user. */
async function start(page: Page, server: MockServer, scenario: 'default' | 'instant-review' = 'default'): Promise<string> {
  await server.control.reset({ seed: 42, freezeClock: true, scenario });
  return loginWithToken(page);
}

const setTransactionPassword = (api: Api, token: string) =>
  api.ok('setTransactionPassword', { token, body: { password: TX_PASSWORD, confirmPassword: TX_PASSWORD } });

/** Adds an address to the book through the API (a security code first). */
async function addAddressViaApi(api: Api, token: string, address = TRC20_ADDRESS, label = 'Ledger'): Promise<void> {
  await api.ok('sendCode', { token, body: { account: DEMO.account, scene: 'security' } });
  await api.ok('addAddress', { token, body: { coin: 'USDT', chain: 'TRC20', address, label, code: MOCK_CODE } });
}

async function fundsUsdt(api: Api, token: string): Promise<string> {
  const wallet = await api.ok('getWallet', { token });
  return wallet.accounts.find((a) => a.kind === 'funds')!.balances.find((b) => b.coin === 'USDT')!.available;
}

const firstRecord = (page: Page, list: string) => page.getByTestId(list).getByTestId('record-row').first();
const usdtOnAssets = (page: Page) => page.locator('[data-testid="balance-row"][data-coin="USDT"]').getByTestId('balance-available');

async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENS, `${name}.png`), fullPage: true });
}

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
    await expect(record.getByTestId('record-amount')).toHaveText('+250.00 USDT');
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
    await expect(record.getByTestId('record-reason')).toHaveText('Below the minimum deposit of 10 USDT: not credited');
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
    await expect(page.getByTestId('min-deposit')).toHaveText('10 USDT');
    await expect(page.getByTestId('min-deposit-note')).toHaveText('Smaller deposits are not credited to your account.');
    await expect(page.getByTestId('deposit-confirmations')).toHaveText('Credited after 1 network confirmation.');
    const trc20 = await api.ok('getDepositAddress', { token, query: { coin: 'USDT', chain: 'TRC20' } });
    await expect(page.getByTestId('deposit-address')).toHaveText(trc20.address);
    await expect(page.getByTestId('deposit-qr')).toHaveAttribute('data-value', trc20.address);

    await page.getByTestId('chain-select').getByText('ERC20').click();
    await expect(page).toHaveURL(/coin=USDT&chain=ERC20/);
    await expect(page.getByTestId('min-deposit')).toHaveText('100 USDT');
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
    await expect(page.getByTestId('min-deposit')).toHaveText('0.0005 BTC');
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
    await expect(page.getByTestId('voucher-error')).toHaveText('Upload the payment voucher');
    await page.getByTestId('recharge-amount').fill('1.1234567');
    await page.getByTestId('recharge-submit').click();
    await expect(page.getByText('USDT amounts have at most 6 decimal places')).toBeVisible();
    expect(calls.filter((c) => c.path === '/me/recharges')).toHaveLength(0);

    await page.getByTestId('recharge-address').fill(own.address);
    await page.getByTestId('recharge-amount').fill('500');
    await page.getByTestId('voucher-input').setInputFiles({ name: 'voucher.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('voucher-status')).toHaveAttribute('data-phase', 'done');
    await page.getByTestId('recharge-submit').dblclick();
    await expect(toast(page, 'Application submitted: it is now under review')).toBeVisible();
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
    await expect(rows.nth(0).getByTestId('record-reason')).toHaveText('The amount received (26 USDT) does not match the application');
    await expect(rows.nth(1).getByTestId('record-status')).toHaveAttribute('data-status', 'success');
    await expect(rows.nth(1).getByTestId('record-amount')).toHaveText('+500.00 USDT');
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

test.describe('address book', () => {
  test('a wrong format is refused inline, a wrong code by the server; an address is added and removed', async ({ page, server }) => {
    await start(page, server);
    const calls = recordApiCalls(page);
    await page.goto('pages/assets/bindMentionAddress');
    await expect(page.getByTestId('address-empty')).toBeVisible();

    await page.getByTestId('address-input').fill('0x1234');
    await page.getByTestId('code-input').fill(MOCK_CODE);
    await page.getByTestId('address-submit').click();
    await expect(page.getByText('This is not a valid TRC20 address: it starts with T and has 34 letters and digits')).toBeVisible();
    await page.getByTestId('chain-select').getByText('ERC20').click();
    await page.getByTestId('address-input').fill(TRC20_ADDRESS);
    await page.getByTestId('address-submit').click();
    await expect(page.getByText('This is not a valid ERC20 address: it starts with 0x followed by 40 hexadecimal characters (0-9, a-f)')).toBeVisible();
    expect(calls.filter((c) => c.path === '/me/addresses')).toHaveLength(0);

    await page.getByTestId('chain-select').getByText('TRC20').click();
    await page.getByTestId('address-input').fill(TRC20_ADDRESS);
    await page.getByTestId('label-input').fill('Ledger');
    await page.getByTestId('send-code').click();
    await expect(toast(page, /sent/i)).toBeVisible();
    await page.getByTestId('code-input').fill('000000');
    await page.getByTestId('address-submit').click();
    await expect(toast(page, 'The verification code is incorrect')).toBeVisible();
    await expect(page.getByTestId('address-form').getByText('The verification code is incorrect')).toBeVisible();
    await expect(page.getByTestId('address-input')).toHaveValue(TRC20_ADDRESS);
    await expect(page.getByTestId('label-input')).toHaveValue('Ledger');

    await page.getByTestId('code-input').fill(MOCK_CODE);
    await page.getByTestId('address-submit').click();
    await expect(toast(page, 'Address added')).toBeVisible();
    const entry = page.getByTestId('address-entry');
    await expect(entry).toHaveCount(1);
    await expect(entry.getByTestId('address-label')).toHaveText('Ledger');
    await expect(entry.getByTestId('address-value')).toHaveText(TRC20_ADDRESS);
    await expect(page.getByTestId('address-input')).toHaveValue('');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('address_list') ?? '')).toContain(TRC20_ADDRESS);

    await entry.getByTestId('address-remove').click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(entry).toHaveCount(1);
    await entry.getByTestId('address-remove').click();
    await expect(page.getByRole('dialog')).toContainText('Remove the USDT (TRC20) address');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(page, 'Address removed')).toBeVisible();
    await expect(page.getByTestId('address-empty')).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('address_list'))).toBe('[]');
  });

  test('a label of only spaces or with a direction override is refused inline; a label is stored normalised', async ({ page, server }) => {
    await start(page, server);
    const calls = recordApiCalls(page);
    await page.goto('pages/assets/bindMentionAddress');
    await expect(page.getByTestId('address-empty')).toBeVisible();
    await page.getByTestId('address-input').fill(TRC20_ADDRESS);
    await page.getByTestId('code-input').fill(MOCK_CODE);
    const form = page.getByTestId('address-form');

    // Only spaces: an error the user sees, not a label silently dropped.
    await page.getByTestId('label-input').fill('   ');
    await page.getByTestId('address-submit').click();
    await expect(form.getByText('Enter visible text, not only spaces or invisible characters')).toBeVisible();
    // A right-to-left override would show "Cold txt.exe" backwards.
    await page.getByTestId('label-input').fill('Cold\u202Eexe.txt');
    await page.getByTestId('address-submit').click();
    await expect(form.getByText('This text contains invisible control or text-direction characters: please type it again')).toBeVisible();
    // Emoji count as one character each (33 of them are one too many).
    await page.getByTestId('label-input').fill('🧊'.repeat(33));
    await page.getByTestId('address-submit').click();
    await expect(form.getByText('At most 32 characters')).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/me/addresses')).toEqual([]);

    await page.getByTestId('label-input').fill('  Cold   wallet 🧊 冷钱包 ');
    await page.getByTestId('send-code').click();
    await expect(toast(page, /sent/i)).toBeVisible();
    await page.getByTestId('address-submit').click();
    await expect(toast(page, 'Address added')).toBeVisible();
    await expect(page.getByTestId('address-entry').getByTestId('address-label')).toHaveText('Cold wallet 🧊 冷钱包');
  });
});

test.describe('withdrawals', () => {
  test('without an address the spec message is shown, the form cannot be sent, and adding one comes back here', async ({ page, server }) => {
    await start(page, server);
    const calls = recordApiCalls(page);
    await page.goto('pages/assets/mention?coin=USDT');
    await expect(page.getByTestId('no-address')).toContainText('Please set your withdrawal address first');
    await expect(page.getByTestId('withdraw-submit')).toBeDisabled();
    await page.getByTestId('withdraw-amount').fill('100');
    await page.getByTestId('withdraw-password').fill(TX_PASSWORD);
    await page.getByTestId('withdraw-amount').press('Enter');
    await expect(page.getByTestId('withdraw-confirm')).toHaveCount(0);
    expect(calls.filter((c) => c.path === '/me/withdrawals')).toHaveLength(0);

    await page.getByTestId('go-bind-address').click();
    await expect(page).toHaveURL(/bindMentionAddress\?coin=USDT&chain=TRC20&from=mention$/);
    await page.getByTestId('address-input').fill(TRC20_ADDRESS);
    await page.getByTestId('send-code').click();
    await page.getByTestId('code-input').fill(MOCK_CODE);
    await page.getByTestId('address-submit').click();
    await expect(page).toHaveURL(/mention\?coin=USDT&chain=TRC20$/);
    await expect(page.getByTestId('withdraw-address-full')).toHaveText(TRC20_ADDRESS);
    await expect(page.getByTestId('withdraw-submit')).toBeEnabled();
  });

  test('a withdrawal is confirmed in a sheet, then goes from review through 6 confirmations to success', async ({ page, server, api }) => {
    const token = await start(page, server);
    await setTransactionPassword(api, token);
    await addAddressViaApi(api, token);
    const calls = recordApiCalls(page);
    await page.goto('pages/assets/mention?coin=USDT');
    await expect(page.getByTestId('withdraw-available')).toHaveText('10,000.00 USDT');
    await expect(page.getByTestId('withdraw-fee')).toHaveText('1 USDT');
    await expect(page.getByTestId('withdraw-min')).toHaveText('10 USDT');
    await expect(page.getByTestId('withdraw-limit')).toHaveText('2,000 USDT');
    await expect(page.getByTestId('withdraw-received')).toHaveText('--');

    await page.getByTestId('withdraw-amount').fill('100');
    await expect(page.getByTestId('withdraw-received')).toHaveText('100 USDT');
    await expect(page.getByTestId('withdraw-total')).toHaveText('101 USDT');
    await page.getByTestId('withdraw-password').fill(TX_PASSWORD);
    await page.getByTestId('withdraw-submit').click();
    const sheet = page.getByTestId('withdraw-confirm');
    await expect(sheet.getByTestId('confirm-amount')).toHaveText('100 USDT');
    await expect(sheet.getByTestId('confirm-fee')).toHaveText('1 USDT');
    await expect(sheet.getByTestId('confirm-received')).toHaveText('100 USDT');
    await expect(sheet.getByTestId('confirm-address')).toHaveText(TRC20_ADDRESS);
    await page.getByTestId('withdraw-confirm-send').dblclick();
    await expect(toast(page, 'Withdrawal submitted: it is reviewed, then sent')).toBeVisible();
    expect(calls.filter((c) => c.path === '/me/withdrawals')).toHaveLength(1);
    await expect(sheet).toHaveCount(0);
    await expect(page.getByTestId('withdraw-amount')).toHaveValue('');
    await expect(page.getByTestId('withdraw-available')).toHaveText('9,899.00 USDT');

    const record = firstRecord(page, 'withdraw-records');
    await expect(record.getByTestId('record-status')).toHaveAttribute('data-status', 'application');
    await expect(record.getByTestId('record-amount')).toHaveText('-100.00 USDT');
    await server.control.clock(WITHDRAWAL_REVIEW);
    await expect(record.getByTestId('record-status')).toHaveAttribute('data-status', 'confirming');
    await expect(record.getByTestId('record-confirmations')).toHaveText('0/6');
    await server.control.clock(WITHDRAWAL_REVIEW);
    await expect(record.getByTestId('record-confirmations')).toHaveText('3/6');
    await expect(record.getByTestId('record-status')).toHaveText('Confirming');
    await server.control.clock(WITHDRAWAL_REVIEW);
    await expect(record.getByTestId('record-status')).toHaveAttribute('data-status', 'success');
    await expect(record.getByTestId('record-confirmations')).toHaveText('6/6');
    expect(await fundsUsdt(api, token)).toBe('9899.000000');
  });

  test('an address refused by the network fails with the reason and the amount returns', async ({ page, server, api }) => {
    const token = await start(page, server, 'instant-review');
    await setTransactionPassword(api, token);
    await addAddressViaApi(api, token, DEAD_ADDRESS, 'Old');
    await page.goto('pages/assets/mention?coin=USDT');
    await page.getByTestId('withdraw-amount').fill('50');
    await page.getByTestId('withdraw-password').fill(TX_PASSWORD);
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('withdraw-confirm-send').click();
    const record = firstRecord(page, 'withdraw-records');
    await expect(record.getByTestId('record-status')).toHaveAttribute('data-status', 'failure');
    await expect(record.getByTestId('record-reason')).toHaveText('The address was refused by the network; the amount is back in your funds account');
    await expect(page.getByTestId('withdraw-available')).toHaveText('10,000.00 USDT');
  });

  test('wrong amounts and passwords are refused inline before anything is sent; the server refuses a wrong password', async ({ page, server, api }) => {
    const token = await start(page, server);
    await setTransactionPassword(api, token);
    await addAddressViaApi(api, token);
    const calls = recordApiCalls(page);
    await page.goto('pages/assets/mention?coin=USDT');
    const amount = page.getByTestId('withdraw-amount');
    const error = (text: string) => page.getByTestId('withdraw-form').getByText(text, { exact: true });

    await page.getByTestId('withdraw-submit').click();
    await expect(error('Enter the amount')).toBeVisible();
    await expect(error('Enter your 6-digit transaction password')).toBeVisible();
    await page.getByTestId('withdraw-password').fill(TX_PASSWORD);
    await amount.fill('20000');
    await page.getByTestId('withdraw-submit').click();
    await expect(error('Sorry, your credit is running low')).toBeVisible();
    await amount.fill('5');
    await page.getByTestId('withdraw-submit').click();
    await expect(error('The minimum withdrawal is 10 USDT')).toBeVisible();
    await amount.fill('10.1234567');
    await page.getByTestId('withdraw-submit').click();
    await expect(error('USDT amounts have at most 6 decimal places')).toBeVisible();
    await amount.fill('5000');
    await page.getByTestId('withdraw-submit').click();
    await expect(error('Over your 24-hour withdrawal limit of 2,000 USDT; verify your identity to raise it')).toBeVisible();
    await expect(page.getByTestId('withdraw-confirm')).toHaveCount(0);
    expect(calls.filter((c) => c.path === '/me/withdrawals')).toHaveLength(0);

    // Only the server knows the password: its answer is shown, the values stay.
    await amount.fill('100');
    await page.getByTestId('withdraw-password').fill('111222');
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('withdraw-confirm-send').click();
    await expect(toast(page, 'Incorrect transaction password')).toBeVisible();
    await expect(error('Incorrect transaction password')).toBeVisible();
    await expect(amount).toHaveValue('100');
    await expect(page.getByTestId('withdraw-password')).toHaveValue('111222');
    expect(calls.filter((c) => c.path === '/me/withdrawals')).toHaveLength(1);
  });

  test('the server refuses what the page could not know: its message is shown next to the amount', async ({ page, server, api }) => {
    const token = await start(page, server);
    await setTransactionPassword(api, token);
    await addAddressViaApi(api, token);
    // 9,500 of the 10,000 USDT move away, but the page is told of a larger balance.
    await api.ok('transfer', { token, body: { coin: 'USDT', from: 'funds', to: 'exchange', amount: '9500' } });
    await page.route('**/api/me/wallet', async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      const usdt = body.message.accounts.find((a: { kind: string }) => a.kind === 'funds').balances.find((b: { coin: string }) => b.coin === 'USDT');
      usdt.available = '99999';
      await route.fulfill({ response: res, json: body });
    });
    await page.goto('pages/assets/mention?coin=USDT');
    await page.getByTestId('withdraw-amount').fill('1500');
    await page.getByTestId('withdraw-password').fill(TX_PASSWORD);
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('withdraw-confirm-send').click();
    await expect(toast(page, 'Sorry, your credit is running low')).toBeVisible();
    await expect(page.getByTestId('withdraw-form').getByText('Sorry, your credit is running low', { exact: true })).toBeVisible();
    await expect(page.getByTestId('withdraw-amount')).toHaveValue('1500');
  });

  test('without a transaction password the server answers 401 and the app offers to set one up', async ({ page, server, api }) => {
    const token = await start(page, server);
    await addAddressViaApi(api, token);
    await page.goto('pages/assets/mention?coin=USDT');
    await page.getByTestId('withdraw-amount').fill('100');
    await page.getByTestId('withdraw-password').fill(TX_PASSWORD);
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('withdraw-confirm-send').click();
    const prompt = page.getByRole('dialog').filter({ hasText: NO_TX_PASSWORD });
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('withdraw-amount')).toHaveValue('100');
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('withdraw-confirm-send').click();
    await page.getByRole('dialog').filter({ hasText: NO_TX_PASSWORD }).getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/h5\/pages\/mine\/resetLegalPwd(\?|$)/);
    expect(appPath(page)).toBe('/pages/mine/resetLegalPwd');
  });

  test('Max is the available balance minus the fee, rounded down to the coin precision', async ({ page, server, api }) => {
    const token = await start(page, server);
    await addAddressViaApi(api, token);
    // A balance with more places than the coin's precision (a backend may send one).
    await page.route('**/api/me/wallet', async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      const usdt = body.message.accounts.find((a: { kind: string }) => a.kind === 'funds').balances.find((b: { coin: string }) => b.coin === 'USDT');
      usdt.available = '10000.1234567891';
      await route.fulfill({ response: res, json: body });
    });
    await page.goto('pages/assets/mention?coin=USDT');
    await page.getByTestId('withdraw-max').click();
    await expect(page.getByTestId('withdraw-amount')).toHaveValue('9999.123456');
    await expect(page.getByTestId('withdraw-total')).toHaveText('10,000.123456 USDT');

    await page.getByTestId('coin-select').selectOption('BTC');
    await expect(page.getByTestId('withdraw-fee')).toHaveText('0.0002 BTC');
    await page.getByTestId('withdraw-max').click();
    await expect(page.getByTestId('withdraw-amount')).toHaveValue('0.4998');
    await expect(page.getByTestId('withdraw-received')).toHaveText('0.4998 BTC');
  });
});

for (const theme of ['light', 'dark'] as const) {
  test(`the deposit, recharge, withdrawal and address book pages in the ${theme} theme`, async ({ page, server, api }) => {
    const token = await start(page, server);
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await setTransactionPassword(api, token);
    await addAddressViaApi(api, token);
    await api.ok('sandboxDeposit', { token, body: { coin: 'USDT', chain: 'TRC20', amount: '250' } });
    await api.ok('sandboxDeposit', { token, body: { coin: 'USDT', chain: 'TRC20', amount: '5' } });
    await server.control.clock(BLOCK);
    await api.ok('sandboxDeposit', { token, body: { coin: 'USDT', chain: 'TRC20', amount: '120' } });

    await page.goto('pages/assets/charge?coin=USDT');
    await expect(page.getByTestId('deposit-qr')).toBeVisible();
    await expect(page.getByTestId('deposit-records').getByTestId('record-row')).toHaveCount(3);
    await screenshot(page, `charge-${theme}`);

    await page.goto('pages/assets/chargeOther?coin=USDT');
    await page.getByTestId('recharge-submit').click();
    await expect(page.getByTestId('voucher-error')).toBeVisible();
    await screenshot(page, `charge-other-${theme}`);

    await page.goto('pages/assets/bindMentionAddress');
    await expect(page.getByTestId('address-entry')).toHaveCount(1);
    await screenshot(page, `bind-address-${theme}`);

    await page.goto('pages/assets/mention?coin=USDT');
    await page.getByTestId('withdraw-amount').fill('120.5');
    await page.getByTestId('withdraw-password').fill(TX_PASSWORD);
    await page.getByTestId('withdraw-submit').click();
    await expect(page.getByTestId('withdraw-confirm')).toBeVisible();
    await page.waitForTimeout(500); // the sheet's opening transition
    await page.screenshot({ path: join(SCREENS, `mention-confirm-${theme}.png`) });
    await page.getByTestId('withdraw-confirm-send').click();
    await expect(page.getByTestId('withdraw-records').getByTestId('record-row')).toHaveCount(1);
    await server.control.clock({ advanceMs: 60_000 });
    await expect(firstRecord(page, 'withdraw-records').getByTestId('record-confirmations')).toHaveText('3/6');
    await screenshot(page, `mention-${theme}`);

    await page.goto('pages/assets/mention?coin=ETH');
    await expect(page.getByTestId('no-address')).toBeVisible();
    await screenshot(page, `mention-no-address-${theme}`);
  });
}
