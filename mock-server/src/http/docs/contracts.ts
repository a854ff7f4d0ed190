/** What the docs pages read from the contracts (http/docs/routes.ts): the AsyncAPI document with its refs inlined, the Socket.IO events, the operations. */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inlineRefs, loadYaml, type Json, type JsonObject } from '../../../../codegen/lib.ts';

const contractsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../contracts');
/** A contract file's path. */
export const contractFile = (name: string) => join(contractsDir, name);

export const isObject = (node: Json | undefined): node is JsonObject => node !== null && typeof node === 'object' && !Array.isArray(node);

/** The node a local `#/...` pointer names in `doc`. */
export function at(doc: JsonObject, ref: string): Json | undefined {
  let node: Json | undefined = doc;
  for (const raw of ref.replace(/^#\//, '').split('/')) {
    if (!isObject(node)) return undefined;
    node = node[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

/** The last segment of a `$ref`, e.g. `TickersEvent` for `./openapi.yaml#/components/schemas/TickersEvent`. */
export function refName(node: Json | undefined): string | undefined {
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
export async function parsedAsyncApi(): Promise<string> {
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
