/**
 * For tests that hold a rule over the app's code (no toast outside ui/toast, no bare skeleton):
 * every non-test .ts/.tsx file under web/src, with its path relative to web/src and its text.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

export interface AppSource {
  /** Relative to web/src, with the platform's separators ("ui/toast.tsx"). */
  path: string;
  text: string;
}

export const appSources = (): AppSource[] => walk(root).map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }));
