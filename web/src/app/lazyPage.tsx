/**
 * Pages load when first shown (React.lazy), each a chunk of its own.
 */
import { lazy, useLayoutEffect, type ComponentType } from 'react';
import { dropBootShell } from '../ui/bootShell';

export type PageModule = { default: ComponentType };

const RELOADED_KEY = 'chunk-reloaded';

/** A page that, once drawn, takes away the static shell covering it (ui/bootShell.ts). */
function drawn(Page: ComponentType): ComponentType {
  return function DrawnPage() {
    useLayoutEffect(dropBootShell, []);
    return <Page />;
  };
}

/** Loads a page chunk; after a deploy removed an old chunk, reloads the page once to get the new build. */
export async function loadPage(load: () => Promise<PageModule>) {
  try {
    const mod = await load();
    sessionStorage.removeItem(RELOADED_KEY);
    return { default: drawn(mod.default) };
  } catch (err) {
    if (!sessionStorage.getItem(RELOADED_KEY)) {
      sessionStorage.setItem(RELOADED_KEY, '1');
      window.location.reload();
    }
    throw err;
  }
}

/**
 * A page as `React.lazy`, with `preload()`. Once the page's code is in, it renders in the same pass
 * as what holds it, without suspending: a page that suspends shows its skeleton, and React then
 * holds the page back until 300 ms after the skeleton appeared, even if the code was there a
 * moment later (it throttles the reveal of a Suspense boundary's content).
 */
export function lazyPage(load: () => Promise<PageModule>) {
  let loaded: PageModule | undefined;
  let loading: Promise<PageModule> | undefined;
  const preload = () =>
    (loading ??= loadPage(load).then(
      (page) => (loaded = page),
      (err: unknown) => {
        loading = undefined; // the next try loads again
        throw err;
      },
    ));
  // React.lazy reads a thenable that calls back at once as loaded (a promise calls back a microtask
  // later, which is a suspension).
  const Page = lazy(() => (loaded ? ({ then: (resolve: (page: PageModule) => void) => resolve(loaded!) } as Promise<PageModule>) : preload()));
  return Object.assign(Page, { preload });
}
