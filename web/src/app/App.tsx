import { DirectionProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ApiError } from '../api/client';
import { ROUTES, stringsOf, type RouteDef } from './routes';
import { Shell } from './Shell';
import { lazyPage, loadPage } from './lazyPage';
import { MantineRoot } from '../theme/MantineRoot';
import { ToastHost } from '../ui/toast';
import { loadStrings } from '../i18n';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Once, and only what may pass by itself (no answer, or a server failure): an answered refusal
      // (an envelope error, a 4xx such as the transaction-password 401) would only be refused again.
      retry: (count, error) => count < 1 && (!(error instanceof ApiError) || ['network', 'timeout'].includes(error.kind) || (error.details.status ?? 0) >= 500),
      refetchOnWindowFocus: true,
    },
    mutations: { retry: false },
  },
});

/** A page and the strings it needs (`stringsOf`: home core, which comes with the app; another tab page its own part; any other page the rest). */
const withStrings = (r: RouteDef) => () => Promise.all([r.load(), loadStrings(stringsOf(r))]).then(([page]) => page);

const pages = new Map(ROUTES.map((r) => [r.path, lazyPage(withStrings(r))]));
const NotFoundPage = lazy(() => loadPage(() => import('../ui/NotFoundPage')));

/** Loads a page's code and strings ahead of its first render (main.tsx: the opened page, once the strings are set up). */
export const preloadPage = (route: RouteDef) => pages.get(route.path)!.preload();

export function App({ dir }: { dir: 'ltr' | 'rtl' }) {
  return (
    <DirectionProvider initialDirection={dir}>
      <MantineRoot>
        <ToastHost />
        <QueryClientProvider client={queryClient}>
          <BrowserRouter basename="/h5">
            <Routes>
              {ROUTES.map((r) => {
                const Page = pages.get(r.path)!;
                return <Route key={r.path} path={r.path} element={<Shell route={r} page={<Page />} />} />;
              })}
              <Route
                path="*"
                element={
                  <Suspense fallback={null}>
                    <NotFoundPage />
                  </Suspense>
                }
              />
            </Routes>
          </BrowserRouter>
        </QueryClientProvider>
      </MantineRoot>
    </DirectionProvider>
  );
}
