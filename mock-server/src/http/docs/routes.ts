/**
 * Reference documentation served by the mock at /__docs/, built from the contracts:
 *
 * - `/__docs/`          an index (plain HTML) linking to everything below;
 * - `/__docs/rest`      the REST reference: Redoc (its own prebuilt standalone bundle) on openapi.yaml;
 * - `/__docs/realtime`  the realtime reference: a generated table of the Socket.IO events
 *                       (`x-socketio` event, direction, room, payload, ack), then the AsyncAPI React
 *                       component on asyncapi.yaml, parsed here;
 * - `/__docs/errors`    the error catalogue, rendered here to static HTML (no script);
 * - `/__docs/control`   the control API reference (Redoc on mock-control.yaml), only while the
 *                       control API is on;
 * - `/__docs/{openapi,asyncapi,mock-control}.yaml`  the contracts, each one self-contained file: the
 *                       bundle `npm run codegen` makes of the root and the files it refers to
 *                       (contracts/generated/bundled/).
 *
 * Nothing comes from another host: the renderers' bundles are served from node_modules, no web
 * font is loaded, and each page's Content-Security-Policy allows only this origin. Pages are built
 * on their first request and kept; an unknown /__docs/ path answers 404.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { contractFile, parsedAsyncApi } from './contracts.ts';
import { ASYNCAPI_INIT, DOCS_CSS, REDOC_INIT } from './html.ts';
import { errorsPage, indexPage, realtimePage, redocPage } from './pages.ts';

export interface DocsOptions {
  /** Whether the control API is served: the control reference and mock-control.yaml are then too. */
  control: boolean;
}

const require = createRequire(import.meta.url);

const HTML = 'text/html; charset=utf-8';
const NO_CACHE = 'no-cache';
/** Bundle URLs carry the package's version, so a browser may keep them. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The Content-Security-Policy of the docs pages: this origin only, nothing else.
 * - Pages without a renderer (index, errors) run no script at all.
 * - Redoc and the AsyncAPI component are React apps that style with injected <style> elements and
 *   style attributes (styled-components in Redoc), so their pages need 'unsafe-inline' styles;
 *   scripts stay 'self' (the init scripts are files, not inline). Redoc's search runs in a Web
 *   Worker that its bundle creates from a blob: URL.
 * - The AsyncAPI component's bundle compiles JSON Schema validators (Ajv, via `new Function`) when
 *   it loads, even in its "without-parser" build; without 'unsafe-eval' it throws before it
 *   renders. It is allowed on that one page only, which shows nothing but this origin's contract.
 */
