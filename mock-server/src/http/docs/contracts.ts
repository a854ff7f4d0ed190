/** What the docs pages read from the contracts (http/docs/routes.ts): the bundles, the Socket.IO events, the parsed AsyncAPI document. */
import { join } from 'node:path';
import { loadYaml, type Json, type JsonObject } from '../../../../codegen/lib.ts';
import { BUNDLED } from '../../../../codegen/generators/paths.ts';

/**
 * A contract as the docs read and serve it (`openapi.yaml`, `asyncapi.yaml`, `mock-control.yaml`):
 * its bundle, one self-contained document (codegen/bundle.ts), not the root of the edited files.
 */
export const contractFile = (name: string) => join(BUNDLED, name);

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

/** The last segment of a `$ref`, e.g. `TickersEvent` for `#/components/schemas/TickersEvent`. */
export function refName(node: Json | undefined): string | undefined {
  return isObject(node) && typeof node.$ref === 'string' ? node.$ref.split('/').pop() : undefined;
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
  const { document, diagnostics } = await new Parser().parse(JSON.stringify(loadYaml(contractFile('asyncapi.yaml'))));
  if (!document) {
    const errors = diagnostics.filter((d) => d.severity === 0).map((d) => `${d.path.join('/')}: ${d.message}`);
    throw new Error(`asyncapi.yaml does not parse: ${errors.join('; ')}`);
  }
  const text = stringify(document);
  if (!text) throw new Error('asyncapi.yaml could not be stringified');
  return text;
}
