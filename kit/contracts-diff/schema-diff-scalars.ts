/**
 * The schema differ's comparisons of what a schema allows of one value (the rules are in
 * schema-diff.ts's header): its type, enum values, bounds, `pattern`, `format`, and the other
 * keywords (`x-invalid-code`, `default`, `deprecated`, anything not analysed).
 */
import type { DiffContext } from './schema-diff-context.ts';
import { canonical, enumValues, fmt } from './schema-read.ts';
import { alternativesOf, matches } from './schema-pattern.ts';
import { RECURSIVE_REF, type Json, type JsonObject } from './resolve.ts';

const IGNORED = new Set(['description', 'title', 'examples', 'example', '$comment', 'summary', 'readOnly', 'writeOnly', 'contentMediaType', 'contentEncoding']);
const UPPER = ['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties'] as const;
const LOWER = ['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties'] as const;
const HANDLED = new Set<string>([
  'type',
  'enum',
  'const',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'prefixItems',
  'pattern',
  'format',
  'multipleOf',
  'uniqueItems',
  'oneOf',
  'anyOf',
  'allOf',
  'if',
  'then',
  'else',
  'not',
  'default',
  'deprecated',
  'x-invalid-code',
  RECURSIVE_REF,
  ...UPPER,
  ...LOWER,
]);

function isMultiple(x: number, of: number): boolean {
  const q = x / of;
  return Math.abs(q - Math.round(q)) < 1e-9;
}

/** `integer` is a `number`: a set holding `number` covers `integer`. */
function covers(types: Set<string>, type: string): boolean {
  return types.has(type) || (type === 'integer' && types.has('number'));
}

function jsonType(value: Json): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The schema's types: `type`, else what its keywords imply; undefined for "any". */
function typesOf(s: JsonObject): Set<string> | undefined {
  if (typeof s.type === 'string') return new Set([s.type]);
  if (Array.isArray(s.type)) return new Set(s.type as string[]);
  const values = enumValues(s);
  if (values) return new Set([...values].map((v) => jsonType(JSON.parse(v) as Json)));
  if (s.properties !== undefined || s.required !== undefined || s.additionalProperties !== undefined) return new Set(['object']);
  if (s.items !== undefined || s.prefixItems !== undefined) return new Set(['array']);
  return undefined;
}

/** Returns false when the types changed outright (nothing else is worth comparing). */
export function diffTypes(d: DiffContext, b: JsonObject, a: JsonObject, loc: string): boolean {
  const tb = typesOf(b);
  const ta = typesOf(a);
  if (!tb && !ta) return true;
  const show = (t: Set<string> | undefined) => (t ? [...t].join('|') : 'any');
  if (!tb || !ta) {
    if (!ta) d.widened(loc, `type widened: ${show(tb)} → any`);
    else d.narrowed(loc, `type narrowed: any → ${show(ta)}`);
    return true;
  }
  const dropped = [...tb].filter((t) => !covers(ta, t));
  const gained = [...ta].filter((t) => !covers(tb, t));
  if (dropped.length && gained.length) {
    d.add(loc, `type changed: ${show(tb)} → ${show(ta)}`, 'breaking');
    return [...tb].some((t) => ta.has(t));
  }
  if (dropped.length) d.narrowed(loc, `type narrowed: ${show(tb)} → ${show(ta)}`);
  if (gained.length) d.widened(loc, `type widened: ${show(tb)} → ${show(ta)}`);
  return true;
}

export function diffEnums(d: DiffContext, b: JsonObject, a: JsonObject, loc: string) {
  const vb = enumValues(b);
  const va = enumValues(a);
  if (!vb && !va) return;
  const list = (values: string[]) =>
    values
      .map((v) => JSON.parse(v) as Json)
      .map(fmt)
      .join(', ');
  if (!vb || !va) {
    if (va) d.narrowed(loc, `enum introduced: ${list([...va])}`);
    else if (d.direction === 'request') d.add(loc, 'enum dropped (its values are no longer the only ones accepted)', 'non-breaking');
    else d.add(loc, 'enum dropped (non-breaking: Compatibility, clients treat an unknown value as "other")', 'non-breaking');
    return;
  }
  const removed = [...vb].filter((v) => !va.has(v));
  const added = [...va].filter((v) => !vb.has(v));
  if (d.direction === 'request') {
    if (removed.length) d.add(loc, `enum value${removed.length > 1 ? 's' : ''} removed: ${list(removed)}`, 'breaking');
    if (added.length) d.add(loc, `enum value${added.length > 1 ? 's' : ''} added: ${list(added)}`, 'non-breaking');
    return;
  }
  if (removed.length && added.length) {
    d.add(loc, `enum values replaced: ${list(removed)} → ${list(added)} (a rename: clients lose a value they know)`, 'breaking');
    return;
  }
  if (removed.length) d.add(loc, `enum value${removed.length > 1 ? 's' : ''} removed: ${list(removed)} (the server sends fewer values)`, 'non-breaking');
  if (added.length)
    d.add(
      loc,
      `enum value${added.length > 1 ? 's' : ''} added: ${list(added)} (non-breaking: Compatibility, clients treat an unknown value as "other")`,
      'non-breaking',
    );
}

