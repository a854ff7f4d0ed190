/**
 * What the installable app needs on every page: the service worker's registration (after the
 * page's load event), the update prompt, and the ticker snapshot kept for an offline start. Mount
 * inside the QueryClientProvider (in the Shell); mounting again (each route's Shell) is harmless.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { registerServiceWorker } from './register';
import { keepTickerSnapshot } from './tickerSnapshot';
import { UpdatePrompt } from './UpdatePrompt';

export function PwaRuntime() {
  const queryClient = useQueryClient();
  useEffect(() => keepTickerSnapshot(queryClient), [queryClient]);
  useEffect(() => registerServiceWorker(), []);
  return <UpdatePrompt />;
}
