/**
 * Finds every `Decimal` in an answer or event payload of the mock by walking it along the contract's
 * own schemas (decimal-format.test.ts checks each one's scale against the rule of its field).
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { ASYNCAPI, OPENAPI } from '../../../codegen/generators/paths';
import type { OperationId } from '../../../contracts/generated/operations';

/** Parsed contract documents and wire answers, read as loosely as the test that walks them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test helper (test files allow any)
export type Json = any;
type Doc = 'openapi' | 'asyncapi';
/** The bundles (codegen/bundle.ts): asyncapi.yaml's holds the REST schemas its payloads reuse. */
const DOCS: Record<Doc, Json> = {
  openapi: parse(readFileSync(OPENAPI, 'utf8')),
  asyncapi: parse(readFileSync(ASYNCAPI, 'utf8')),
};

export interface Owner {
  /** The contract schema that holds the field (Order, Record, Ticker...). */
  name: string;
  value: Json;
}

export interface Found {
  where: string;
  /** `Schema.field` (`Schema.a.b` inside an unnamed nested object, `*` for a map's values, an index in a tuple). */
  key: string;
  value: string;
  owners: Owner[];
}

function pointer(doc: Doc, fragment: string): Json {
  return fragment
    .replace(/^\//, '')
    .split('/')
    .reduce((node: Json, key) => node[key.replace(/~1/g, '/').replace(/~0/g, '~')], DOCS[doc]);
}

function resolve(ref: string, doc: Doc): { schema: Json; name: string; doc: Doc } {
  const [file, fragment] = ref.split('#');
  const target: Doc = file ? (file.includes('openapi') ? 'openapi' : 'asyncapi') : doc;
  return { schema: pointer(target, fragment), name: fragment.split('/').pop()!, doc: target };
}

/** Collects every Decimal in `value`, walking it along `schema` (a node of `doc`). */
export function walk(schema: Json, value: Json, doc: Doc, owners: Owner[], rel: string[], where: string, out: Found[]): void {
  if (schema === undefined || value === undefined || value === null) return;
  if (schema.$ref) {
    const r = resolve(schema.$ref, doc);
    if (r.name === 'Decimal') {
      out.push({ where, key: [owners.at(-1)?.name ?? '?', ...rel].join('.'), value, owners });
      return;
    }
    walk(r.schema, value, r.doc, [...owners, { name: r.name, value }], [], where, out);
    return;
  }
  if (schema.oneOf) {
    // Only envelopes are unions: the `ok` branch for an ok answer.
    const branch = (schema.oneOf as Json[]).map((b) => (b.$ref ? resolve(b.$ref, doc).schema : b)).find((b) => b.properties?.type?.const === value.type);
    if (!branch) throw new Error(`${where}: no oneOf branch for type ${value.type}`);
    walk(branch, value, doc, owners, rel, where, out);
    return;
  }
  if (Array.isArray(value)) {
    // A tuple (prefixItems, or a fixed length such as PriceLevel's [price, quantity]) names its positions.
    const tuple = Boolean(schema.prefixItems) || (schema.minItems !== undefined && schema.minItems === schema.maxItems);
    value.forEach((item, i) => walk(schema.prefixItems?.[i] ?? schema.items, item, doc, owners, tuple ? [...rel, String(i)] : rel, `${where}[${i}]`, out));
    return;
  }
  if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const named = schema.properties?.[k];
      const extra = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
      walk(named ?? extra, v, doc, owners, [...rel, named ? k : '*'], `${where}.${k}`, out);
    }
  }
}

export function operationResponse(id: OperationId): Json {
  for (const item of Object.values(DOCS.openapi.paths) as Json[]) {
    for (const op of Object.values(item) as Json[]) {
      if (op?.operationId === id) return op.responses['200'].content['application/json'].schema;
    }
  }
  throw new Error(`no operation ${id}`);
}

export function eventPayload(event: string): Json {
  const message = resolve(DOCS.asyncapi.channels.root.messages[event].$ref, 'asyncapi').schema;
  return message.payload;
}
