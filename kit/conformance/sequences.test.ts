/**
 * The sequences phase follows the contract's links (issue #38): the mock passes every chain, and
 * a server whose answers do not feed the next request as the links say is caught.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { runConformance } from './runner';
import type { Result } from './results';
import { chainsOf, linkId, LINKS, resolve, type Link } from './sequences';
import { startMock, stopMocks, type MockServer } from './test-mock';

afterEach(stopMocks);

/** A running mock, bent by `plant` (fastify hooks) before it listens; with its control API unless `control` is false. */
async function mock(plant: (s: MockServer) => void, control = true) {
  const { options } = await startMock(plant);
  return { ...options, control: control ? options.control : undefined };
}

const run = async (target: Awaited<ReturnType<typeof mock>>, only = ['sequences']) => runConformance({ ...target, only, listenMs: 0 });
const failed = (results: Result[]) => results.filter((r) => r.status === 'fail');

/** Rewrites the ok answers of `route` (`GET /api/…` without the query). */
const rewrite = (route: string, change: (message: Record<string, unknown>) => void) => (s: MockServer) =>
  s.app.addHook('onSend', async (req, _reply, payload) => {
    if (typeof payload !== 'string' || `${req.method} ${req.url.split('?')[0]}` !== route) return payload;
    const body = JSON.parse(payload);
    if (body.type === 'ok') change(body.message);
    return JSON.stringify(body);
  });

describe('the sequences phase', () => {
  it('the mock passes every chain, and every link of the contract is followed', async () => {
    const results = await run(await mock(() => {}));
    expect(failed(results)).toEqual([]);
    expect(results.filter((r) => r.status === 'skip')).toEqual([]);
    const passed = results.filter((r) => r.status === 'pass');
    for (const link of LINKS) expect(passed.some((r) => r.check.startsWith(`${link.to} ← ${linkId(link)}`))).toBe(true);
    // The release: the user sold into a store's buy ad, the store paid, the user released.
    expect(passed.map((r) => r.check)).toContain('getP2pOrder ← actOnP2pOrder.read (as the seller)');
    expect(passed.find((r) => r.check === 'cancelOrder ← cancelOrder.cancelAgain')).toMatchObject({ outcome: 'order_closed' });
  });

  it('catches a placeOrder that answers an id cancelOrder does not know', async () => {
    const results = await run(
      await mock(
        rewrite('POST /api/me/orders', (order) => {
          order.id = `od_${'0'.repeat(16)}`;
        }),
      ),
    );
    expect(failed(results).map((r) => [r.group, r.check, r.detail])).toEqual([
      ['sequence placeOrder', 'cancelOrder ← placeOrder.cancel', 'expected ok, got HTTP 200 not_found'],
    ]);
  });

  it('catches an order read that still says paid after the seller released it', async () => {
    const results = await run(
      await mock(
        rewrite('GET /api/me/p2p/order', (order) => {
          if (order.status === 'completed') order.status = 'paid';
        }),
      ),
    );
    expect(failed(results).map((r) => [r.group, r.check, r.detail])).toEqual([
      ['sequence listP2pAds', 'getP2pOrder ← actOnP2pOrder.read (as the seller)', 'the order is paid after the seller released it, not completed'],
    ]);
  });

  it('catches an ad list whose minimum the order refuses', async () => {
    const results = await run(
      await mock(
        rewrite('GET /api/p2p/ads', (page) => {
          for (const ad of page.items as Array<{ min: string }>) ad.min = '1.00';
        }),
      ),
    );
    // Each chain through the order link stops there, the buyer's and the seller's.
    expect(new Set(failed(results).map((r) => r.check))).toEqual(
      new Set(['placeP2pOrder ← listP2pAds.order', 'placeP2pOrder ← listP2pAds.order (as the seller)']),
    );
    expect(failed(results).every((r) => r.detail === 'expected ok, got HTTP 200 p2p_out_of_limits')).toBe(true);
  });

  it('without the control API, a chain that needs it is a skip with the reason', async () => {
    const results = await run(await mock(() => {}, false), ['addPaymentMethod', 'uploadImage']);
    expect(failed(results)).toEqual([]);
    expect(results.find((r) => r.group === 'sequence addPaymentMethod')).toMatchObject({ status: 'skip', detail: expect.stringMatching(/control API/) });
    expect(results.filter((r) => r.group === 'sequence uploadImage' && r.status === 'pass').map((r) => r.check)).toEqual([
      'uploadImage ← its ok case',
      'getUpload ← uploadImage.read',
      'submitIdentity ← uploadImage.submitAsFront',
    ]);
  });
});

describe('links as the kit reads them', () => {
  it('a runtime expression alone keeps its value; inside text it becomes text', () => {
    const answer = { type: 'ok', message: { id: 'od_1', items: [{ min: '20.00', online: false }] } };
    expect(resolve({ id: '{$response.body#/message/id}', on: '{$response.body#/message/items/0/online}' }, answer)).toEqual({ id: 'od_1', on: false });
    expect(resolve('order {$response.body#/message/id} at {$response.body#/message/items/0/min}', answer)).toBe('order od_1 at 20.00');
  });

  it('chains start where no other link leads, take a link to itself once, stop at 4 operations, and a link left over starts its own', () => {
    const link = (from: string, name: string, to: string) => ({ from, name, to, expect: 'ok' }) as Link;
    const links = [link('a', 'b', 'b'), link('b', 'again', 'b'), link('b', 'c', 'c'), link('c', 'd', 'd'), link('d', 'e', 'e')];
    expect(chainsOf(links).map((c) => [c.first, ...c.links.map((l) => l.name)].join(' '))).toEqual(['a b again c', 'a b c d', 'd e']);
  });
});
