/** The contracts' own examples obey their schemas, so the documentation never lies. Read from the bundles (codegen/bundle.ts). */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import * as socketValidators from '../contracts/generated/socket-validators.js';
import { DECIMAL_INPUT, DECIMAL_INPUT_PATTERN } from '../common/amount';
import { ASYNCAPI, bundledFile, contracts, OPENAPI, SOURCES, type ContractName } from './generators/paths';
import { inlineRefs, loadYaml, type JsonObject } from './lib';

const ajv = new Ajv2020({ strict: false });

function examplesOf(media: JsonObject, file: string): Array<[string, unknown]> {
  const resolved = inlineRefs(media, file) as JsonObject;
  return Object.entries((resolved.examples as JsonObject | undefined) ?? {}).map(([name, ex]) => [name, (ex as JsonObject).value]);
}

describe.each(['openapi', 'mock-control'] as const)('%s.yaml examples', (name) => {
  const file = bundledFile(name);
  const doc = loadYaml(file);
  const cases: Array<[string, object, unknown]> = [];
  for (const [path, item] of Object.entries(doc.paths as JsonObject)) {
    for (const [method, op] of Object.entries(item as JsonObject)) {
      const operation = op as JsonObject;
      const id = `${method.toUpperCase()} ${path}`;
      for (const [type, media] of Object.entries(((operation.requestBody as JsonObject | undefined)?.content as JsonObject | undefined) ?? {})) {
        const schema = inlineRefs((media as JsonObject).schema, file) as object;
        for (const [ex, value] of examplesOf(media as JsonObject, file)) cases.push([`${id} request ${type} ${ex}`, schema, value]);
      }
      for (const [status, response] of Object.entries(operation.responses as JsonObject)) {
        const content = (inlineRefs(response, file) as JsonObject).content as JsonObject | undefined;
        for (const media of Object.values(content ?? {})) {
          const schema = (media as JsonObject).schema as object;
          for (const [ex, value] of examplesOf(media as JsonObject, file)) cases.push([`${id} ${status} ${ex}`, schema, value]);
        }
      }
    }
  }
  it('has examples', () => {
    if (name === 'openapi') expect(cases.length).toBeGreaterThan(10);
  });
  it.each(cases.map((c) => [c[0], c[1], c[2]] as const))('%s', (_label, schema, value) => {
    const validate = ajv.compile(schema);
    expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
  });
});

describe('asyncapi.yaml message examples', () => {
  const doc = loadYaml(ASYNCAPI);
  const messages = (doc.components as JsonObject).messages as JsonObject;
  const cases = Object.values(messages).flatMap((m) => {
    const msg = m as JsonObject;
    return ((msg.examples as JsonObject[] | undefined) ?? []).map((ex) => [msg.name as string, ex.payload] as const);
  });
  it.each(cases)('%s', (event, payload) => {
    const validate = (socketValidators as unknown as Record<string, (d: unknown) => boolean>)[event];
    expect(validate(payload)).toBe(true);
  });
});

