/**
 * Finds every key of every schema in the contracts' source files that is neither a JSON Schema
 * 2020-12 / OpenAPI 3.1 schema keyword nor an `x-` extension. No validator or linter reports one:
 * JSON Schema ignores unknown keywords, so a typo (`maxLenght`) or the tail of a description a
 * comma cut in a YAML flow map (`{ description: What the buyer pays, in fiat. }` gives a key
 * `in fiat.`) silently drops a rule from the contract and its docs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/** The 2020-12 vocabularies (core, applicator, unevaluated, validation, format, content, meta-data) and OpenAPI 3.1's additions. */
export const SCHEMA_KEYWORDS = new Set([
  ...['$schema', '$id', '$ref', '$anchor', '$dynamicRef', '$dynamicAnchor', '$vocabulary', '$comment', '$defs'],
  ...['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'dependentSchemas', 'prefixItems', 'items', 'contains'],
  ...['properties', 'patternProperties', 'additionalProperties', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties'],
  ...['type', 'enum', 'const', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum'],
  ...['maxLength', 'minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems', 'maxContains', 'minContains'],
  ...['maxProperties', 'minProperties', 'required', 'dependentRequired', 'format'],
  ...['contentEncoding', 'contentMediaType', 'contentSchema'],
  ...['title', 'description', 'default', 'deprecated', 'readOnly', 'writeOnly', 'examples'],
  ...['discriminator', 'xml', 'externalDocs', 'example'],
]);

const ONE_SCHEMA = [
  'not',
  'if',
  'then',
  'else',
  'contains',
  'items',
  'additionalProperties',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
];
const SCHEMA_LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_MAP = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];

export interface StrayKey {
  file: string;
  /** JSON pointer of the stray key itself, within its file. */
  pointer: string;
}

type Kind = 'openapi' | 'asyncapi';
const isObject = (n: unknown): n is Record<string, unknown> => !!n && typeof n === 'object' && !Array.isArray(n);
const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** The stray keys of one parsed contract file (a root or an area fragment; both have the document's shape). */
export function strayKeys(doc: unknown, file: string, kind: Kind): StrayKey[] {
  const found: StrayKey[] = [];
  const schema = (node: unknown, at: string): void => {
    if (!isObject(node)) return; // `true`/`false` are schemas too, with no keys
    for (const [key, value] of Object.entries(node)) {
      const here = `${at}/${escape(key)}`;
      if (key.startsWith('x-')) continue;
      if (!SCHEMA_KEYWORDS.has(key)) found.push({ file, pointer: here });
      else if (Array.isArray(value) && (SCHEMA_LIST.includes(key) || key === 'items')) value.forEach((s, i) => schema(s, `${here}/${i}`));
      else if (ONE_SCHEMA.includes(key)) schema(value, here);
      else if (SCHEMA_MAP.includes(key) && isObject(value)) for (const [name, s] of Object.entries(value)) schema(s, `${here}/${escape(name)}`);
    }
  };
  // Outside schemas: every `schema` (parameters, media types, headers; AsyncAPI's multi-format
  // schema), components.schemas, and for events a message's payload and headers and the ack.
  const document = (node: unknown, at: string, parent: string): void => {
    if (Array.isArray(node)) return node.forEach((n, i) => document(n, `${at}/${i}`, parent));
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      const here = `${at}/${escape(key)}`;
      if (key === 'example' || key === 'examples') continue; // data, not schemas
      if (key === 'x-socketio' && isObject(value)) schema(value.ack, `${here}/ack`);
      else if (key.startsWith('x-')) continue;
      else if (key === 'schema') schema(value, here);
      else if (key === 'schemas' && parent === 'components' && isObject(value))
        for (const [name, s] of Object.entries(value)) schema(s, `${here}/${escape(name)}`);
      else if (kind === 'asyncapi' && (key === 'payload' || key === 'headers') && isObject(value) && !('schemaFormat' in value)) schema(value, here);
      else document(value, here, key);
    }
  };
  document(doc, '', '');
  return found;
}

/** The stray keys of every source file of the three contracts under `contractsDir` (its `generated/` aside). */
export function strayKeysInSources(contractsDir: string): StrayKey[] {
  const files = (readdirSync(contractsDir, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((f) => f.endsWith('.yaml') && !f.startsWith('generated'))
    .sort();
  return files.flatMap((f) => {
    const doc = parse(readFileSync(join(contractsDir, f), 'utf8'), { maxAliasCount: -1 }) as unknown;
    return strayKeys(doc, f, f.startsWith('asyncapi') ? 'asyncapi' : 'openapi');
  });
}
