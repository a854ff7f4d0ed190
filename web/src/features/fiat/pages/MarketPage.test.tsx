// @vitest-environment jsdom
/**
 * The fiat market as a buyer sees it: a new store says "New store" (not a 0 % rate); an
 * established one its 30-day record, whether the merchant is online, its release time and the
 * ad's payment window; the list sorted by price or by completion rate, the choice asked of the
 * server and kept for the browser session.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n';
import type { P2pAd } from '../api';
import '../../../testing/matchMedia';

const store = { levels: { mobile: true, realName: true, advanced: false }, completionRate: '0.0000', lastSeenAt: 1767225600000 };
const ad = (id: string, price: string, s: Partial<P2pAd['store']>): P2pAd => ({
  id,
  side: 'sell',
  coin: 'USDT',
  fiat: 'USD',
  price,
  available: '100.000000',
  min: '10.00',
  max: '100.00',
  payments: ['bank'],
  payWindowMinutes: 15,
  store: { id: `st_${id}`, name: id, orders30d: 0, totalOrders: 0, online: false, ...store, ...s },
});
const NEW = ad('New Desk', '0.99', {});
const HARBOR = ad('Harbor OTC', '1.01', { orders30d: 412, totalOrders: 5210, completionRate30d: '0.9828', avgReleaseSeconds: 153, online: true });

const call = vi.fn((_op: string, input: { query: { sort?: string } }) =>
  Promise.resolve({ items: input.query.sort === 'completion' ? [HARBOR, NEW] : [NEW, HARBOR], page: 1, pageSize: 20, total: 2 }),
);
vi.mock('../../../api/client', async (original) => ({
  ...(await original<typeof import('../../../api/client')>()),
  call: (...a: unknown[]) => call(...(a as [string, { query: object }])),
}));

const { default: MarketPage } = await import('./MarketPage');

let root: Root | undefined;
let container: HTMLElement;
async function mount() {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () =>
    root!.render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter>
            <MarketPage />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    ),
  );
  await vi.waitFor(() => expect(cards()).toHaveLength(2));
}
const cards = () => [...container.querySelectorAll<HTMLElement>('[data-testid=p2p-ad]')];
const stores = () => cards().map((c) => c.dataset.store);

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  call.mockClear();
});

describe('the fiat market', () => {
  beforeAll(async () => {
    // The fiat strings are in the dictionary's `rest` part: loaded before the page, as the app does for a page that is not a tab.
    await initI18n({ part: 'rest' });
    sessionStorage.clear();
  });

  it('shows a new store as new, and an established one with its record, presence, release time and payment window', async () => {
    await mount();
    const [fresh, harbor] = cards();
    expect(fresh.textContent).toContain('New store: no orders yet');
    expect(fresh.textContent).not.toMatch(/0\s?%/);
    expect(fresh.querySelector('[data-testid=p2p-presence]')!.textContent).toMatch(/^Last seen /);
    expect(harbor.querySelector('[data-testid=p2p-store-record]')!.textContent).toBe('412 orders in 30 days · \u206898.28%\u2069 completed');
    expect(harbor.querySelector('[data-testid=p2p-presence]')!.textContent).toBe('Online');
    expect(harbor.querySelector('[data-testid=p2p-release]')!.textContent).toBe('Avg. release 3 min');
    expect(harbor.querySelector('[data-testid=p2p-pay-window]')!.textContent).toBe('Pay within 15 min');
  });

  it('sorts by completion rate when asked, and keeps the choice for the session', async () => {
    await mount();
    expect(stores()).toEqual(['New Desk', 'Harbor OTC']);
    expect(call.mock.calls[0][1].query).not.toHaveProperty('sort');
    const byRate = [...container.querySelectorAll<HTMLInputElement>('[data-testid=p2p-sort] input')].find((i) => i.value === 'completion')!;
    expect(byRate.closest('label')!.textContent).toBe('Completion rate');
    await act(async () => byRate.click());
    await vi.waitFor(() => expect(stores()).toEqual(['Harbor OTC', 'New Desk']));
    expect(call.mock.calls.at(-1)![1].query).toMatchObject({ sort: 'completion' });
    expect(sessionStorage.getItem('p2p_sort')).toBe('completion');

    // Back on the page later in the session: still by completion rate.
    act(() => root!.unmount());
    call.mockClear();
    await mount();
    expect(stores()).toEqual(['Harbor OTC', 'New Desk']);
    expect(call.mock.calls[0][1].query).toMatchObject({ sort: 'completion' });
  });
});
