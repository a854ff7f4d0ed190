// @vitest-environment jsdom
/**
 * Each page has its own title (issue #37, item 7): the document's title names the page shown, in
 * the user's language, then the site's name from the server, so history, tabs and screen readers
 * tell pages apart; it follows a navigation and a change of language.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n, loadStrings } from '../i18n';
import { paths } from '../lib/paths';
import { routeAt } from './routes';
import { Shell } from './Shell';
import '../testing/matchMedia';

vi.mock('../api/client', async (original) => ({
  ...(await original<typeof import('../api/client')>()),
  getToken: () => null,
  call: (op: string) => (op === 'getSettings' ? Promise.resolve({ type: 'ok', message: { siteName: 'Demo Börse' } }) : new Promise(() => {})),
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
beforeAll(async () => {
  await initI18n();
  await changeLanguage('de');
  await loadStrings('rest');
});
afterEach(() => act(() => root?.unmount()));

it('names the page shown, in German, and follows a navigation and a change of language', async () => {
  const page = (path: string) => {
    const route = routeAt(path)!;
    return { path, element: <Shell route={route} page={<p>{path}</p>} /> };
  };
  const router = createMemoryRouter([page(paths.market.market), page(paths.market.kline)], { initialEntries: [paths.market.market] });
  root = createRoot(document.body.appendChild(document.createElement('div')));
  await act(async () =>
    root!.render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>,
    ),
  );
  // The site's name comes with the settings.
  await act(() => vi.waitFor(() => expect(document.title).toBe('Märkte · Demo Börse')));

  await act(() => router.navigate(paths.market.kline));
  expect(document.title).toBe('Chart · Demo Börse');

  await act(() => router.navigate(-1));
  expect(document.title).toBe('Märkte · Demo Börse');

  await act(() => changeLanguage('fr'));
  expect(document.title).toBe('Marchés · Demo Börse');
});
