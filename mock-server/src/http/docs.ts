/**
 * Reference documentation served by the mock at /__docs/, built from the contracts:
 *
 * - `/__docs/`          an index (plain HTML) linking to everything below;
 * - `/__docs/rest`      the REST reference: Redoc (its own prebuilt standalone bundle) on openapi.yaml;
 * - `/__docs/realtime`  the realtime reference: a generated table of the Socket.IO events
 *                       (`x-socketio` event, direction, room, payload, ack), then the AsyncAPI React
 *                       component on asyncapi.yaml, parsed here with its `./openapi.yaml` refs inlined;
 * - `/__docs/errors`    the error catalogue, rendered here to static HTML (no script);
 * - `/__docs/control`   the control API reference (Redoc on mock-control.yaml), only while the
 *                       control API is on;
 * - `/__docs/{openapi,asyncapi,mock-control}.yaml`  the contract files as they are.
 *
 * Nothing comes from another host: the renderers' bundles are served from node_modules, no web
 * font is loaded, and each page's Content-Security-Policy allows only this origin. Pages are built
 * on their first request and kept; an unknown /__docs/ path answers 404.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { inlineRefs, loadYaml, type Json, type JsonObject } from '../../../codegen/lib.ts';
import { errorCatalogue, type DeclaredError } from '../../../contracts/generated/error-catalogue.ts';
import { operationTable, type OperationId } from '../../../contracts/generated/operations.ts';

export interface DocsOptions {
  /** Whether the control API is served: the control reference and mock-control.yaml are then too. */
  control: boolean;
}

const require = createRequire(import.meta.url);
const contractsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../contracts');
const contractFile = (name: string) => join(contractsDir, name);

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

// ---------------------------------------------------------------------------------------------
// HTML helpers

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: unknown): string {
  return String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Inline Markdown of the contracts' prose: `code`, **strong**, *em*; everything escaped first. */
function inline(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part) =>
      part.length > 1 && part.startsWith('`') && part.endsWith('`')
        ? `<code>${escapeHtml(part.slice(1, -1))}</code>`
        : escapeHtml(part)
            .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
            .replace(/(^|[^*\w])\*([^*\s][^*]*)\*(?!\w)/g, '$1<em>$2</em>'),
    )
    .join('');
}

/**
 * The small Markdown subset of the contracts' descriptions: paragraphs, `-` and `1.` lists (an
 * indented line continues its item), inline code, strong and emphasis. Tables and headings are not
 * needed by the sections this renders.
 */
export function markdown(text: string): string {
  const out: string[] = [];
  let paragraph: string[] = [];
  let list: { tag: 'ul' | 'ol'; items: string[] } | undefined;
  const flushParagraph = () => {
    if (paragraph.length) out.push(`<p>${inline(paragraph.join(' '))}</p>`);
    paragraph = [];
  };
  const flushList = () => {
    if (list) out.push(`<${list.tag}>${list.items.map((item) => `<li>${inline(item)}</li>`).join('')}</${list.tag}>`);
    list = undefined;
  };
  for (const line of text.split('\n')) {
    const item = /^\s*(?:(-|\*)|(\d+)\.)\s+(.*)$/.exec(line);
    if (line.trim() === '') {
      flushParagraph();
      flushList();
    } else if (item) {
      flushParagraph();
      const tag = item[1] ? 'ul' : 'ol';
      if (list && list.tag !== tag) flushList();
      list ??= { tag, items: [] };
      list.items.push(item[3]);
    } else if (list && /^\s/.test(line)) {
      list.items[list.items.length - 1] += ` ${line.trim()}`;
    } else {
      flushList();
      paragraph.push(line.trim());
    }
  }
  flushParagraph();
  flushList();
  return out.join('\n');
}

