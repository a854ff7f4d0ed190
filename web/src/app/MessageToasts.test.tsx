// @vitest-environment jsdom
/**
 * Every event told (issue #36, item 8): a system message pushed while the app is open is a toast on
 * any page, in the user's language with amounts in the locale, with a button to what it is about;
 * the same message updated in place (liquidations of one moment) updates its toast.
 */
import { MantineProvider } from '@mantine/core';
import { notifications, notificationsStore } from '@mantine/notifications';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import de from '../../../locales/de.json';
import type { SystemMessage } from '../api/messages';
import i18n, { initI18n } from '../i18n';
import { realtime } from '../realtime/socket';
import { testTransport } from '../testing/realtime';
import { toastsSettled } from '../ui/toast';
import { MessageToasts } from './MessageToasts';
import '../testing/matchMedia';

vi.mock('../api/client', async (original) => ({ ...(await original<typeof import('../api/client')>()), getToken: () => 'token', credential: () => 'token' }));

const { transport, handlers } = testTransport();
realtime.useTransport(() => transport);

let where = '';
function Where() {
  const l = useLocation();
  where = l.pathname + l.search;
  return null;
}

function mount() {
  const root = createRoot(document.createElement('div'));
  flushSync(() =>
    root.render(
      <MantineProvider>
        <MemoryRouter initialEntries={['/pages/trade/trade']}>
          <MessageToasts />
          <Where />
        </MemoryRouter>
      </MantineProvider>,
    ),
  );
  return root;
}

const message = (over: Partial<SystemMessage>): SystemMessage => ({
  id: 'msg_1',
  kind: 'welcome',
  title: 'English',
  body: 'English',
  read: false,
  time: 1,
  ...over,
});
const push = async (m: SystemMessage) => {
  await vi.waitFor(() => expect(handlers.has('systemMessage')).toBe(true));
  handlers.get('systemMessage')!({ message: m, unread: 1 });
  await vi.waitFor(async () => {
    await toastsSettled();
    expect(notificationsStore.getState().notifications.some((n) => n.id === `notice-${m.id}`)).toBe(true);
  });
  return notificationsStore.getState().notifications.find((n) => n.id === `notice-${m.id}`)!;
};
const text = (node: unknown) => {
  const div = document.createElement('div');
  const root = createRoot(div);
  flushSync(() => root.render(node as never));
  // What a reader sees: without the direction isolates around each amount.
  return { div, seen: div.textContent!.replace(/[\u2066-\u2069]/g, '') };
};

beforeAll(async () => {
  await initI18n();
});
afterEach(async () => {
  notifications.clean();
  await i18n.changeLanguage('en');
});

describe('message toasts', () => {
  it('a P2P step reads in German with the amount in German digits, and its button opens the order', async () => {
    await i18n.changeLanguage('de');
    const root = mount();
    const n = await push(
      message({
        id: 'msg_p2p',
        kind: 'p2p_paid',
        params: { orderNo: '20261129483920', amount: '1000.50', fiat: 'USD', quantity: '980.000000', coin: 'USDT' },
        subject: { type: 'p2p_order', id: 'po_7' },
      }),
    );
    expect(n.title).toBe(de.messages.kinds.p2p_paid.title);
    const { div: body, seen } = text(n.message);
    expect(seen).toContain('20261129483920');
    expect(seen).toContain('1.000,5 USD');
    expect(seen).toContain('980 USDT');
    expect(seen).not.toContain('{{');
    body.querySelector<HTMLButtonElement>('[data-testid=notice-open]')!.click();
    await vi.waitFor(() => expect(where).toBe('/pages/legal/orderDetail?id=po_7'));
    // Opened: the toast has done its work and closes.
    await vi.waitFor(() => expect(notificationsStore.getState().notifications.some((x) => x.id === 'notice-msg_p2p')).toBe(false));
    root.unmount();
  });

  it('liquidations of one moment: the message again with a count updates the one toast; without a subject the button opens the message', async () => {
    const root = mount();
    const first = message({
      id: 'msg_liq',
      kind: 'lever_liquidated',
      params: { symbol: 'BTC/USDT', count: '1' },
      subject: { type: 'lever_order', id: 'lv_1' },
    });
    expect((await push(first)).title).toBe('Margin position liquidated');
    await push({ ...first, params: { symbol: 'BTC/USDT, ETH/USDT', count: '3' } });
    const notices = () => notificationsStore.getState().notifications.filter((n) => String(n.id).startsWith('notice-'));
    await vi.waitFor(() => expect(notices().map((n) => n.title)).toEqual(['Margin positions liquidated']));
    const again = notices()[0];
    expect(text(again.message).seen).toContain('Positions closed at the liquidation line: 3');
    const done = await push(message({ id: 'msg_dep', kind: 'deposit_credited', params: { amount: '100.000000', coin: 'USDT' } }));
    expect(text(done.message).seen).toContain('100 USDT has been credited');
    text(done.message).div.querySelector<HTMLButtonElement>('[data-testid=notice-open]')!.click();
    await vi.waitFor(() => expect(where).toBe('/pages/mine/systemMessagesDetail?id=msg_dep'));
    root.unmount();
  });

  it('a take-profit close says so, with the signed P&L', async () => {
    const root = mount();
    const n = await push(
      message({
        id: 'msg_tp',
        kind: 'lever_closed',
        params: { symbol: 'BTC/USDT', reason: 'take_profit', price: '60100.00', pnl: '9.700000' },
        subject: { type: 'lever_order', id: 'lv_2' },
      }),
    );
    expect(text(n.message).seen).toContain('reached its take-profit and closed at 60,100.00. Realized P&L: +9.70 USDT.');
    root.unmount();
  });
});
