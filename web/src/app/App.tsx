import { DirectionProvider, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { ApiError } from '../api/client';
import { PageSkeleton } from '../ui/PageSkeleton';
import { ROUTES } from './routes';
import { Shell } from './Shell';
import { theme, themeManager } from '../theme/theme';

const RELOADED_KEY = 'chunk-reloaded';

/** Loads a page chunk; after a deploy removed an old chunk, reloads the page once to get the new build. */
async function loadPage(load: () => Promise<{ default: React.ComponentType }>) {
  try {
    const mod = await load();
    sessionStorage.removeItem(RELOADED_KEY);
    return { Component: mod.default };
  } catch (err) {
    if (!sessionStorage.getItem(RELOADED_KEY)) {
      sessionStorage.setItem(RELOADED_KEY, '1');
      window.location.reload();
    }
    throw err;
  }
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) => !(error instanceof ApiError && error.kind === 'envelope') && count < 1,
      refetchOnWindowFocus: true,
    },
    mutations: { retry: false },
  },
});

const routes: RouteObject[] = [
  {
    element: <Shell />,
    hydrateFallbackElement: <PageSkeleton />,
    children: ROUTES.map((r) => ({
      path: r.path,
      handle: { route: r },
      lazy: () => loadPage(r.load),
    })),
  },
  { path: '*', lazy: () => loadPage(() => import('../ui/NotFoundPage')) },
];

const router = createBrowserRouter(routes, { basename: '/h5' });

export function App({ dir }: { dir: 'ltr' | 'rtl' }) {
  return (
    <DirectionProvider initialDirection={dir}>
      <MantineProvider theme={theme} colorSchemeManager={themeManager()} defaultColorScheme="light">
        <Notifications position="top-center" limit={3} zIndex={2000} />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
