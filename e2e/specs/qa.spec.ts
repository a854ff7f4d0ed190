/** QA tooling from a spec: file scenarios, snapshots that survive a reset, the journal. */
import { test, expect } from '../fixtures/server.ts';
import { QUIET_PAGE } from '../fixtures/helpers.ts';

const STATUS: Record<string, string> = { none: 'Not verified', pending: 'Under review', verified: 'Verified', rejected: 'Rejected' };

test('review-states: each account shows its identity state in the app', async ({ page, server, api }) => {
  const { scenarios } = await server.control.scenarios();
  expect(scenarios.filter((s) => s.source === 'file').map((s) => s.name)).toEqual(expect.arrayContaining(['new-user', 'verified-trader', 'review-states']));
  await server.control.reset({ scenario: 'review-states', seed: 42 });
  for (const [state, label] of Object.entries(STATUS)) {
    const token = await api.login(`${state}@example.com`, 'Review123');
    await page.goto(QUIET_PAGE);
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    await page.goto('pages/mine/authentication');
    await expect(page.getByTestId('level-primary-status')).toHaveText(label);
  }
});

test('a snapshot brings the world back after a reset, clock included; sessions end', async ({ server, api }) => {
  await server.control.reset({ scenario: 'verified-trader', seed: 42, freezeClock: true });
  const token = await api.login('trader@example.com', 'Trader123');
  await api.ok('placeOrder', { token, body: { symbol: 'ETH/USDT', side: 'buy', type: 'limit', price: '1000.00', quantity: '0.5' } });
  await server.control.clock({ advanceMs: 90_000 });
  const snapshot = await server.control.snapshot();
  expect(JSON.stringify(snapshot)).not.toContain(token);
  const before = await server.control.state();
  await server.control.reset({ seed: 42 });
  expect(await server.control.restore(snapshot)).toEqual(before);
  expect((await api.call('getCurrentUser', { token })).type).toBe('999');
  const again = await api.login('trader@example.com', 'Trader123');
  const open = await api.ok('listOrders', { token: again, query: { status: 'open' } });
  expect(open.items.map((o) => o.symbol)).toContain('ETH/USDT');
});

test('the journal lists the requests of this test, secrets redacted', async ({ server, api }) => {
  const { last } = await server.control.journal({ limit: 0 });
  await api.login();
  const { entries } = await server.control.journal({ since: last });
  const login = entries.find((e) => e.operationId === 'login');
  expect(login).toMatchObject({ kind: 'api', status: 200, type: 'ok' });
  expect(login?.body).toContain('"password":"[redacted]"');
});