describe('request bounds', () => {
  const doc = loadYaml(OPENAPI);
  const schemas = (doc.components as JsonObject).schemas as JsonObject;

  it("the app's amount bounds are the contract's DecimalInput", () => {
    const input = schemas.DecimalInput as JsonObject;
    expect(input.pattern).toBe(DECIMAL_INPUT_PATTERN);
    expect(input.maxLength).toBe(DECIMAL_INPUT.maxLength);
  });

  it('every decimal and string a client sends is bounded in length', () => {
    const unbounded: string[] = [];
    const visit = (schema: JsonObject | unknown, where: string) => {
      const s = inlineRefs(schema as JsonObject, OPENAPI) as JsonObject;
      if (s.type === 'object') for (const [k, v] of Object.entries((s.properties as JsonObject | undefined) ?? {})) visit(v, `${where}.${k}`);
      else if (s.type === 'array') visit(s.items, `${where}[]`);
      else if (
        s.type === 'string' &&
        !s.enum &&
        s.const === undefined &&
        // A oneOf of constants (Locale) is an enumeration.
        !(Array.isArray(s.oneOf) && (s.oneOf as JsonObject[]).every((b) => b.const !== undefined)) &&
        s.maxLength === undefined &&
        !(typeof s.pattern === 'string' && !/[*+]|\{\d+,\}/.test(s.pattern))
      ) {
        unbounded.push(where);
      }
    };
    for (const [path, item] of Object.entries(doc.paths as JsonObject)) {
      for (const [method, op] of Object.entries(item as JsonObject)) {
        const operation = op as JsonObject;
        for (const ref of (operation.parameters as JsonObject[] | undefined) ?? []) {
          const p = inlineRefs(ref, OPENAPI) as JsonObject;
          visit(p.schema, `${method} ${path} ${p.in === 'header' ? 'header ' : '?'}${p.name}`);
        }
        for (const media of Object.values(((operation.requestBody as JsonObject | undefined)?.content as JsonObject | undefined) ?? {})) {
          visit((media as JsonObject).schema, `${method} ${path} body`);
        }
      }
    }
    expect(unbounded).toEqual([]);
  });
});

describe('error codes', () => {
  const doc = loadYaml(OPENAPI);
  const schemas = (doc.components as JsonObject).schemas as JsonObject;
  const codes = (schemas.ErrorCode as JsonObject).enum as string[];
  const en = JSON.parse(readFileSync(join(import.meta.dirname, '../locales/en.json'), 'utf8')) as { apiErrors: Record<string, string> };
  // Shown otherwise: an injected fault shows the message QA gave it; HTTP 500 shows errors.server.
  const shownOtherwise = ['injected_fault', 'internal'];

  it('every code the contract names has its text in the catalogue (the locale test keeps the other 19 to en)', () => {
    expect(codes.filter((c) => !shownOtherwise.includes(c) && !(c in en.apiErrors))).toEqual([]);
  });

  it('the catalogue translates no code the contract does not name', () => {
    expect(Object.keys(en.apiErrors).filter((c) => !codes.includes(c))).toEqual([]);
  });

  it('a conditional rule (allOf: if/then) requires only properties its schema defines', () => {
    const problems: string[] = [];
    for (const [name, schema] of Object.entries(schemas) as Array<[string, JsonObject]>) {
      const props = Object.keys((schema.properties as JsonObject | undefined) ?? {});
      const walk = (node: unknown): void => {
        if (Array.isArray(node)) return node.forEach(walk);
        if (!node || typeof node !== 'object') return;
        for (const field of ((node as JsonObject).required as string[] | undefined) ?? []) if (!props.includes(field)) problems.push(`${name}: ${field}`);
        Object.values(node).forEach(walk);
      };
      for (const rule of (schema.allOf as JsonObject[] | undefined) ?? []) walk([rule.if, rule.then]);
    }
    expect(problems).toEqual([]);
  });

  it("every schema's x-invalid-code is a contract code", () => {
    const invalidCodes = Object.values(schemas)
      .map((s) => (s as JsonObject)['x-invalid-code'])
      .filter(Boolean);
    expect(invalidCodes.length).toBeGreaterThan(0);
    expect(invalidCodes.filter((c) => !codes.includes(c as string))).toEqual([]);
  });
});

