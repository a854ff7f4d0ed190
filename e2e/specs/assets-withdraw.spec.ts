/**
 * The withdrawal address book (format checked inline, security code) and withdrawals (what is
 * missing told before anything is typed, the 24 h limit left, client-side checks, confirmation
 * sheet, review then 6 confirmations), and screenshots of the funds pages, against the mock on a
 * frozen virtual clock moved by the tests.
 */
import { test, expect } from '../fixtures/server.ts';
import { appPath, MOCK_CODE, recordApiCalls, shown, toast } from '../fixtures/helpers.ts';
import {
  TRC20_ADDRESS,
  DEAD_ADDRESS,
  TX_PASSWORD,
  BLOCK,
  WITHDRAWAL_REVIEW,
  setTransactionPassword,
  firstRecord,
  start,
  addAddressViaApi,
  fundsUsdt,
} from '../fixtures/funds.ts';
import { screenshot } from '../fixtures/shots.ts';

/** The whole text of an element, its amounts possibly bidi-isolated (U+2066 … U+2069) anywhere. */
const loose = (text: string) => new RegExp(`^[\u2066-\u2069]*${[...text].map((c) => `${c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\u2066-\u2069]*`).join('')}$`);

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
    await expect(toast(page, 'Incorrect verification code')).toBeVisible();
    await expect(page.getByTestId('address-form').getByText('Incorrect verification code')).toBeVisible();
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
    await page.getByRole('dialog').getByRole('button', { name: 'Keep address' }).click();
    await expect(entry).toHaveCount(1);
    await entry.getByTestId('address-remove').click();
    await expect(page.getByRole('dialog')).toContainText('Remove the USDT (TRC20) address');
    await page.getByRole('dialog').getByRole('button', { name: 'Remove address' }).click();
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
  test('without an address the spec message is shown, the form cannot be sent, and adding one comes back here', async ({ page, server, api }) => {
    await setTransactionPassword(api, await start(page, server));
    const calls = recordApiCalls(page);
    await page.goto('pages/assets/mention?coin=USDT');
    await expect(page.getByTestId('no-address')).toContainText('Please set your withdrawal address first');
    await expect(page.getByTestId('withdraw-submit')).toBeDisabled();
    await expect(page.getByTestId('withdraw-blocked')).toHaveText('Add a withdrawal address for this coin first');
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
    await expect(page.getByTestId('withdraw-available')).toHaveText(shown('10,000.00 USDT'));
    await expect(page.getByTestId('withdraw-fee')).toHaveText(shown('1 USDT'));
    await expect(page.getByTestId('withdraw-min')).toHaveText(shown('10 USDT'));
    await expect(page.getByTestId('withdraw-limit')).toHaveText(loose('2,000.00 of 2,000.00 USDT left'));
    await expect(page.getByTestId('withdraw-blocked')).toHaveCount(0);
    await expect(page.getByTestId('withdraw-received')).toHaveText('--');

    await page.getByTestId('withdraw-amount').fill('100');
    await expect(page.getByTestId('withdraw-received')).toHaveText(shown('100 USDT'));
    await expect(page.getByTestId('withdraw-total')).toHaveText(shown('101 USDT'));
    await page.getByTestId('withdraw-password').fill(TX_PASSWORD);
    await page.getByTestId('withdraw-submit').click();
    const sheet = page.getByTestId('withdraw-confirm');
    await expect(sheet.getByTestId('confirm-amount')).toHaveText(shown('100 USDT'));
    await expect(sheet.getByTestId('confirm-fee')).toHaveText(shown('1 USDT'));
    await expect(sheet.getByTestId('confirm-received')).toHaveText(shown('100 USDT'));
    await expect(sheet.getByTestId('confirm-address')).toHaveText(TRC20_ADDRESS);
    await page.getByTestId('withdraw-confirm-send').dblclick();
    await expect(toast(page, 'Withdrawal submitted: it is reviewed, then sent')).toBeVisible();
    expect(calls.filter((c) => c.path === '/me/withdrawals')).toHaveLength(1);
    await expect(sheet).toHaveCount(0);
    await expect(page.getByTestId('withdraw-amount')).toHaveValue('');
    await expect(page.getByTestId('withdraw-available')).toHaveText(shown('9,899.00 USDT'));
    // What is left of the 24 h limit follows at once (the fee does not count).
    await expect(page.getByTestId('withdraw-limit')).toHaveText(loose('1,900.00 of 2,000.00 USDT left'));

    const record = firstRecord(page, 'withdraw-records');
    await expect(record.getByTestId('record-status')).toHaveAttribute('data-status', 'application');
    await expect(record.getByTestId('record-amount')).toHaveText(shown('-100.00 USDT'));
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
    await expect(record.getByTestId('record-reason')).toHaveText('The network refused the address; the amount is back in your funds account.');
    // The coins came back: the record shows what was asked for, without a minus, struck through.
    await expect(record.getByTestId('record-amount')).toHaveText(shown('50.00 USDT'));
    await expect(record.getByTestId('record-amount')).toHaveCSS('text-decoration-line', 'line-through');
    await expect(page.getByTestId('withdraw-available')).toHaveText(shown('10,000.00 USDT'));
  });

  test('wrong amounts and passwords are refused inline before anything is sent; the server refuses a wrong password', async ({ page, server, api }) => {
    const token = await start(page, server);
    await setTransactionPassword(api, token);
    await addAddressViaApi(api, token);
    const calls = recordApiCalls(page);
    await page.goto('pages/assets/mention?coin=USDT');
    const amount = page.getByTestId('withdraw-amount');
    // The whole text, its amounts possibly bidi-isolated (U+2068 … U+2069).
    const error = (text: string) =>
      page
        .getByTestId('withdraw-form')
        .getByText(new RegExp(`^${[...text].map((c) => `${c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\u2066-\u2069]*`).join('')}$`));

    await page.getByTestId('withdraw-submit').click();
    await expect(error('Enter the amount')).toBeVisible();
    await expect(error('Enter your 6-digit transaction password')).toBeVisible();
    await page.getByTestId('withdraw-password').fill(TX_PASSWORD);
    // Over the balance, too many places, over the 24 h limit left: flagged as typed, before Withdraw.
    await amount.fill('20000');
    await expect(error('Not enough balance')).toBeVisible();
    await amount.fill('10.1234567');
    await expect(error('USDT amounts have at most 6 decimal places')).toBeVisible();
    await amount.fill('2000.01');
    await expect(error('Only 2,000.00 USDT is left of your 24 h limit')).toBeVisible();
    await amount.fill('2000');
    await expect(error('Only 2,000.00 USDT is left of your 24 h limit')).toHaveCount(0);
    // Too small is only said on Withdraw (typing on makes it right).
    await amount.fill('5');
    await expect(error('The minimum withdrawal is 10 USDT')).toHaveCount(0);
    await page.getByTestId('withdraw-submit').click();
    await expect(error('The minimum withdrawal is 10 USDT')).toBeVisible();
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
    await expect(toast(page, 'Not enough balance')).toBeVisible();
    await expect(page.getByTestId('withdraw-form').getByText('Not enough balance', { exact: true })).toBeVisible();
    await expect(page.getByTestId('withdraw-amount')).toHaveValue('1,500'); // grouped once left
  });

  test('without a transaction password the form says so before anything is typed, and its link sets one and comes back', async ({ page, server, api }) => {
    const token = await start(page, server);
    await addAddressViaApi(api, token);
    const calls = recordApiCalls(page);
    await page.goto('pages/assets/mention?coin=USDT');
    // Told first: nothing to type into, the button disabled with the reason, the limit and how to raise it.
    await expect(page.getByTestId('prereq-password')).toContainText('You have not set a transaction password yet');
    await expect(page.getByTestId('withdraw-password')).toBeDisabled();
    await expect(page.getByTestId('withdraw-submit')).toBeDisabled();
    await expect(page.getByTestId('withdraw-blocked')).toHaveText('Set a transaction password first');
    await expect(page.getByTestId('withdraw-limit')).toHaveText(loose('2,000.00 of 2,000.00 USDT left'));
    await expect(page.getByTestId('withdraw-verify')).toHaveText(loose('Verify your identity to raise it to 50,000 USDT'));
    await expect(page.getByTestId('withdraw-verify')).toHaveAttribute('href', /\/pages\/mine\/authentication$/);
    await page.getByTestId('withdraw-amount').fill('100');
    await page.getByTestId('withdraw-amount').press('Enter');
    await expect(page.getByTestId('withdraw-confirm')).toHaveCount(0);
    expect(calls.filter((c) => c.path === '/me/withdrawals')).toHaveLength(0);

    await page.getByTestId('prereq-password-link').click();
    await expect(page).toHaveURL(/\/h5\/pages\/mine\/resetLegalPwd\?redirect=/);
    expect(appPath(page)).toBe('/pages/mine/resetLegalPwd');
    await page.getByTestId('tx-password').locator('input[type=password]').first().fill(TX_PASSWORD);
    await page.getByTestId('tx-confirm').locator('input[type=password]').first().fill(TX_PASSWORD);
    await page.getByTestId('tx-submit').click();
    await expect(page).toHaveURL(/\/pages\/assets\/mention\?coin=USDT&chain=TRC20$/);
    await expect(page.getByTestId('prereq-password')).toHaveCount(0);
    await expect(page.getByTestId('withdraw-password')).toBeEnabled();
    await expect(page.getByTestId('withdraw-submit')).toBeEnabled();
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
    await expect(page.getByTestId('withdraw-amount')).toHaveValue('9,999.123456');
    await expect(page.getByTestId('withdraw-total')).toHaveText(shown('10,000.123456 USDT'));

    await page.getByTestId('coin-select').selectOption('BTC');
    await expect(page.getByTestId('withdraw-fee')).toHaveText(shown('0.0002 BTC'));
    await page.getByTestId('withdraw-max').click();
    await expect(page.getByTestId('withdraw-amount')).toHaveValue('0.4998');
    await expect(page.getByTestId('withdraw-received')).toHaveText(shown('0.4998 BTC'));
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
    await screenshot(page, 'withdraw', `charge-${theme}`);

    await page.goto('pages/assets/chargeOther?coin=USDT');
    await page.getByTestId('recharge-submit').click();
    await expect(page.getByTestId('voucher-error')).toBeVisible();
    await screenshot(page, 'withdraw', `charge-other-${theme}`);

    await page.goto('pages/assets/bindMentionAddress');
    await expect(page.getByTestId('address-entry')).toHaveCount(1);
    await screenshot(page, 'withdraw', `bind-address-${theme}`);

    await page.goto('pages/assets/mention?coin=USDT');
    await page.getByTestId('withdraw-amount').fill('120.5');
    await page.getByTestId('withdraw-password').fill(TX_PASSWORD);
    await page.getByTestId('withdraw-submit').click();
    await expect(page.getByTestId('withdraw-confirm')).toBeVisible();
    // After the sheet's opening transition.
    await screenshot(page, 'withdraw', `mention-confirm-${theme}`, { fullPage: false, waitMs: 500 });
    await page.getByTestId('withdraw-confirm-send').click();
    await expect(page.getByTestId('withdraw-records').getByTestId('record-row')).toHaveCount(1);
    await server.control.clock({ advanceMs: 60_000 });
    await expect(firstRecord(page, 'withdraw-records').getByTestId('record-confirmations')).toHaveText('3/6');
    await screenshot(page, 'withdraw', `mention-${theme}`);

    await page.goto('pages/assets/mention?coin=ETH');
    await expect(page.getByTestId('no-address')).toBeVisible();
    await screenshot(page, 'withdraw', `mention-no-address-${theme}`);
  });
}