function docsCsp(kind: 'static' | 'redoc' | 'asyncapi'): string {
  const script = kind === 'static' ? "'none'" : kind === 'asyncapi' ? "'self' 'unsafe-eval'" : "'self'";
  const style = kind === 'static' ? "'self'" : "'self' 'unsafe-inline'";
  return [
    "default-src 'none'",
    `script-src ${script}`,
    `style-src ${style}`,
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${kind === 'static' ? "'none'" : "'self'"}`,
    `worker-src ${kind === 'redoc' ? "'self' blob:" : "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'none'",
  ].join('; ');
}

interface Asset {
  body: string | Buffer;
  type: string;
  cache: string;
}

/** Reads a file of an installed package (its own prebuilt bundle), and the package's version. */
function packageFile(pkg: string, path: string): { text: string; version: string } {
  const version = String((JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')) as { version: string }).version);
  return { text: readFileSync(require.resolve(`${pkg}/${path}`), 'utf8'), version };
}

/** The one request Redoc's bundle makes to another host (its attribution logo), made a data: URL. */
const REDOC_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';

export async function registerDocs(app: FastifyInstance, options: DocsOptions): Promise<void> {
  const control = options.control;
  const redocVersion = (JSON.parse(readFileSync(require.resolve('redoc/package.json'), 'utf8')) as { version: string }).version;
  const asyncapiVersion = (JSON.parse(readFileSync(require.resolve('@asyncapi/react-component/package.json'), 'utf8')) as { version: string }).version;
  const redocFile = `redoc-${redocVersion}.standalone.js`;
  const asyncapiFiles = { js: `asyncapi-react-${asyncapiVersion}.js`, css: `asyncapi-react-${asyncapiVersion}.css` };

  /** Builders of every answer under /__docs/, by path: run on the first request, then kept. */
  const builders = new Map<string, () => Asset | Promise<Asset>>();
  const csps = new Map<string, 'static' | 'redoc' | 'asyncapi'>();
  const addPage = (path: string, kind: 'static' | 'redoc' | 'asyncapi', build: () => string) => {
    builders.set(path, () => ({ body: build(), type: HTML, cache: NO_CACHE }));
    csps.set(path, kind);
  };

  addPage('/__docs/', 'static', () => indexPage(control));
  addPage('/__docs/rest', 'redoc', () => redocPage('REST reference', '/__docs/openapi.yaml', '/__docs/rest', redocFile));
  addPage('/__docs/realtime', 'asyncapi', () => realtimePage(asyncapiFiles));
  addPage('/__docs/errors', 'static', errorsPage);
  if (control) addPage('/__docs/control', 'redoc', () => redocPage('Mock control API reference', '/__docs/mock-control.yaml', undefined, redocFile));

  for (const name of ['openapi.yaml', 'asyncapi.yaml', ...(control ? ['mock-control.yaml'] : [])]) {
    builders.set(`/__docs/${name}`, () => ({ body: readFileSync(contractFile(name), 'utf8'), type: 'application/yaml; charset=utf-8', cache: NO_CACHE }));
  }
  builders.set('/__docs/realtime.json', async () => ({ body: await parsedAsyncApi(), type: 'application/json; charset=utf-8', cache: NO_CACHE }));
  builders.set('/__docs/assets/docs.css', () => ({ body: DOCS_CSS, type: 'text/css; charset=utf-8', cache: NO_CACHE }));
  builders.set('/__docs/assets/redoc-init.js', () => ({ body: REDOC_INIT, type: 'text/javascript; charset=utf-8', cache: NO_CACHE }));
  builders.set('/__docs/assets/asyncapi-init.js', () => ({ body: ASYNCAPI_INIT, type: 'text/javascript; charset=utf-8', cache: NO_CACHE }));
  builders.set(`/__docs/assets/${redocFile}`, () => ({
    body: packageFile('redoc', 'bundles/redoc.standalone.js').text.replaceAll(REDOC_LOGO, 'data:,'),
    type: 'text/javascript; charset=utf-8',
    cache: IMMUTABLE,
  }));
  builders.set(`/__docs/assets/${asyncapiFiles.js}`, () => ({
    body: packageFile('@asyncapi/react-component', 'browser/standalone/without-parser.js').text,
    type: 'text/javascript; charset=utf-8',
    cache: IMMUTABLE,
  }));
  builders.set(`/__docs/assets/${asyncapiFiles.css}`, () => ({
    body: packageFile('@asyncapi/react-component', 'styles/default.min.css').text,
    type: 'text/css; charset=utf-8',
    cache: IMMUTABLE,
  }));

  const cache = new Map<string, Promise<Asset>>();
  const get = (path: string): Promise<Asset> | undefined => {
    const build = builders.get(path);
    if (!build) return undefined;
    let asset = cache.get(path);
    if (!asset) {
      asset = Promise.resolve().then(build);
      cache.set(path, asset);
      asset.catch(() => cache.delete(path)); // a failed build is tried again on the next request
    }
    return asset;
  };

  const notFound = (reply: FastifyReply, path: string) =>
    reply.code(404).header('content-security-policy', docsCsp('static')).type('text/plain; charset=utf-8').send(`No docs page ${path}`);

  app.get('/__docs', (_req, reply) => reply.redirect('/__docs/'));
  app.get('/__docs/*', async (req, reply) => {
    const path = req.url.split('?')[0];
    const asset = get(path);
    if (!asset) return notFound(reply, path);
    const { body, type, cache: cacheControl } = await asset;
    const csp = csps.get(path) ?? 'static';
    return reply.code(200).type(type).header('cache-control', cacheControl).header('content-security-policy', docsCsp(csp)).send(body);
  });
}
