import { useEffect, useState } from 'react';

/**
 * Mantine's Drawer and Modal render a portal with focus, scroll-lock and transition machinery on
 * every render of their page, even closed: several of them cost a phone a long task when a page
 * opens. `useLazySheet(opened)` mounts a sheet when it is first opened and keeps it mounted after,
 * so it still slides in (it is first rendered closed, then opened one render later) and out:
 *
 *   const sheet = useLazySheet(open);
 *   {sheet.mount && <Drawer opened={sheet.opened} …>}
 *
 * A sheet in its own chunk, so that a page's first download has no Drawer or Modal: the page
 * gates it with the hook inside a Suspense that is always rendered, and opens it in a transition;
 * the sheet calls the hook itself. The first time, the page stays as it is while the chunk loads
 * and the sheet shows as soon as it has come (a fallback shown instead would hold it back for
 * React's 300 ms throttle of revealed content); it renders closed once, then opens, so it slides
 * in on the first tap too. No busy state on the tapped button meanwhile: a button disabled while
 * busy loses the focus, which the sheet, closed, would then return to the page's body.
 *
 *   const Sheet = lazy(() => import('./Sheet'));
 *   const sheet = useLazySheet(open);
 *   onClick={() => startTransition(() => setOpen(true))}
 *   <Suspense fallback={null}>{sheet.mount && <Sheet opened={open} …/>}</Suspense>
 *   // Sheet.tsx: const sheet = useLazySheet(opened); return <Drawer opened={sheet.opened} …>
 */
export function useLazySheet(opened: boolean): { mount: boolean; opened: boolean } {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (opened && !mounted) setMounted(true);
  }, [opened, mounted]);
  return { mount: mounted || opened, opened: mounted && opened };
}
