/**
 * Gives Mantine web/src/lib/mantineUseId.ts in place of @mantine/hooks' `useId` (that file says
 * why). @mantine/hooks' entry imports the hook from `./use-id/use-id.mjs`; only that import is
 * redirected. mantineUseId.test.ts fails if a Mantine upgrade moves it, rather than the override
 * silently no longer applying. The build only: `vite dev` pre-bundles Mantine, unchanged.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export const HOOKS_ENTRY = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]index\.mjs$/;
export const USE_ID_IMPORT = './use-id/use-id.mjs';
const override = fileURLToPath(new URL('../src/lib/mantineUseId.ts', import.meta.url));

export function mantineUseId(): Plugin {
  return {
    name: 'h5-mantine-use-id',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source, importer) => (source === USE_ID_IMPORT && importer && HOOKS_ENTRY.test(importer) ? override : null),
  };
}
