/**
 * Precompressed copies of the built text files: next to each `.js`, `.css`, `.html`, `.svg`,
 * `.json` or `.webmanifest` of 1 KiB or more, a `.br` (Brotli, best quality) and a `.gz` (gzip,
 * level 9), made once at build time; not of config.js, which a deployment edits after the build.
 * A server that serves them (the mock's static files with `preCompressed`, nginx's `gzip_static`
 * and `brotli_static`) sends smaller files than it could compress on the fly, for no work per
 * request.
 *
 * Runs after every other plugin has written its files (the service worker included), and leaves
 * them as they are: the service worker precaches the named files, never a `.br` or `.gz`.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const TEXT = /\.(js|css|html|svg|json|webmanifest)$/;
/** Edited after the build, per deployment (docs/deployment.md): a compressed copy would go stale. */
const EDITED_AFTER_BUILD = /[\\/]config\.js$/;
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Writes `${path}.br` and `${path}.gz` beside the file, as the build does; returns the sizes of the file and of its `.br`. */
export function writeCompressed(path: string): { raw: number; brotli: number } {
  const data = readFileSync(path);
  const br = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
  return { raw: data.length, brotli: br.length };
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'h5-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        let count = 0;
        let raw = 0;
        let brotli = 0;
        for (const path of files(config.build.outDir)) {
          if (!TEXT.test(path) || EDITED_AFTER_BUILD.test(path) || statSync(path).size < MIN_BYTES) continue;
          const sizes = writeCompressed(path);
          count++;
          raw += sizes.raw;
          brotli += sizes.brotli;
        }
        config.logger.info(`[precompress] ${count} files: ${(raw / 1024).toFixed(0)} KiB, ${(brotli / 1024).toFixed(0)} KiB as .br (and .gz beside)`);
      },
    },
  };
}
