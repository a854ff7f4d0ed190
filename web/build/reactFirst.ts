/**
 * React and react-dom are evaluated by a module script of their own, before the app's: the browser
 * runs each module script of the page in a task of its own, so a phone evaluates the first visit's
 * JavaScript in two shorter tasks instead of one long one (Total Blocking Time). The second entry
 * (src/preloadReact.ts) shares its chunk with the app's, which the page already preloads; its script
 * tag goes before the app's in the built index.html. Build only: the dev server loads modules one
 * by one anyway.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const NAME = 'react';

export function reactFirst(): Plugin {
  let base = '/';
  return {
    name: 'h5-react-first',
    apply: 'build',
    config: () => ({
      build: {
        rollupOptions: {
          input: {
            index: fileURLToPath(new URL('../index.html', import.meta.url)),
            [NAME]: fileURLToPath(new URL('../src/preloadReact.ts', import.meta.url)),
          },
        },
      },
    }),
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.isEntry && c.name === NAME);
        if (!chunk) throw new Error('reactFirst: the react entry was not built');
        const tag = `<script type="module" crossorigin src="${base}${chunk.fileName}"></script>`;
        const at = html.indexOf('<script type="module"');
        if (at < 0) throw new Error('reactFirst: index.html has no module script');
        return `${html.slice(0, at)}${tag}\n    ${html.slice(at)}`;
      },
    },
  };
}
