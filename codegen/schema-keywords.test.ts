import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { contracts } from './generators/paths';
import { strayKeys, strayKeysInSources } from './schema-keywords';

const pointers = (doc: unknown, kind: 'openapi' | 'asyncapi' = 'openapi') => strayKeys(doc, 'f.yaml', kind).map((s) => s.pointer);

describe('schema keys (codegen/schema-keywords.ts)', () => {
  it('finds the tail of a description a comma cut in a flow map, with its pointer', () => {
    const doc = parse(
      "components:\n  schemas:\n    P2pOrder:\n      properties:\n        amount: { $ref: '#/x', description: What the buyer pays, in fiat. }\n",
    );
    expect(strayKeys(doc, 'openapi/fiat/orders.yaml', 'openapi')).toEqual([
      { file: 'openapi/fiat/orders.yaml', pointer: '/components/schemas/P2pOrder/properties/amount/in fiat.' },
    ]);
  });

  it('walks nested properties, items, allOf/oneOf/anyOf, parameters, bodies, responses and headers', () => {
    const bad = { type: 'string', maxLenght: 3 };
    const doc = {
      paths: {
        '/a': {
          parameters: [{ name: 'p', in: 'query', schema: bad }],
          post: {
            parameters: [{ name: 'q', in: 'query', schema: { oneOf: [bad] } }],
            requestBody: { content: { 'application/json': { schema: { properties: { a: { items: bad } } }, examples: { e: { value: { maxLenght: 1 } } } } } },
            responses: { 200: { headers: { H: { schema: bad } }, content: { 'application/json': { schema: { allOf: [{ anyOf: [bad] }] } } } } },
          },
        },
      },
      components: {
        schemas: { S: { additionalProperties: bad, properties: { maxLenght: bad, ok: { 'x-anything': { maxLenght: 1 } } } } },
        parameters: { P: { schema: bad } },
      },
    };
    expect(pointers(doc)).toEqual([
      '/paths/~1a/parameters/0/schema/maxLenght',
      '/paths/~1a/post/parameters/0/schema/oneOf/0/maxLenght',
      '/paths/~1a/post/requestBody/content/application~1json/schema/properties/a/items/maxLenght',
      '/paths/~1a/post/responses/200/headers/H/schema/maxLenght',
      '/paths/~1a/post/responses/200/content/application~1json/schema/allOf/0/anyOf/0/maxLenght',
      '/components/schemas/S/additionalProperties/maxLenght',
      '/components/schemas/S/properties/maxLenght/maxLenght',
      '/components/parameters/P/schema/maxLenght',
    ]);
  });

  it("walks an event's payload, headers and Socket.IO ack, not its examples", () => {
    const doc = {
      operations: { o: { 'x-socketio': { event: 'o', ack: { properties: { ok: { typo: true } } } } } },
      components: { messages: { M: { payload: { typo: 1 }, headers: { typo: 1 }, examples: [{ payload: { typo: 1 } }] } } },
    };
    expect(pointers(doc, 'asyncapi')).toEqual([
      '/operations/o/x-socketio/ack/properties/ok/typo',
      '/components/messages/M/payload/typo',
      '/components/messages/M/headers/typo',
    ]);
  });

  it('accepts the OpenAPI 3.1 keywords and x- extensions', () => {
    const ok = {
      discriminator: { propertyName: 'k' },
      xml: {},
      externalDocs: {},
      example: 1,
      examples: [1],
      deprecated: true,
      readOnly: true,
      writeOnly: false,
    };
    expect(pointers({ components: { schemas: { S: { ...ok, contentMediaType: 'a/b', contentEncoding: 'base64', $comment: 'c', 'x-scale': 2 } } } })).toEqual(
      [],
    );
  });

  it('the contracts have none, and the walk reaches every component schema of every source file', () => {
    expect(strayKeysInSources(contracts)).toEqual([]);
    let schemas = 0;
    let planted = 0;
    for (const f of readdirSync(contracts, { recursive: true, encoding: 'utf8' }) as string[]) {
      if (!f.endsWith('.yaml') || f.startsWith('generated')) continue;
      const doc = parse(readFileSync(join(contracts, f), 'utf8'), { maxAliasCount: -1 }) as { components?: { schemas?: Record<string, object> } };
      for (const s of Object.values(doc.components?.schemas ?? {})) {
        Object.assign(s, { planted: 1 });
        schemas++;
      }
      planted += strayKeys(doc, f, f.startsWith('asyncapi') ? 'asyncapi' : 'openapi').length;
    }
    expect(schemas).toBeGreaterThan(100);
    expect(planted).toBe(schemas);
  });
});
