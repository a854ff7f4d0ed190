// @vitest-environment jsdom
/**
 * The user's language everywhere (issue #37, item 3): a merchant's payment reminder and support's
 * appeal messages in an order's chat read in the reader's language from their code and values; a
 * message a person typed shows as typed; a code this app does not know shows the server's text.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import de from '../../../../../locales/de.json';
import i18n, { initI18n, loadStrings } from '../../../i18n';
import type { P2pMessage, P2pOrder } from '../api';
import '../../../testing/matchMedia';

const MESSAGES: P2pMessage[] = [
  {
    id: 'pm_1',
    from: 'seller',
    kind: 'pay_reminder',
    params: { amount: '1234.50', fiat: 'EUR', reference: 'HB4821' },
    text: 'Please pay 1234.50 EUR to the account shown, with the reference HB4821, then mark the order paid.',
    time: 1,
  },
  { id: 'pm_2', from: 'buyer', text: 'Hallo, ich zahle gleich.', time: 2 },
  { id: 'pm_3', from: 'support', kind: 'appeal_opened', params: { by: 'seller' }, text: 'Support has joined: the seller appealed.', time: 3 },
  { id: 'pm_4', from: 'support', kind: 'something_new' as P2pMessage['kind'], text: 'A note the app has no words for.', time: 4 },
];
vi.mock('../../../api/client', async (original) => ({
  ...(await original<typeof import('../../../api/client')>()),
  getToken: () => 'token',
  call: vi.fn(() => Promise.resolve(MESSAGES)),
}));
const { OrderChat } = await import('./OrderChat');

// Ended: the chat is read-only (no composer to lay out in jsdom).
const order = { id: 'po_1', role: 'buyer', counterparty: 'Harbor OTC', status: 'completed' } as P2pOrder;

describe('order chat', () => {
  beforeAll(async () => {
    await initI18n();
    await i18n.changeLanguage('de');
    await loadStrings('rest');
  });

  it('says automatic messages in German, with the amount in German digits; keeps what people typed and unknown codes as written', async () => {
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () =>
      root.render(
        <MantineProvider>
          <QueryClientProvider client={new QueryClient()}>
            <MemoryRouter>
              <OrderChat order={order} />
            </MemoryRouter>
          </QueryClientProvider>
        </MantineProvider>,
      ),
    );
    await vi.waitFor(() => expect(container.querySelectorAll('[data-testid=p2p-chat-message]')).toHaveLength(4));
    const bubbles = [...container.querySelectorAll('[data-testid=p2p-chat-message]')].map((m) => m.textContent!.replace(/[\u2066-\u2069]/g, ''));
    expect(bubbles[0]).toContain('1.234,5 EUR');
    expect(bubbles[0]).toContain('HB4821');
    expect(bubbles[0]).not.toContain('Please pay');
    expect(bubbles[1]).toContain('Hallo, ich zahle gleich.');
    expect(bubbles[2]).toContain(de.fiat.chat.auto.appeal_opened_seller);
    expect(bubbles[3]).toContain('A note the app has no words for.');
    root.unmount();
  });
});
