/**
 * React's API on Preact (issue #19): the app is written against React 19 and its types, and runs
 * on `preact/compat`, which is about 50 KB gzip lighter on a first visit than react-dom. The build
 * and the tests resolve `react` to this module (`web/build/preact.ts`), so everything that imports
 * React (the app, Mantine, React Router, TanStack Query, react-i18next) shares one Preact.
 *
 * Preact 11's compat has React 19's `use`, `useEffectEvent`, `useSyncExternalStore` and ref as a
 * prop, but not `Activity`, which Mantine renders only for `keepMounted` transitions and tab
 * panels. This one keeps its children mounted (their state survives) and hides them while hidden;
 * its wrapper takes no box of its own while visible.
 *
 * JavaScript, not TypeScript: the app type-checks against React's own types, and preact/compat's
 * `export =` typing cannot be re-exported from a TypeScript module.
 */
import { createElement } from 'preact/compat';

export * from 'preact/compat';
export { default } from 'preact/compat';

/** @param {{ mode?: 'visible' | 'hidden', children?: unknown }} props */
export function Activity({ mode = 'visible', children }) {
  return createElement('div', { style: { display: mode === 'hidden' ? 'none' : 'contents' } }, children);
}
