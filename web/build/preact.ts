/**
 * The module aliases that run the React app on Preact (see web/src/lib/react-on-preact.js), shared
 * by the web build (web/vite.config.ts) and the unit tests (vitest.config.ts): what ships is what
 * is tested.
 */
import { fileURLToPath } from 'node:url';

export const preactAliases = [
  { find: /^react$/, replacement: fileURLToPath(new URL('../src/lib/react-on-preact.js', import.meta.url)) },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  // react-i18next's shim of React 18's hook, which Preact has (the shim would require React).
  { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' },
];