describe('no inline duplicated schemas', () => {
  /** An object schema written out in place (not a `$ref`), as it compares: without prose and examples. */
  const shape = (node: JsonObject): string =>
    JSON.stringify(node, (key, value) =>
      ['description', 'examples', 'example', 'summary', 'title'].includes(key)
        ? undefined
        : value && typeof value === 'object' && !Array.isArray(value)
          ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
          : value,
    );

  it.each(['openapi', 'mock-control', 'asyncapi'] as ContractName[])(
    '%s.yaml: an object schema of 3+ properties is written once (else it is a component)',
    (name) => {
      const doc = loadYaml(bundledFile(name));
      const seen = new Map<string, string[]>();
      const visit = (node: unknown, where: string) => {
        if (!node || typeof node !== 'object') return;
        if (Array.isArray(node)) return node.forEach((x, i) => visit(x, `${where}/${i}`));
        const o = node as JsonObject;
        // Examples are data, not schemas.
        if (where.endsWith('/examples') || where.endsWith('/example')) return;
        if (o.properties && typeof o.properties === 'object' && Object.keys(o.properties).length >= 3) {
          const key = shape(o);
          seen.set(key, [...(seen.get(key) ?? []), where]);
        }
        for (const [k, v] of Object.entries(o)) visit(v, `${where}/${k}`);
      };
      visit(doc, '#');
      const duplicated = [...seen.values()].filter((places) => places.length > 1);
      expect(duplicated, 'the same schema written in several places: make it one component and $ref it').toEqual([]);
    },
  );
});

describe('layout (docs/contracts.md)', () => {
  /** Every source file of the contracts: the roots and the files of their folders. */
  const sources = (readdirSync(contracts, { recursive: true, encoding: 'utf8' }) as string[]).filter((f) => f.endsWith('.yaml') && !f.startsWith('generated'));

  it('keeps every source file to 400 lines', () => {
    expect(sources.length).toBeGreaterThan(3);
    const long = sources.map((f) => [f, readFileSync(join(contracts, f), 'utf8').split('\n').length - 1] as const).filter(([, n]) => n > 400);
    expect(long, 'split the file by responsibility (openapi/<tag>/<part>.yaml)').toEqual([]);
  });

  it.each(['openapi', 'mock-control'] as const)("%s.yaml: each path is in its operations' tag's file, under its own path", (name) => {
    const misplaced: string[] = [];
    for (const [path, item] of Object.entries(parse(readFileSync(SOURCES[name], 'utf8')).paths as Record<string, { $ref?: string }>)) {
      const [file, pointer] = (item.$ref ?? '').split('#');
      const tags = Object.values((loadYaml(bundledFile(name)).paths as JsonObject)[path] as JsonObject).map((op) => ((op as JsonObject).tags as string[])[0]);
      const area = /^\.\/[\w-]+\/([\w-]+)(?:\.yaml|\/[\w-]+\.yaml)$/.exec(file)?.[1];
      if (pointer !== `/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}` || tags.some((t) => t !== area))
        misplaced.push(`${path}: ${item.$ref} (tags ${tags.join(', ')})`);
    }
    expect(misplaced).toEqual([]);
  });

  it("asyncapi.yaml: each operation is in the file of its area, named as the REST API's tags", () => {
    const tags = (loadYaml(OPENAPI).tags as JsonObject[]).map((t) => t.name as string);
    const operations = Object.values(parse(readFileSync(SOURCES.asyncapi, 'utf8')).operations as Record<string, { $ref: string }>);
    const areas = operations.map((o) => /^\.\/asyncapi\/([\w-]+)\.yaml#\/operations\//.exec(o.$ref)?.[1]);
    expect(areas.filter((a) => a !== 'subscriptions' && !tags.includes(a ?? ''))).toEqual([]);
  });

  it('gives every key a value: a comma in a flow map ends a plain scalar (quote the text)', () => {
    // `{ description: What the buyer pays, in fiat. }` is a description `What the buyer pays` and a key `in fiat.`.
    const cut: string[] = [];
    const walk = (node: unknown, where: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}/${i}`));
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (['examples', 'example', 'const', 'default'].includes(key)) continue; // data, where null may be meant
        if (value === null) cut.push(`${where}/${key}`);
        else walk(value, `${where}/${key}`);
      }
    };
    for (const f of sources) walk(parse(readFileSync(join(contracts, f), 'utf8'), { maxAliasCount: -1 }), f);
    expect(cut).toEqual([]);
  });

  it.each(['openapi', 'mock-control', 'asyncapi'] as ContractName[])('the %s bundle is one self-contained document', (name) => {
    expect(readFileSync(bundledFile(name), 'utf8')).not.toMatch(/\$ref: ['"]?[^'"#\s]/);
  });
});
