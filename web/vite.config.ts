import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { dictionaries } from './build/dictionaries.ts';
import { mantineTheme } from './build/mantineTheme.ts';
import { mantineUseId } from './build/mantineUseId.ts';
import { precompress } from './build/precompress.ts';
import { reactFirst } from './build/reactFirst.ts';
import { pwa } from './build/pwa.ts';
import { routePreload } from './build/routePreload.ts';
import { staticShellPlugin } from './build/staticShell.ts';

const backend = `http://127.0.0.1:${process.env.MOCK_PORT ?? 8080}`;

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/h5/',
  plugins: [react(), dictionaries(), mantineTheme(), mantineUseId(), reactFirst(), routePreload(), staticShellPlugin(), pwa(), precompress()],
  resolve: {
    // React 19 has the hook the shim provides for older Reacts (see the file).
    alias: { 'use-sync-external-store/shim': fileURLToPath(new URL('./build/useSyncExternalStore.ts', import.meta.url)) },
  },
  build: {
    // H5_DIST: another folder (absolute), so parallel work can build and test without sharing dist/h5.
    outDir: process.env.H5_DIST ?? fileURLToPath(new URL('../dist/h5', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // H5_SOURCEMAP=1: source maps beside the chunks, to see what a chunk holds (e.g. source-map-explorer).
    sourcemap: !!process.env.H5_SOURCEMAP,
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: Number(process.env.DEV_PORT ?? 5173),
    fs: { allow: [fileURLToPath(new URL('..', import.meta.url))] },
    proxy: {
      '/api': backend,
      // The Host header is passed on unchanged (no changeOrigin), so a page of this dev server
      // (Origin http://localhost:5173, Host localhost:5173) counts as same-origin for the mock's
      // control API, which refuses every other Origin.
      '/__mock': { target: backend, changeOrigin: false },
      '/socket.io': { target: backend, ws: true },
    },
  },
});