/** The `## name` section of a Markdown description, without its heading ('' when absent). */
export function section(description: string, name: string): string {
  const lines = description.split('\n');
  const start = lines.findIndex((line) => line.trim() === `## ${name}`);
  if (start < 0) return '';
  const end = lines.findIndex((line, i) => i > start && /^##\s/.test(line.trim()));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

const NAV: [string, string][] = [
  ['/__docs/', 'Docs'],
  ['/__docs/rest', 'REST'],
  ['/__docs/realtime', 'Realtime'],
  ['/__docs/errors', 'Errors'],
];

function page(opts: { title: string; body: string; current?: string; head?: string; scripts?: string[]; bodyClass?: string }): string {
  const nav = NAV.map(([href, label]) =>
    href === opts.current ? `<a href="${href}" aria-current="page">${label}</a>` : `<a href="${href}">${label}</a>`,
  ).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(opts.title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/__docs/assets/docs.css">
${opts.head ?? ''}
</head>
<body${opts.bodyClass ? ` class="${opts.bodyClass}"` : ''}>
<nav class="docs-nav" aria-label="Reference">${nav}</nav>
${opts.body}
${(opts.scripts ?? []).map((src) => `<script src="${src}"></script>`).join('\n')}
</body>
</html>
`;
}

/** The docs' own stylesheet: readable on a phone and a desktop, light and dark. */
const DOCS_CSS = `:root { color-scheme: light dark; --bg: #fff; --fg: #1b1f24; --muted: #5b6470; --line: #d8dee4; --code: #f3f5f7; --link: #0b62c4; --accent: #e8f0fb; }
@media (prefers-color-scheme: dark) { :root { --bg: #14171b; --fg: #e6e9ed; --muted: #9aa4b0; --line: #323841; --code: #22272e; --link: #6cb0ff; --accent: #1d2a3a; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
a { color: var(--link); }
code { font: 0.88em ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--code); padding: 0.1em 0.3em; border-radius: 4px; overflow-wrap: anywhere; }
main { max-width: 72rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.6rem; line-height: 1.25; margin: 0.5rem 0 1rem; }
h2 { font-size: 1.3rem; margin: 2rem 0 0.5rem; border-bottom: 1px solid var(--line); padding-bottom: 0.25rem; }
h3 { font-size: 1.05rem; margin: 1.5rem 0 0.25rem; }
.muted { color: var(--muted); }
.docs-nav { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; padding: 0.6rem 1rem; border-bottom: 1px solid var(--line); background: var(--bg); font-size: 0.95rem; }
.docs-nav a { text-decoration: none; }
.docs-nav a[aria-current] { font-weight: 600; color: var(--fg); }
ul.cards { list-style: none; padding: 0; display: grid; gap: 0.75rem; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); }
ul.cards li { border: 1px solid var(--line); border-radius: 8px; padding: 0.75rem 1rem; }
ul.cards a { font-weight: 600; font-size: 1.05rem; }
ul.cards p { margin: 0.25rem 0 0; color: var(--muted); font-size: 0.95rem; }
table { border-collapse: collapse; width: 100%; font-size: 0.92rem; margin: 0.5rem 0 1rem; }
th, td { text-align: left; vertical-align: top; padding: 0.4rem 0.5rem; border-bottom: 1px solid var(--line); }
th { background: var(--accent); font-weight: 600; }
tr.shared td { color: var(--muted); }
.op-path { color: var(--muted); font-size: 0.9rem; margin: 0; overflow-wrap: anywhere; }
.toc { columns: 14rem; padding-left: 1.2rem; }
.intro { max-width: 48rem; }
@media (max-width: 640px) {
  table.stack thead { display: none; }
  table.stack, table.stack tbody, table.stack tr, table.stack td { display: block; width: 100%; }
  table.stack tr { border-bottom: 1px solid var(--line); padding: 0.4rem 0; }
  table.stack td { border: 0; padding: 0.1rem 0; }
  table.stack td[data-label]::before { content: attr(data-label) ": "; color: var(--muted); }
}
body.renderer .docs-nav { position: sticky; top: 0; z-index: 100; }
body.renderer main { max-width: none; padding: 0; }
body.renderer .generated { max-width: 72rem; margin: 0 auto; padding: 1rem; }
td code { overflow-wrap: normal; }
td.nowrap { white-space: nowrap; }
/* The AsyncAPI component is light only; on a phone its server badges may wrap (an atomic inline can). */
#asyncapi { background: #fff; color: #1b1f24; }
#asyncapi strong.rounded { display: inline-block; margin-top: 0.25rem; }
`;

/** Starts Redoc on the container's `data-spec` URL (a file, so that the CSP needs no inline script). */
const REDOC_INIT = `(function () {
  var el = document.getElementById('redoc');
  Redoc.init(el.getAttribute('data-spec'), { scrollYOffset: '.docs-nav', expandResponses: '200', jsonSampleExpandLevel: 3, hideHostname: true, sortPropsAlphabetically: false, theme: { typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' }, code: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' } } } }, el);
})();
`;

/** Renders the AsyncAPI document (parsed on the server) with the component's parser-less bundle. */
const ASYNCAPI_INIT = `(function () {
  var el = document.getElementById('asyncapi');
  fetch(el.getAttribute('data-spec'))
    .then(function (r) { if (!r.ok) throw new Error('HTTP ' + r.status); return r.text(); })
    .then(function (schema) {
      AsyncApiStandalone.render({ schema: schema, config: { show: { sidebar: true } } }, el);
    })
    .catch(function (e) { el.textContent = 'The realtime reference could not be loaded: ' + e.message; });
})();
`;

// ---------------------------------------------------------------------------------------------
// Contract documents

const isObject = (node: Json | undefined): node is JsonObject => node !== null && typeof node === 'object' && !Array.isArray(node);

/** The node a local `#/...` pointer names in `doc`. */
function at(doc: JsonObject, ref: string): Json | undefined {
  let node: Json | undefined = doc;
  for (const raw of ref.replace(/^#\//, '').split('/')) {
    if (!isObject(node)) return undefined;
    node = node[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

/** The last segment of a `$ref`, e.g. `TickersEvent` for `./openapi.yaml#/components/schemas/TickersEvent`. */
function refName(node: Json | undefined): string | undefined {
  return isObject(node) && typeof node.$ref === 'string' ? node.$ref.split('/').pop() : undefined;
}

/**
 * asyncapi.yaml with every reference into another file (`./openapi.yaml#/...`) replaced by what it
 * points at (itself inlined whole); references inside the document stay, for the AsyncAPI parser.
 */
export function selfContainedAsyncApi(): JsonObject {
  const file = contractFile('asyncapi.yaml');
  const walk = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(walk);
    if (!isObject(node)) return node;
    if (typeof node.$ref === 'string' && !node.$ref.startsWith('#')) return inlineRefs(node, file);
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value)]));
  };
  return walk(loadYaml(file)) as JsonObject;
}

export interface SocketEventRow {
  operation: string;
  event: string;
  direction: 'client → server' | 'server → client';
  room?: string;
  payload?: string;
  ack?: string;
  summary: string;
  private: boolean;
}

/** One row per AsyncAPI operation, from its `x-socketio` extension. */
export function socketEvents(): SocketEventRow[] {
  const doc = loadYaml(contractFile('asyncapi.yaml'));
  const follow = (node: Json | undefined): Json | undefined => {
    for (let i = 0; i < 10 && isObject(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#'); i++) node = at(doc, node.$ref);
    return node;
  };
  return Object.entries((doc.operations ?? {}) as JsonObject).map(([operation, raw]) => {
    const op = raw as JsonObject;
    const x = (op['x-socketio'] ?? {}) as JsonObject;
    const messages = Array.isArray(op.messages) ? op.messages : [];
    const payloads = messages.map((m) => {
      const message = follow(m);
      return isObject(message) ? (refName(message.payload) ?? String(message.name ?? '')) : '';
    });
    return {
      operation,
      event: String(x.event ?? operation),
      direction: op.action === 'receive' ? 'client → server' : 'server → client',
      room: typeof x.room === 'string' ? x.room : undefined,
      payload: payloads.filter(Boolean).join(', ') || undefined,
      ack: refName(x.ack),
      summary: String(op.summary ?? op.title ?? ''),
      private: Array.isArray(op.security) && op.security.length > 0,
    };
  });
}

/** The parsed AsyncAPI document, stringified by @asyncapi/parser for the component. */
async function parsedAsyncApi(): Promise<string> {
  // Loaded here, not at the top: the parser costs ~1 s to import and is needed only for this page.
  const { Parser, stringify } = await import('@asyncapi/parser');
  const { document, diagnostics } = await new Parser().parse(JSON.stringify(selfContainedAsyncApi()));
  if (!document) {
    const errors = diagnostics.filter((d) => d.severity === 0).map((d) => `${d.path.join('/')}: ${d.message}`);
    throw new Error(`asyncapi.yaml does not parse: ${errors.join('; ')}`);
  }
  const text = stringify(document);
  if (!text) throw new Error('asyncapi.yaml could not be stringified');
  return text;
}

// ---------------------------------------------------------------------------------------------
// Pages

function indexPage(control: boolean): string {
  const card = (href: string, title: string, text: string) => `<li><a href="${href}">${escapeHtml(title)}</a><p>${text}</p></li>`;
  const file = (name: string, text: string) =>
    `<li><a href="/__docs/${name}"><code>${name}</code></a> <a href="/__docs/${name}" download>download</a> <span class="muted">${text}</span></li>`;
  const openapi = loadYaml(contractFile('openapi.yaml'));
  const asyncapi = loadYaml(contractFile('asyncapi.yaml'));
  const version = (doc: JsonObject) => escapeHtml((doc.info as JsonObject | undefined)?.version ?? '');
  return page({
    title: 'API reference',
    current: '/__docs/',
    body: `<main>
<h1>API reference</h1>
<p class="intro">Rendered from the contracts in <code>contracts/</code>, the single source of truth for the app and any server that implements it. This server (the mock) answers as they say.</p>
<ul class="cards">
${card('/__docs/rest', 'REST reference', `Every operation of <code>openapi.yaml</code> (version ${version(openapi)}) under <code>/api</code>: parameters, bodies, envelopes, examples.`)}
${card('/__docs/realtime', 'Realtime reference', `The Socket.IO events of <code>asyncapi.yaml</code> (version ${version(asyncapi)}): event names and rooms (<code>x-socketio</code>), payloads, acknowledgements.`)}
${card('/__docs/errors', 'Error catalogue', 'Every error code each operation may answer, with HTTP status, envelope type and condition.')}
${control ? card('/__docs/control', 'Mock control API', 'The mock server’s own <code>/__mock/</code> API (reset, faults, clock, prices) from <code>mock-control.yaml</code>.') : ''}
</ul>
<h2>Contract files</h2>
<ul>
${file('openapi.yaml', 'OpenAPI 3.1, the REST API')}
${file('asyncapi.yaml', 'AsyncAPI 3, the Socket.IO events (its payloads refer to openapi.yaml)')}
${control ? file('mock-control.yaml', 'OpenAPI 3.1, the mock control API') : ''}
</ul>
</main>`,
  });
}

function redocPage(title: string, specUrl: string, current: string | undefined, redocFile: string): string {
  return page({
    title,
    current,
    bodyClass: 'renderer',
    body: `<main><div id="redoc" data-spec="${escapeHtml(specUrl)}"><p class="generated">Loading the reference…</p></div></main>`,
    scripts: [`/__docs/assets/${redocFile}`, '/__docs/assets/redoc-init.js'],
  });
}

function realtimePage(asyncapiFiles: { js: string; css: string }): string {
  const doc = loadYaml(contractFile('asyncapi.yaml'));
  const channel = Object.values((doc.channels ?? {}) as JsonObject)[0] as JsonObject | undefined;
  const x = (channel?.['x-socketio'] ?? {}) as JsonObject;
  const cell = (label: string, html: string, className?: string) => `<td data-label="${label}"${className ? ` class="${className}"` : ''}>${html}</td>`;
  const code = (text: string | undefined) => (text ? `<code>${escapeHtml(text)}</code>` : '<span class="muted">–</span>');
  const rows = socketEvents()
    .map(
      (e) =>
        `<tr id="event-${escapeHtml(e.operation)}">${cell('event', code(e.event))}${cell('direction', escapeHtml(e.direction), 'nowrap')}${cell('room', e.room ? code(e.room) : e.direction === 'client → server' ? '<span class="muted">–</span>' : '<span class="muted">the sender</span>')}${cell('payload', code(e.payload))}${cell('ack', code(e.ack))}${cell('summary', inline(e.summary))}</tr>`,
    )
    .join('\n');
  return page({
    title: 'Realtime reference',
    current: '/__docs/realtime',
    bodyClass: 'renderer',
    head: `<link rel="stylesheet" href="/__docs/assets/${asyncapiFiles.css}">`,
    body: `<main>
<section class="generated">
<h1>Realtime reference</h1>
<p class="intro">Socket.IO 4 at path ${code(String(x.path ?? '/socket.io/'))}, namespace ${code(String(x.namespace ?? '/'))}. Socket.IO has no AsyncAPI binding, so each operation of <a href="/__docs/asyncapi.yaml">asyncapi.yaml</a> carries <code>x-socketio: {event, room?, ack?}</code>: the event name, the room a server event is sent to (topic rooms are joined with <code>subscribe</code>; <code>user:{userId}</code> is every connection of one user), and the acknowledgement schema of a client event.</p>
<h2>Events (<code>x-socketio</code>)</h2>
<table class="stack">
<thead><tr><th>event</th><th>direction</th><th>room</th><th>payload</th><th>ack</th><th>summary</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<h2>Full reference</h2>
</section>
<div id="asyncapi" data-spec="/__docs/realtime.json"><p class="generated">Loading the reference…</p></div>
</main>`,
    scripts: [`/__docs/assets/${asyncapiFiles.js}`, '/__docs/assets/asyncapi-init.js'],
  });
}

interface OperationInfo {
  operationId: OperationId;
  method: string;
  path: string;
  summary: string;
  tag: string;
}

/** Operations in contract order, with their summary and first tag from openapi.yaml. */
function operations(): { tags: { name: string; description: string }[]; ops: OperationInfo[] } {
  const doc = loadYaml(contractFile('openapi.yaml'));
  const details = new Map<string, { summary: string; tag: string }>();
  for (const item of Object.values((doc.paths ?? {}) as JsonObject)) {
    for (const op of Object.values(item as JsonObject)) {
      if (!isObject(op) || typeof op.operationId !== 'string') continue;
      details.set(op.operationId, { summary: String(op.summary ?? ''), tag: Array.isArray(op.tags) ? String(op.tags[0]) : 'other' });
    }
  }
  const ops = (Object.keys(operationTable) as OperationId[]).map((id) => {
    const op = operationTable[id];
    return { operationId: id, method: op.method.toUpperCase(), path: `/api${op.path}`, ...(details.get(id) ?? { summary: '', tag: 'other' }) };
  });
  const tags = ((doc.tags ?? []) as JsonObject[]).map((t) => ({ name: String(t.name), description: String(t.description ?? '') }));
  for (const op of ops) if (!tags.some((t) => t.name === op.tag)) tags.push({ name: op.tag, description: '' });
  return { tags: tags.filter((t) => ops.some((op) => op.tag === t.name)), ops };
}

function errorsPage(): string {
  const doc = loadYaml(contractFile('openapi.yaml'));
  const description = String((doc.info as JsonObject | undefined)?.description ?? '');
  const { tags, ops } = operations();
  const row = (e: DeclaredError) =>
    `<tr${e.shared ? ' class="shared"' : ''}><td data-label="code"><code>${escapeHtml(e.code)}</code></td><td data-label="HTTP">${escapeHtml(e.status)}</td><td data-label="type"><code>${escapeHtml(e.type)}</code></td><td data-label="when">${inline(e.when)}${e.shared ? ' <span class="muted">(shared rule)</span>' : ''}</td></tr>`;
  const operation = (op: OperationInfo) => {
    const errors = errorCatalogue[op.operationId] ?? [];
    return `<section id="${escapeHtml(op.operationId)}">
<h3>${escapeHtml(op.summary || op.operationId)} <code>${escapeHtml(op.operationId)}</code></h3>
<p class="op-path"><code>${escapeHtml(op.method)} ${escapeHtml(op.path)}</code></p>
<table class="stack"><thead><tr><th>code</th><th>HTTP</th><th>type</th><th>when</th></tr></thead><tbody>
${errors.map(row).join('\n')}
</tbody></table>
</section>`;
  };
  const groups = tags
    .map(
      (tag) => `<section id="tag-${escapeHtml(tag.name)}">
<h2>${escapeHtml(tag.name)}</h2>
${tag.description ? `<p class="muted">${inline(tag.description)}</p>` : ''}
${ops
  .filter((op) => op.tag === tag.name)
  .map(operation)
  .join('\n')}
</section>`,
    )
    .join('\n');
  const toc = tags
    .map(
      (tag) =>
        `<li><a href="#tag-${escapeHtml(tag.name)}">${escapeHtml(tag.name)}</a> <span class="muted">(${ops.filter((op) => op.tag === tag.name).length})</span></li>`,
    )
    .join('');
  return page({
    title: 'Error catalogue',
    current: '/__docs/errors',
    body: `<main>
<h1>Error catalogue</h1>
<div class="intro">
${markdown(section(description, 'Errors'))}
<p>Below, every operation’s complete list, from <code>contracts/generated/error-catalogue.ts</code>: the shared rules’ entries (greyed) first, then the operation’s own <code>x-error-codes</code> in the order the server checks them. HTTP 200 errors travel in the envelope; see the <a href="/__docs/rest">REST reference</a> for the envelope and the HTTP status rules.</p>
</div>
<nav aria-label="Areas"><ul class="toc">${toc}</ul></nav>
${groups}
</main>`,
  });
}

// ---------------------------------------------------------------------------------------------
// Routes

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
