import { describe, expect, it } from 'vitest';
import type { Json } from './resolve.ts';
import { alternativesOf, diffSchemas, type Direction, type Severity } from './schema-diff.ts';

const obj = (properties: Record<string, Json>, required: string[] = [], extra: Record<string, Json> = {}): Json => ({
  type: 'object',
  required,
  properties,
  ...extra,
});

/** The findings as `severity location: message` lines. */
function diff(before: Json, after: Json, direction: Direction, allowTupleGrowth = false): string[] {
  return diffSchemas(before, after, direction, { allowTupleGrowth }).map((f) => `${f.severity} ${f.location}: ${f.message}`);
}

/** Expects exactly one finding, of this severity, whose text matches. */
function expectOne(before: Json, after: Json, direction: Direction, severity: Severity, text: RegExp) {
  const found = diff(before, after, direction);
  expect(found, found.join('\n')).toHaveLength(1);
  expect(found[0].startsWith(`${severity} `), found[0]).toBe(true);
  expect(found[0]).toMatch(text);
}

const both = (before: Json, after: Json, request: Severity, response: Severity, text: RegExp) => {
  expectOne(before, after, 'request', request, text);
  expectOne(before, after, 'response', response, text);
};

describe('schema differ', () => {
  it('reports nothing for equal schemas or documentation-only changes', () => {
    const s = obj({ a: { type: 'string', maxLength: 3 } }, ['a']);
    expect(diff(s, structuredClone(s), 'request')).toEqual([]);
    expect(diff(s, obj({ a: { type: 'string', maxLength: 3, description: 'new', examples: ['x'] } }, ['a'], { title: 'T' }), 'response')).toEqual([]);
  });

  describe('properties', () => {
    it('a removed property breaks both ways (a rename is a removal and an addition)', () => {
      both(obj({ a: { type: 'string' }, b: { type: 'string' } }), obj({ a: { type: 'string' } }), 'breaking', 'breaking', /\/properties\/b: property removed/);
      const renamed = diff(obj({ a: { type: 'string' } }), obj({ b: { type: 'string' } }), 'response');
      expect(renamed).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^breaking \/properties\/a: property removed/),
          expect.stringMatching(/^non-breaking \/properties\/b: property added/),
        ]),
      );
    });
    it('an added property: breaking for requests only when required', () => {
      expectOne(obj({}), obj({ x: { type: 'string' } }), 'request', 'non-breaking', /optional property added/);
      expectOne(obj({}), obj({ x: { type: 'string' } }, ['x']), 'request', 'breaking', /required property added/);
      expectOne(obj({}), obj({ x: { type: 'string' } }, ['x']), 'response', 'non-breaking', /property added \(clients ignore/);
    });
    it('optional → required narrows, required → optional widens', () => {
      both(obj({ x: { type: 'string' } }), obj({ x: { type: 'string' } }, ['x']), 'breaking', 'non-breaking', /\/properties\/x: optional → required/);
      both(obj({ x: { type: 'string' } }, ['x']), obj({ x: { type: 'string' } }), 'non-breaking', 'breaking', /\/properties\/x: required → optional/);
    });
    it('additionalProperties: false added breaks requests; on responses it only describes the version', () => {
      both(obj({}), obj({}, [], { additionalProperties: false }), 'breaking', 'non-breaking', /additionalProperties: false added/);
      both(obj({}, [], { additionalProperties: false }), obj({}), 'non-breaking', 'non-breaking', /additionalProperties: false removed/);
      both(
        obj({}, [], { additionalProperties: { type: 'string' } }),
        obj({}, [], { additionalProperties: { type: 'string', maxLength: 2 } }),
        'breaking',
        'non-breaking',
        /\/additionalProperties: maxLength added/,
      );
    });
    it('compares nested properties and array items with their location', () => {
      const s = (max: number) => obj({ list: { type: 'array', items: obj({ name: { type: 'string', maxLength: max } }) } });
      expectOne(s(40), s(30), 'request', 'breaking', /^breaking \/properties\/list\/items\/properties\/name: maxLength lowered 40 → 30$/);
    });
  });

  describe('types', () => {
    it('narrowed, widened, changed', () => {
      both({ type: ['string', 'null'] }, { type: 'string' }, 'breaking', 'non-breaking', /type narrowed: string\|null → string/);
      both({ type: 'string' }, { type: ['string', 'null'] }, 'non-breaking', 'breaking', /type widened/);
      both({ type: 'string' }, { type: 'integer' }, 'breaking', 'breaking', /type changed: string → integer/);
      both({ type: 'number' }, { type: 'integer' }, 'breaking', 'non-breaking', /type narrowed: number → integer/);
      both({ type: 'integer' }, { type: 'number' }, 'non-breaking', 'breaking', /type widened: integer → number/);
      both({}, { type: 'string' }, 'breaking', 'non-breaking', /type narrowed: any → string/);
    });
  });

  describe('enums', () => {
    const e = (...values: string[]): Json => ({ type: 'string', enum: values });
    it('a removed value breaks requests only; an added value breaks nothing (Compatibility)', () => {
      both(e('a', 'b'), e('a'), 'breaking', 'non-breaking', /enum value removed: b/);
      both(e('a'), e('a', 'b'), 'non-breaking', 'non-breaking', /enum value added: b/);
      expect(diff(e('a'), e('a', 'b'), 'response')[0]).toMatch(/Compatibility/);
    });
    it('replaced values (a rename, a changed const) break responses', () => {
      expectOne(e('a', 'b'), e('a', 'c'), 'response', 'breaking', /enum values replaced: b → c/);
      expectOne({ const: 'ok' }, { const: 'okay' }, 'response', 'breaking', /replaced: ok → okay/);
    });
    it('an enum introduced narrows, an enum dropped does not break', () => {
      both({ type: 'string' }, e('a'), 'breaking', 'non-breaking', /enum introduced: a/);
      both(e('a'), { type: 'string' }, 'non-breaking', 'non-breaking', /enum dropped/);
    });
    it('treats a oneOf of consts as an enum', () => {
      const o = (...values: string[]): Json => ({ type: 'string', oneOf: values.map((v) => ({ const: v, description: v })) });
      expectOne(o('en', 'de'), o('en'), 'request', 'breaking', /^breaking : enum value removed: de$/);
      expectOne(o('en'), e('en', 'fr'), 'request', 'non-breaking', /enum value added: fr/);
    });
  });

  describe('bounds', () => {
    const cases: [string, Json, Json, 'narrowed' | 'widened', RegExp][] = [
      ['maxLength lowered', { type: 'string', maxLength: 40 }, { type: 'string', maxLength: 30 }, 'narrowed', /maxLength lowered 40 → 30/],
      ['maxLength raised', { type: 'string', maxLength: 30 }, { type: 'string', maxLength: 40 }, 'widened', /maxLength raised 30 → 40/],
      ['maxLength added', { type: 'string' }, { type: 'string', maxLength: 9 }, 'narrowed', /maxLength added: 9/],
      ['maxLength removed', { type: 'string', maxLength: 9 }, { type: 'string' }, 'widened', /maxLength removed \(was 9\)/],
      ['minLength raised', { type: 'string', minLength: 1 }, { type: 'string', minLength: 2 }, 'narrowed', /minLength raised 1 → 2/],
      ['minLength lowered', { type: 'string', minLength: 2 }, { type: 'string', minLength: 1 }, 'widened', /minLength lowered 2 → 1/],
      ['maximum lowered', { type: 'integer', maximum: 100 }, { type: 'integer', maximum: 50 }, 'narrowed', /maximum lowered 100 → 50/],
      ['minimum raised', { type: 'integer', minimum: 0 }, { type: 'integer', minimum: 1 }, 'narrowed', /minimum raised 0 → 1/],
      ['exclusiveMinimum added', { type: 'number' }, { type: 'number', exclusiveMinimum: 0 }, 'narrowed', /exclusiveMinimum added: 0/],
      ['maxItems lowered', { type: 'array', maxItems: 50 }, { type: 'array', maxItems: 20 }, 'narrowed', /maxItems lowered 50 → 20/],
      ['minItems raised', { type: 'array', minItems: 0 }, { type: 'array', minItems: 1 }, 'narrowed', /minItems raised 0 → 1/],
      ['maxProperties added', { type: 'object' }, { type: 'object', maxProperties: 3 }, 'narrowed', /maxProperties added: 3/],
      ['multipleOf added', { type: 'number' }, { type: 'number', multipleOf: 0.5 }, 'narrowed', /multipleOf added/],
      ['multipleOf coarser', { type: 'number', multipleOf: 0.5 }, { type: 'number', multipleOf: 1 }, 'narrowed', /multipleOf coarser/],
      ['multipleOf finer', { type: 'number', multipleOf: 1 }, { type: 'number', multipleOf: 0.5 }, 'widened', /multipleOf finer/],
      ['uniqueItems set', { type: 'array' }, { type: 'array', uniqueItems: true }, 'narrowed', /uniqueItems set/],
      ['format added', { type: 'string' }, { type: 'string', format: 'email' }, 'narrowed', /format added: email/],
      ['format removed', { type: 'string', format: 'email' }, { type: 'string' }, 'widened', /format removed/],
    ];
    for (const [name, before, after, kind, text] of cases) {
      it(name, () => both(before, after, kind === 'narrowed' ? 'breaking' : 'non-breaking', kind === 'narrowed' ? 'non-breaking' : 'breaking', text));
    }
    it('multipleOf or format changed to something unrelated breaks both ways', () => {
      both({ type: 'number', multipleOf: 2 }, { type: 'number', multipleOf: 3 }, 'breaking', 'breaking', /multipleOf changed: 2 → 3/);
      both({ type: 'string', format: 'email' }, { type: 'string', format: 'uri' }, 'breaking', 'breaking', /format changed/);
    });
    it('responses may grow a tuple when the contract says so', () => {
      const level = (max: number): Json => ({ type: 'array', items: { type: 'string' }, minItems: 2, maxItems: max });
      expect(diff(level(2), level(3), 'response', true)).toEqual([
        expect.stringMatching(/^non-breaking : maxItems raised 2 → 3 \(non-breaking: Compatibility/),
      ]);
      expectOne(level(2), level(3), 'response', 'breaking', /maxItems raised 2 → 3$/);
    });
  });

  describe('patterns', () => {
    it('added narrows, removed widens', () => {
      both({ type: 'string' }, { type: 'string', pattern: '^[a-z]+$' }, 'breaking', 'non-breaking', /pattern added/);
      both({ type: 'string', pattern: '^[a-z]+$' }, { type: 'string' }, 'non-breaking', 'breaking', /pattern removed/);
    });
    it('top-level alternatives added widen, removed narrow, anything else breaks both ways', () => {
      both(
        { type: 'string', pattern: '^(tickers|depth:[A-Z]+)$' },
        { type: 'string', pattern: '^(tickers|depth:[A-Z]+|orders)$' },
        'non-breaking',
        'breaking',
        /pattern widened \(alternatives added: orders\)/,
      );
      both({ type: 'string', pattern: '^(tickers|depth:[A-Z]+)$' }, { type: 'string', pattern: '^(tickers)$' }, 'breaking', 'non-breaking', /pattern narrowed/);
      both({ type: 'string', pattern: '^[0-9]{6}$' }, { type: 'string', pattern: '^[0-9]{4}$' }, 'breaking', 'breaking', /pattern changed/);
      expect(alternativesOf('^(a|(b|c)|[|])$')).toEqual(new Set(['a', '(b|c)', '[|]']));
    });
    it('a pattern replacing an enum is fine when every former value matches', () => {
      const before: Json = { type: 'string', enum: ['default', 'new-user'] };
      expect(diff(before, { type: 'string', pattern: '^[a-z-]+$' }, 'request')).toEqual([
        expect.stringMatching(/^non-breaking : enum dropped/),
        expect.stringMatching(/^non-breaking : pattern added: .* every former value matches/),
      ]);
      expect(diff(before, { type: 'string', pattern: '^[a-z]+$' }, 'request')).toContainEqual(expect.stringMatching(/^breaking : pattern added/));
    });
  });

  describe('alternatives and conditions', () => {
    const ok = (message: Json): Json => obj({ type: { const: 'ok' }, message }, ['type', 'message']);
    const error = obj({ type: { type: 'string', enum: ['error', '999'] }, code: { type: 'string' } }, ['type', 'code']);
    it('matches oneOf branches by their const discriminators', () => {
      const before: Json = { oneOf: [ok({ type: 'string' }), error] };
      const after: Json = { oneOf: [error, ok({ type: 'integer' })] };
      expectOne(before, after, 'response', 'breaking', /^breaking \/oneOf\[type=ok\]\/properties\/message: type changed: string → integer$/);
    });
    it('an alternative removed narrows, added widens', () => {
      const a = obj({ kind: { const: 'a' } });
      const b = obj({ kind: { const: 'b' } });
      both({ oneOf: [a, b] }, { oneOf: [a] }, 'breaking', 'non-breaking', /\/oneOf\[kind=b\]: alternative removed/);
      both({ anyOf: [a] }, { anyOf: [a, b] }, 'non-breaking', 'breaking', /\/anyOf\[kind=b\]: alternative added/);
    });
    it('conditional constraints: added narrows, removed widens, a changed condition breaks, then is compared', () => {
      const cond = (when: string, required: string[], code = 'price_required'): Json => ({
        if: { properties: { type: { const: when } } },
        then: { required, 'x-invalid-code': code },
      });
      const s = (...allOf: Json[]): Json =>
        obj({ type: { type: 'string' }, price: { type: 'string' }, stop: { type: 'string' } }, [], allOf.length ? { allOf } : {});
      both(s(), s(cond('limit', ['price'])), 'breaking', 'non-breaking', /\/allOf\[if\]: constraint added: if/);
      both(s(cond('limit', ['price'])), s(), 'non-breaking', 'breaking', /constraint removed/);
      expectOne(
        s(cond('limit', ['price'])),
        s(cond('limit', ['price', 'stop'])),
        'request',
        'breaking',
        /\/allOf\[if\]\/then\/properties\/stop: optional → required/,
      );
      expectOne(
        s(cond('limit', ['price'])),
        s(cond('limit', ['price'], 'field_required')),
        'request',
        'breaking',
        /x-invalid-code changed: price_required → field_required/,
      );
      expectOne(
        { if: { required: ['a'] }, then: { required: ['b'] } },
        { if: { required: ['c'] }, then: { required: ['b'] } },
        'response',
        'breaking',
        /\/if: condition changed/,
      );
    });
    it('not, default and keywords it does not know', () => {
      both({ not: { required: ['a'] } }, { not: { required: ['b'] } }, 'breaking', 'breaking', /\/not: not changed/);
      both({ type: 'integer', default: 20 }, { type: 'integer', default: 10 }, 'non-breaking', 'non-breaking', /default changed: 20 → 10/);
      both({ type: 'object', dependentRequired: { a: ['b'] } }, { type: 'object' }, 'breaking', 'breaking', /dependentRequired changed.*not analysed/);
      both({ type: 'string' }, { type: 'string', deprecated: true }, 'non-breaking', 'non-breaking', /deprecated/);
      // The rest of a description a comma cut off in a flow map is a key without a value: no keyword.
      const cut = { type: 'string', description: 'Fiat per coin', "at the fiat's decimals.": null };
      expect(diff(cut, { type: 'string', description: "Fiat per coin, at the fiat's decimals." }, 'response')).toEqual([]);
    });
    it('recursive references are compared by name', () => {
      both(
        { 'x-recursive-ref': 'openapi.yaml#/components/schemas/A' },
        { 'x-recursive-ref': 'openapi.yaml#/components/schemas/B' },
        'breaking',
        'breaking',
        /recursive schema changed/,
      );
      expect(diff({ 'x-recursive-ref': 'x#/a' }, { 'x-recursive-ref': 'x#/a' }, 'request')).toEqual([]);
    });
  });
});
