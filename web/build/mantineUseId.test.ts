/**
 * The build gives Mantine React's id for its `useId` (web/build/mantineUseId.ts): the import it
 * redirects is still the one @mantine/hooks makes (lib/mantineUseId.test.tsx: the hook itself).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HOOKS_ENTRY, mantineUseId, USE_ID_IMPORT } from './mantineUseId';

// The file Node resolves `import '@mantine/hooks'` to, as the build does.
const entry = fileURLToPath(import.meta.resolve('@mantine/hooks'));
const resolve = (source: string, importer: string) => (mantineUseId().resolveId as (s: string, i: string) => string | null)(source, importer);

describe('the useId override', () => {
  it("redirects the import @mantine/hooks' entry makes of its useId, and nothing else", () => {
    expect(HOOKS_ENTRY.test(entry)).toBe(true);
    expect(readFileSync(entry, 'utf8')).toContain(`import { useId } from "${USE_ID_IMPORT}"`);
    expect(resolve(USE_ID_IMPORT, entry)).toMatch(/web[\\/]src[\\/]lib[\\/]mantineUseId\.ts$/);
    expect(resolve('./use-idle/use-idle.mjs', entry)).toBeNull();
    expect(resolve(USE_ID_IMPORT, '/app/web/src/main.tsx')).toBeNull();
  });
});
