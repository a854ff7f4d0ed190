/**
 * The `useId` of @mantine/hooks as the build gives it to Mantine (web/build/mantineUseId.ts): the
 * id Mantine's own hook starts with (`mantine-` and React's id), kept, or the id passed in.
 *
 * Mantine's hook replaces that first id with a random one in a layout effect after mount, so that
 * ids stay unique across server rendering and hydration. That setState is a synchronous second
 * render of every labelled input, select and checkbox, and React flushes every passive effect of
 * the page (its requests, the socket) in the same task to do it: on the trade page's first commit
 * at 4x CPU, the longest task fell from about 235 to 140 ms without it. This app renders in the
 * browser only, where React's `useId` is unique and stable for the component's life (inside
 * `<Activity>` too, which the random id is not: mantinedev/mantine#8898).
 */
import { useId as useReactId } from 'react';

export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
