import { useEffect, useState } from 'react';

/**
 * Mantine's Drawer and Modal render a portal with focus, scroll-lock and transition machinery on
 * every render of their page, even closed: several of them cost a phone a long task when a page
 * opens. `useLazySheet(opened)` mounts a sheet when it is first opened and keeps it mounted after,
 * so it still slides in (it is first rendered closed, then opened one render later) and out:
 *
 *   const sheet = useLazySheet(open);
 *   {sheet.mount && <Drawer opened={sheet.opened} …>}
 */
export function useLazySheet(opened: boolean): { mount: boolean; opened: boolean } {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (opened && !mounted) setMounted(true);
  }, [opened, mounted]);
  return { mount: mounted || opened, opened: mounted && opened };
}
