/**
 * The paired examples of the REST contract (read from its bundle): request examples (the request
 * body's `examples`, or each query parameter's `examples` map) and response examples (under the
 * response status that answers them) share a name, `ok`, `not_logged_in` or an error code, and a `summary` that states
 * the state the outcome needs. Read by the example replay (mock-server/src/core/contract-examples.test.ts)
 * and the conformance runner (kit/conformance).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parse, parseDocument, type Node } from 'yaml';
import { loadYaml, type JsonObject } from './lib.ts';
import { OPENAPI, SOURCES } from './generators/paths.ts';
import type { OperationId } from '../contracts/generated/operations.ts';

const MEDIA = ['application/x-www-form-urlencoded', 'application/json'];

/** One request of the contract: its body and its query (as strings, as an adapter passes them). */
export interface ExampleRequest {
  body?: any;
  query: Record<string, string>;
}
export interface ExamplePair {
  op: OperationId;
  name: string;
  label: string;
  /** The setup the outcome needs, as the example states it. */
  summary?: string;
  request?: ExampleRequest;
  status: number;
  response: any;
}
export interface ExampleOperation {
  op: OperationId;
  /** Whether the operation takes a body or query parameters (else its requests are empty). */
  takesInput: boolean;
  requestNames: string[];
  responseNames: string[];
  /** Body examples per media type, to check that every media type shows the same requests. */
  bodies: Record<string, any>[];
  pairs: ExamplePair[];
}

const asObject = (v: unknown) => (v ?? {}) as JsonObject;

/** The operations of the contract with their request and response examples, paired by name. */
export function contractExamples(file = OPENAPI): ExampleOperation[] {
  const doc = loadYaml(file);
  const out: ExampleOperation[] = [];
  for (const item of Object.values(asObject(doc.paths))) {
    for (const o of Object.values(asObject(item)) as JsonObject[]) {
      if (typeof o?.operationId !== 'string') continue;
      const op = o.operationId as OperationId;
      const requests: Record<string, ExampleRequest> = {};
      const content = asObject(asObject(o.requestBody).content);
      const bodies = MEDIA.filter((m) => m in content).map((m) => asObject(asObject(content[m]).examples));
      for (const [name, ex] of Object.entries(bodies[0] ?? {})) requests[name] = { body: asObject(ex).value, query: {} };
      const params = ((o.parameters ?? []) as JsonObject[]).filter((p) => p.in === 'query');
      for (const p of params) {
        for (const [name, ex] of Object.entries(asObject(p.examples))) (requests[name] ??= { query: {} }).query[p.name as string] = String(asObject(ex).value);
      }
      const pairs: ExamplePair[] = [];
      const responseNames: string[] = [];
      for (const [status, res] of Object.entries(asObject(o.responses))) {
        const examples = asObject(asObject(asObject(asObject(res).content)['application/json']).examples);
        for (const [name, ex] of Object.entries(examples)) {
          responseNames.push(name);
          const summary = asObject(ex).summary;
          pairs.push({
            op,
            name,
            label: `${op} / ${name}`,
            ...(typeof summary === 'string' ? { summary } : {}),
            request: requests[name],
            status: Number(status),
            response: asObject(ex).value,
          });
        }
      }
      out.push({ op, takesInput: bodies.length > 0 || params.length > 0, requestNames: Object.keys(requests), responseNames, bodies, pairs });
    }
  }
  return out;
}

/** JSON as the contract writes its examples: on one line, with `", "` and `": "` between items. */
function exampleJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(exampleJson).join(', ')}]`;
  if (v && typeof v === 'object')
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}: ${exampleJson(x)}`)
      .join(', ')}}`;
  return JSON.stringify(v);
}

export interface ResponseExampleUpdate {
  op: OperationId;
  status: number;
  name: string;
  value: unknown;
}

/**
 * Writes new values of response examples into the contract's sources, every other byte as it was:
 * for the example replay's refresh (`REFRESH_EXAMPLES=1`, after a change of the seeded world's
 * randomness). Each operation is edited in the file its path's `$ref` in the root names
 * (contracts/openapi/…); run `npm run codegen` after, so the bundle follows.
 */
export function writeResponseExamples(updates: ResponseExampleUpdate[], rootFile = SOURCES.openapi): void {
  const places = operationPlaces(rootFile);
  const byFile = new Map<string, ResponseExampleUpdate[]>();
  for (const u of updates) {
    const { file } = places.get(u.op)!;
    byFile.set(file, [...(byFile.get(file) ?? []), u]);
  }
  for (const [file, list] of byFile) {
    const source = readFileSync(file, 'utf8');
    const doc = parseDocument(source);
    const edits = list.map(({ op, status, name, value }) => {
      const { at, method } = places.get(op)!;
      const node = doc.getIn([...at, method, 'responses', String(status), 'content', 'application/json', 'examples', name, 'value'], true) as Node;
      return { start: node.range![0], end: node.range![1], text: exampleJson(value) };
    });
    let out = source;
    for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
    writeFileSync(file, out);
  }
}

/** Where each operation is written: the file that holds its path item (the root's `$ref`), the YAML path to it there, its method. */
function operationPlaces(rootFile: string): Map<OperationId, { file: string; at: string[]; method: string }> {
  const places = new Map<OperationId, { file: string; at: string[]; method: string }>();
  const read = (file: string) => asObject(parse(readFileSync(file, 'utf8')));
  for (const [path, item] of Object.entries(asObject(read(rootFile).paths))) {
    const ref = asObject(item).$ref;
    const [target, pointer = ''] = typeof ref === 'string' ? ref.split('#') : ['', ''];
    const file = target ? resolve(dirname(rootFile), target) : rootFile;
    const unescape = (key: string) => key.replace(/~1/g, '/').replace(/~0/g, '~');
    const at = target ? pointer.slice(1).split('/').map(unescape) : ['paths', path];
    const pathItem = asObject(at.reduce((node: unknown, key) => asObject(node)[key], read(file)));
    for (const [method, o] of Object.entries(pathItem))
      if (typeof asObject(o).operationId === 'string') places.set(asObject(o).operationId as OperationId, { file, at, method });
  }
  return places;
}
