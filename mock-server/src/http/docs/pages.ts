/** The docs pages themselves (http/docs/routes.ts). */
import { loadYaml, type JsonObject } from '../../../../codegen/lib.ts';
import { errorCatalogue, type DeclaredError } from '../../../../contracts/generated/error-catalogue.ts';
import { operationTable, type OperationId } from '../../../../contracts/generated/operations.ts';
import { contractFile, isObject, socketEvents } from './contracts.ts';
import { escapeHtml, inline, markdown, page, section } from './html.ts';

export function indexPage(control: boolean): string {
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
${file('asyncapi.yaml', 'AsyncAPI 3, the Socket.IO events (with the REST schemas their payloads reuse)')}
${control ? file('mock-control.yaml', 'OpenAPI 3.1, the mock control API') : ''}
</ul>
</main>`,
  });
}

export function redocPage(title: string, specUrl: string, current: string | undefined, redocFile: string): string {
  return page({
    title,
    current,
    bodyClass: 'renderer',
    body: `<main><div id="redoc" data-spec="${escapeHtml(specUrl)}"><p class="generated">Loading the reference…</p></div></main>`,
    scripts: [`/__docs/assets/${redocFile}`, '/__docs/assets/redoc-init.js'],
  });
}

export function realtimePage(asyncapiFiles: { js: string; css: string }): string {
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

export interface OperationInfo {
  operationId: OperationId;
  method: string;
  path: string;
  summary: string;
  tag: string;
}

/** Operations in contract order, with their summary and first tag from openapi.yaml. */
export function operations(): { tags: { name: string; description: string }[]; ops: OperationInfo[] } {
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

export function errorsPage(): string {
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
