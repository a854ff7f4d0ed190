/**
 * Loads a contracts folder and inlines `$ref`s (local ones and `./openapi.yaml#/...` from the
 * AsyncAPI document) so the differ compares self-contained schemas.
 *
 * Unlike codegen/lib.ts this keeps no process-wide cache (two folders are loaded side by side and
 * tests rewrite files), resolves each target once per folder (so shared components stay one object
 * and the result is a DAG, not an exponential tree), remembers the component name each resolved
 * object came from (used to match `oneOf` branches), and survives recursive references: a `$ref`
 * met again while its own target is being resolved becomes `{ 'x-recursive-ref': '<file>#<ptr>' }`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { parse } from 'yaml';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const RECURSIVE_REF = 'x-recursive-ref';

export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Parsed documents by text: the base side of every comparison is parsed once per process. */
const parsedByText = new Map<string, Json>();

/**
 * Parses YAML, caching by text; the result is shared and must not be mutated. JSON text (YAML 1.2
 * is a superset of JSON) takes the native parser, a hundred times faster than `yaml` on openapi.yaml.
 */
export function parseYaml(text: string): Json {
  let doc = parsedByText.get(text);
  if (doc === undefined) {
    doc = text.trimStart().startsWith('{') ? (JSON.parse(text) as Json) : (parse(text) as Json);
    if (parsedByText.size >= 16) parsedByText.clear();
    parsedByText.set(text, doc);
  }
  return doc; // shared: never mutated (inlining builds new objects)
}

export class ContractFolder {
  private readonly docs = new Map<string, Json>();
  private readonly resolved = new Map<string, Json>();
  private readonly active = new Set<string>();
  /**
   * @param refNames filled with resolved object → the name of the component (last pointer segment)
   *   it was referenced as; two folders compared together may share one map.
   */
  constructor(
    readonly dir: string,
    readonly refNames = new WeakMap<object, string>(),
  ) {}

  has(file: string): boolean {
    return existsSync(join(this.dir, file));
  }

  /** The raw parsed document (no refs inlined). */
  raw(file: string): JsonObject {
    const abs = resolve(this.dir, file);
    let doc = this.docs.get(abs);
    if (doc === undefined) {
      doc = parseYaml(readFileSync(abs, 'utf8'));
      this.docs.set(abs, doc);
    }
    if (!isObject(doc)) throw new Error(`${abs} is not a YAML mapping`);
    return doc;
  }

  /** The document with every `$ref` inlined. */
  document(file: string): JsonObject {
    const abs = resolve(this.dir, file);
    return this.inline(this.raw(file), abs) as JsonObject;
  }

  private target(abs: string, fragment: string): Json {
    let node: Json = this.raw(abs);
    if (!fragment || fragment === '/') return node;
    for (const segment of fragment.replace(/^\//, '').split('/')) {
      const key = decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');
      if (Array.isArray(node)) node = node[Number(key)] ?? null;
      else if (isObject(node) && key in node) node = node[key];
      else throw new Error(`Unresolvable $ref ${basename(abs)}#${fragment}`);
    }
    return node;
  }

  private inline(node: Json, file: string): Json {
    if (Array.isArray(node)) return node.map((n) => this.inline(n, file));
    if (!isObject(node)) return node;
    if (typeof node.$ref === 'string') {
      const [target, fragment = ''] = node.$ref.split('#');
      const targetFile = target ? resolve(dirname(file), target) : file;
      const key = `${targetFile}#${fragment}`;
      let value = this.resolved.get(key);
      if (value === undefined) {
        if (this.active.has(key)) return { [RECURSIVE_REF]: `${basename(targetFile)}#${fragment}` };
        this.active.add(key);
        try {
          value = this.inline(this.target(targetFile, fragment), targetFile);
        } finally {
          this.active.delete(key);
        }
        this.resolved.set(key, value);
        if (isObject(value)) this.refNames.set(value, fragment.split('/').pop() ?? fragment);
      }
      const siblings = Object.entries(node).filter(([k]) => k !== '$ref');
      if (!siblings.length || !isObject(value)) return value;
      const merged: JsonObject = { ...value, ...(this.inline(Object.fromEntries(siblings), file) as JsonObject) };
      const name = this.refNames.get(value);
      if (name) this.refNames.set(merged, name);
      return merged;
    }
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) out[key] = this.inline(value, file);
    return out;
  }
}
