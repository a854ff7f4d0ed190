/**
 * The app loads Mantine's stylesheets one component at a time (mantineStyles.ts): every component
 * the app imports from @mantine/core that has a stylesheet of its own must have it loaded, or it
 * renders unstyled.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { appSources } from '../testing/appSources';

const stylesDir = fileURLToPath(new URL('../../../node_modules/@mantine/core/styles/', import.meta.url));
const loaded = new Set(
  [...readFileSync(fileURLToPath(new URL('./mantineStyles.ts', import.meta.url)), 'utf8').matchAll(/@mantine\/core\/styles\/([\w-]+)\.css/g)].map((m) => m[1]),
);

function importedComponents(): Set<string> {
  const names = new Set<string>();
  for (const { text } of appSources()) {
    for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
      for (const part of m[1].split(',')) {
        const name = part.trim().replace(/\s+as\s+\w+$/, '');
        if (/^[A-Z]\w*$/.test(name)) names.add(name);
      }
    }
  }
  return names;
}

describe('Mantine stylesheets', () => {
  it('loads the stylesheet of every @mantine/core component the app imports', () => {
    const used = importedComponents();
    expect(used.size).toBeGreaterThan(10);
    const missing = [...used].filter((c) => existsSync(join(stylesDir, `${c}.css`)) && !loaded.has(c));
    expect(missing, 'add them to theme/mantineStyles.ts').toEqual([]);
  });

  it('names only stylesheets that exist', () => {
    expect([...loaded].filter((f) => !existsSync(join(stylesDir, `${f}.css`)))).toEqual([]);
  });
});