export function diffBounds(d: DiffContext, b: JsonObject, a: JsonObject, loc: string) {
  for (const [keys, upper] of [
    [UPPER, true],
    [LOWER, false],
  ] as const) {
    for (const key of keys) {
      const x = b[key];
      const y = a[key];
      if (x === y || (typeof x !== 'number' && typeof y !== 'number')) continue;
      if (
        key === 'maxItems' &&
        d.allowTupleGrowth &&
        d.direction === 'response' &&
        typeof x === 'number' &&
        b.minItems === x &&
        (typeof y !== 'number' || y > x)
      ) {
        d.add(
          loc,
          `maxItems ${typeof y === 'number' ? `raised ${x} → ${y}` : `removed (was ${x})`} (non-breaking: Compatibility, a server may add elements after the tuple's)`,
          'non-breaking',
        );
        continue;
      }
      if (typeof x !== 'number') d.narrowed(loc, `${key} added: ${fmt(y)}`);
      else if (typeof y !== 'number') d.widened(loc, `${key} removed (was ${x})`);
      else if (upper === y < x) d.narrowed(loc, `${key} ${upper ? 'lowered' : 'raised'} ${x} → ${y}`);
      else d.widened(loc, `${key} ${upper ? 'raised' : 'lowered'} ${x} → ${y}`);
    }
  }
  const mb = b.multipleOf;
  const ma = a.multipleOf;
  if (mb !== ma && (typeof mb === 'number' || typeof ma === 'number')) {
    if (typeof mb !== 'number') d.narrowed(loc, `multipleOf added: ${fmt(ma)}`);
    else if (typeof ma !== 'number') d.widened(loc, `multipleOf removed (was ${mb})`);
    else if (isMultiple(ma, mb)) d.narrowed(loc, `multipleOf coarser: ${mb} → ${ma}`);
    else if (isMultiple(mb, ma)) d.widened(loc, `multipleOf finer: ${mb} → ${ma}`);
    else d.add(loc, `multipleOf changed: ${mb} → ${ma}`, 'breaking');
  }
  if (Boolean(b.uniqueItems) !== Boolean(a.uniqueItems)) {
    if (a.uniqueItems) d.narrowed(loc, 'uniqueItems set');
    else d.widened(loc, 'uniqueItems dropped');
  }
}

export function diffPattern(d: DiffContext, b: JsonObject, a: JsonObject, loc: string) {
  const pb = typeof b.pattern === 'string' ? b.pattern : undefined;
  const pa = typeof a.pattern === 'string' ? a.pattern : undefined;
  if (pb === pa) return;
  if (pb === undefined) {
    const former = enumValues(b);
    if (former && !enumValues(a) && [...former].every((v) => matches(pa as string, JSON.parse(v) as Json))) {
      return d.add(loc, `pattern added: ${pa} (in place of the enum; every former value matches)`, 'non-breaking');
    }
    return d.narrowed(loc, `pattern added: ${pa}`);
  }
  if (pa === undefined) return d.widened(loc, `pattern removed (was ${pb})`);
  const ab = alternativesOf(pb);
  const aa = alternativesOf(pa);
  if (ab && aa && [...ab].every((x) => aa.has(x)))
    return d.widened(loc, `pattern widened (alternatives added: ${[...aa].filter((x) => !ab.has(x)).join(', ')})`);
  if (ab && aa && [...aa].every((x) => ab.has(x)))
    return d.narrowed(loc, `pattern narrowed (alternatives removed: ${[...ab].filter((x) => !aa.has(x)).join(', ')})`);
  d.add(loc, `pattern changed: ${pb} → ${pa}`, 'breaking');
}

export function diffFormat(d: DiffContext, b: JsonObject, a: JsonObject, loc: string) {
  if (b.format === a.format) return;
  if (b.format === undefined) d.narrowed(loc, `format added: ${fmt(a.format)}`);
  else if (a.format === undefined) d.widened(loc, `format removed (was ${fmt(b.format)})`);
  else d.add(loc, `format changed: ${fmt(b.format)} → ${fmt(a.format)}`, 'breaking');
}

export function diffMisc(d: DiffContext, b: JsonObject, a: JsonObject, loc: string) {
  if (b['x-invalid-code'] !== a['x-invalid-code']) {
    d.add(
      loc,
      `x-invalid-code changed: ${fmt(b['x-invalid-code'] ?? null)} → ${fmt(a['x-invalid-code'] ?? null)} (the error code a client sees)`,
      d.direction === 'request' ? 'breaking' : 'non-breaking',
    );
  }
  if (canonical(b.default) !== canonical(a.default)) {
    d.add(loc, `default changed: ${fmt(b.default ?? null)} → ${fmt(a.default ?? null)} (review: the meaning of an omitted value)`, 'non-breaking');
  }
  if (Boolean(b.deprecated) !== Boolean(a.deprecated)) d.add(loc, a.deprecated ? 'deprecated' : 'no longer deprecated', 'non-breaking');
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (HANDLED.has(key) || IGNORED.has(key) || key.startsWith('x-')) continue;
    // A key without a value is no keyword (each has one): the end of a flow-map description that a
    // comma cut off (`description: Fiat per coin, at the fiat's decimals.`), which checks nothing.
    if ((b[key] ?? null) === null && (a[key] ?? null) === null) continue;
    if (canonical(b[key]) !== canonical(a[key])) d.add(loc, `${key} changed: ${canonical(b[key])} → ${canonical(a[key])} (not analysed)`, 'breaking');
  }
}
