/**
 * Compares two resolved JSON Schemas (2020-12, as OpenAPI 3.1 and AsyncAPI 3 use them) in one
 * direction and classifies every difference as breaking or non-breaking.
 *
 * Directions:
 * - `request`: the schema says what the **server accepts** (request bodies, parameters, events a
 *   client emits). A change is breaking when a request that was valid before may be refused now
 *   (the accepted set narrows), non-breaking when the set only widens.
 * - `response`: the schema says what the **client receives** (response bodies and headers, events
 *   the server emits, acks). A change is breaking when a client written for the old schema may
 *   receive something it does not expect, or stop receiving something it relies on; with the
 *   exceptions the contracts' Compatibility sections grant: a server may add response fields and
 *   enum values (clients ignore unknown fields and treat an unknown value as "other"), and
 *   `additionalProperties: false` on a response describes the version, it does not forbid additions.
 *
 * Rules (request → response classification):
 * - property removed: breaking → breaking (Compatibility: a field is never removed or renamed; a
 *   rename is a removal plus an addition).
 * - property added: breaking if required, else non-breaking → non-breaking (clients ignore it).
 * - optional → required: breaking → non-breaking; required → optional: non-breaking → breaking.
 * - type narrowed (a type dropped, `number` → `integer`): breaking → non-breaking; widened: the
 *   opposite; changed (both): breaking both ways.
 * - enum value removed (or `enum`/`const` introduced): breaking → non-breaking (the server sends
 *   fewer values); value added (or enum dropped): non-breaking → non-breaking (Compatibility);
 *   values replaced (some removed and some added, e.g. a changed `const`): breaking both ways
 *   in the response direction too, since that is a rename. `oneOf` of `const`s counts as an enum.
 * - upper bounds (maxLength, maximum, exclusiveMaximum, maxItems, maxProperties) lowered or added,
 *   lower bounds (minLength, minimum, exclusiveMinimum, minItems, minProperties) raised or added,
 *   `pattern` or `format` added, `multipleOf` added or made coarser, `uniqueItems` set: narrowing
 *   (breaking → non-breaking); the opposite: widening (non-breaking → breaking). A `pattern` whose
 *   top-level alternatives are a superset of the old ones widens, a subset narrows; any other
 *   pattern or format change is breaking both ways. A pattern that replaces an enum all of whose
 *   values it matches is non-breaking.
 * - `additionalProperties: false` added: breaking → non-breaking; removed: non-breaking both ways;
 *   an additionalProperties schema is compared like a property.
 * - `oneOf`/`anyOf` alternative removed: breaking → non-breaking; added: non-breaking → breaking
 *   (a new shape the client does not know). Alternatives are matched by the `const` properties
 *   that discriminate them, else by component name, title or position.
 * - `allOf` member or `if`/`then` condition added: breaking → non-breaking; removed: the opposite;
 *   a changed `if`: breaking both ways. `not` added or changed: breaking both ways (not analysed).
 * - `x-invalid-code` (the error code a failing conditional answers) changed: breaking (request).
 * - `default` changed: non-breaking, flagged for review. `deprecated` set: non-breaking.
 * - documentation (`description`, `title`, `examples`, `$comment`, other `x-`) is ignored; any
 *   other keyword that changes is reported as breaking ("not analysed").
 */
import { isObject, RECURSIVE_REF, type Json, type JsonObject } from './resolve.ts';

export type Direction = 'request' | 'response';
export type Severity = 'breaking' | 'non-breaking';

export interface SchemaFinding {
  /** JSON-pointer-like location inside the schema (`''` for the root). */
  location: string;
  message: string;
  severity: Severity;
}

export interface SchemaDiffOptions {
  /** Component names of resolved objects (ContractFolder.refNames), used to match alternatives. */
  refNames?: WeakMap<object, string>;
  /**
   * Responses may grow tuples: a raised or dropped `maxItems` of an array whose old `minItems`
   * equalled it is non-breaking (asyncapi.yaml's Compatibility: "elements after the two of a price
   * level").
   */
  allowTupleGrowth?: boolean;
}

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

const fmt = (value: Json | undefined): string => (typeof value === 'string' ? value : JSON.stringify(value));

const canonicalCache = new WeakMap<object, string>();

/** A stable JSON text (keys sorted) for equality and keys; cached per object (resolved schemas are never mutated). */
export function canonical(value: Json | undefined): string {
  if (value === undefined) return 'undefined';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  let text = canonicalCache.get(value);
  if (text === undefined) {
    text = Array.isArray(value)
      ? `[${value.map(canonical).join(',')}]`
      : `{${Object.keys(value)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
          .join(',')}}`;
    canonicalCache.set(value, text);
  }
  return text;
}

class Differ {
  readonly out: SchemaFinding[] = [];
  private depth = 0;

  constructor(
    readonly direction: Direction,
    private readonly refNames: WeakMap<object, string> | undefined,
    private readonly allowTupleGrowth = false,
  ) {}

  private add(location: string, message: string, severity: Severity) {
    this.out.push({ location, message, severity });
  }

  /** A narrowing change: breaking for requests, non-breaking for responses. */
  private narrowed(location: string, message: string) {
    this.add(location, message, this.direction === 'request' ? 'breaking' : 'non-breaking');
  }

  /** A widening change: non-breaking for requests, breaking for responses. */
  private widened(location: string, message: string) {
    this.add(location, message, this.direction === 'request' ? 'non-breaking' : 'breaking');
  }

  compare(before: Json | undefined, after: Json | undefined, loc: string): void {
    if (before === after) return;
    if (before === false || after === false) {
      if (after === false) this.narrowed(loc, 'schema now allows nothing (false)');
      else this.widened(loc, 'schema no longer false');
      return;
    }
    const b = asSchema(before);
    const a = asSchema(after);
    if (canonical(b) === canonical(a)) return; // the common case: nothing changed below here
    if (b[RECURSIVE_REF] !== undefined || a[RECURSIVE_REF] !== undefined) {
      // The resolver cut a recursive reference here: compare the names, not the (infinite) trees.
      if (b[RECURSIVE_REF] !== a[RECURSIVE_REF])
        this.add(loc, `recursive schema changed (${fmt(b[RECURSIVE_REF])} → ${fmt(a[RECURSIVE_REF])}; not analysed)`, 'breaking');
      return;
    }
    if (this.depth > 64) {
      if (canonical(b) !== canonical(a)) this.add(loc, 'schema changed too deep to analyse', 'breaking');
      return;
    }
    this.depth++;
    try {
      this.compareObjects(b, a, loc);
    } finally {
      this.depth--;
    }
  }

  private compareObjects(b: JsonObject, a: JsonObject, loc: string): void {
    const typesCompatible = this.types(b, a, loc);
    this.enums(b, a, loc);
    if (!typesCompatible) return; // a changed type is one finding, not one per keyword
    this.bounds(b, a, loc);
    this.pattern(b, a, loc);
    this.format(b, a, loc);
    this.objects(b, a, loc);
    this.arrays(b, a, loc);
    this.alternatives(b, a, loc, 'oneOf');
    this.alternatives(b, a, loc, 'anyOf');
    this.allOf(b, a, loc);
    this.conditional(b, a, loc);
    this.misc(b, a, loc);
  }

  /** Returns false when the types changed outright (nothing else is worth comparing). */
  private types(b: JsonObject, a: JsonObject, loc: string): boolean {
    const tb = typesOf(b);
    const ta = typesOf(a);
    if (!tb && !ta) return true;
    const show = (t: Set<string> | undefined) => (t ? [...t].join('|') : 'any');
    if (!tb || !ta) {
      if (!ta) this.widened(loc, `type widened: ${show(tb)} → any`);
      else this.narrowed(loc, `type narrowed: any → ${show(ta)}`);
      return true;
    }
    const dropped = [...tb].filter((t) => !covers(ta, t));
    const gained = [...ta].filter((t) => !covers(tb, t));
    if (dropped.length && gained.length) {
      this.add(loc, `type changed: ${show(tb)} → ${show(ta)}`, 'breaking');
      return [...tb].some((t) => ta.has(t));
    }
    if (dropped.length) this.narrowed(loc, `type narrowed: ${show(tb)} → ${show(ta)}`);
    if (gained.length) this.widened(loc, `type widened: ${show(tb)} → ${show(ta)}`);
    return true;
  }

  private enums(b: JsonObject, a: JsonObject, loc: string) {
    const vb = enumValues(b);
    const va = enumValues(a);
    if (!vb && !va) return;
    const list = (values: string[]) =>
      values
        .map((v) => JSON.parse(v) as Json)
        .map(fmt)
        .join(', ');
    if (!vb || !va) {
      if (va) this.narrowed(loc, `enum introduced: ${list([...va])}`);
      else if (this.direction === 'request') this.add(loc, 'enum dropped (its values are no longer the only ones accepted)', 'non-breaking');
      else this.add(loc, 'enum dropped (non-breaking: Compatibility, clients treat an unknown value as "other")', 'non-breaking');
      return;
    }
    const removed = [...vb].filter((v) => !va.has(v));
    const added = [...va].filter((v) => !vb.has(v));
    if (this.direction === 'request') {
      if (removed.length) this.add(loc, `enum value${removed.length > 1 ? 's' : ''} removed: ${list(removed)}`, 'breaking');
      if (added.length) this.add(loc, `enum value${added.length > 1 ? 's' : ''} added: ${list(added)}`, 'non-breaking');
      return;
    }
    if (removed.length && added.length) {
      this.add(loc, `enum values replaced: ${list(removed)} → ${list(added)} (a rename: clients lose a value they know)`, 'breaking');
      return;
    }
    if (removed.length) this.add(loc, `enum value${removed.length > 1 ? 's' : ''} removed: ${list(removed)} (the server sends fewer values)`, 'non-breaking');
    if (added.length)
      this.add(
        loc,
        `enum value${added.length > 1 ? 's' : ''} added: ${list(added)} (non-breaking: Compatibility, clients treat an unknown value as "other")`,
        'non-breaking',
      );
  }

  private bounds(b: JsonObject, a: JsonObject, loc: string) {
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
          this.allowTupleGrowth &&
          this.direction === 'response' &&
          typeof x === 'number' &&
          b.minItems === x &&
          (typeof y !== 'number' || y > x)
        ) {
          this.add(
            loc,
            `maxItems ${typeof y === 'number' ? `raised ${x} → ${y}` : `removed (was ${x})`} (non-breaking: Compatibility, a server may add elements after the tuple's)`,
            'non-breaking',
          );
          continue;
        }
        if (typeof x !== 'number') this.narrowed(loc, `${key} added: ${fmt(y)}`);
        else if (typeof y !== 'number') this.widened(loc, `${key} removed (was ${x})`);
        else if (upper === y < x) this.narrowed(loc, `${key} ${upper ? 'lowered' : 'raised'} ${x} → ${y}`);
        else this.widened(loc, `${key} ${upper ? 'raised' : 'lowered'} ${x} → ${y}`);
      }
    }
    const mb = b.multipleOf;
    const ma = a.multipleOf;
    if (mb !== ma && (typeof mb === 'number' || typeof ma === 'number')) {
      if (typeof mb !== 'number') this.narrowed(loc, `multipleOf added: ${fmt(ma)}`);
      else if (typeof ma !== 'number') this.widened(loc, `multipleOf removed (was ${mb})`);
      else if (isMultiple(ma, mb)) this.narrowed(loc, `multipleOf coarser: ${mb} → ${ma}`);
      else if (isMultiple(mb, ma)) this.widened(loc, `multipleOf finer: ${mb} → ${ma}`);
      else this.add(loc, `multipleOf changed: ${mb} → ${ma}`, 'breaking');
    }
    if (Boolean(b.uniqueItems) !== Boolean(a.uniqueItems)) {
      if (a.uniqueItems) this.narrowed(loc, 'uniqueItems set');
      else this.widened(loc, 'uniqueItems dropped');
    }
  }

  private pattern(b: JsonObject, a: JsonObject, loc: string) {
    const pb = typeof b.pattern === 'string' ? b.pattern : undefined;
    const pa = typeof a.pattern === 'string' ? a.pattern : undefined;
    if (pb === pa) return;
    if (pb === undefined) {
      const former = enumValues(b);
      if (former && !enumValues(a) && [...former].every((v) => matches(pa as string, JSON.parse(v) as Json))) {
        return this.add(loc, `pattern added: ${pa} (in place of the enum; every former value matches)`, 'non-breaking');
      }
      return this.narrowed(loc, `pattern added: ${pa}`);
    }
    if (pa === undefined) return this.widened(loc, `pattern removed (was ${pb})`);
    const ab = alternativesOf(pb);
    const aa = alternativesOf(pa);
    if (ab && aa && [...ab].every((x) => aa.has(x)))
      return this.widened(loc, `pattern widened (alternatives added: ${[...aa].filter((x) => !ab.has(x)).join(', ')})`);
    if (ab && aa && [...aa].every((x) => ab.has(x)))
      return this.narrowed(loc, `pattern narrowed (alternatives removed: ${[...ab].filter((x) => !aa.has(x)).join(', ')})`);
    this.add(loc, `pattern changed: ${pb} → ${pa}`, 'breaking');
  }

  private format(b: JsonObject, a: JsonObject, loc: string) {
    if (b.format === a.format) return;
    if (b.format === undefined) this.narrowed(loc, `format added: ${fmt(a.format)}`);
    else if (a.format === undefined) this.widened(loc, `format removed (was ${fmt(b.format)})`);
    else this.add(loc, `format changed: ${fmt(b.format)} → ${fmt(a.format)}`, 'breaking');
  }

  private objects(b: JsonObject, a: JsonObject, loc: string) {
    const pb = isObject(b.properties) ? b.properties : {};
    const pa = isObject(a.properties) ? a.properties : {};
    const rb = new Set(Array.isArray(b.required) ? (b.required as string[]) : []);
    const ra = new Set(Array.isArray(a.required) ? (a.required as string[]) : []);
    const request = this.direction === 'request';
    for (const name of Object.keys(pb)) {
      const at = `${loc}/properties/${escape(name)}`;
      if (!(name in pa)) {
        this.add(
          at,
          request ? 'property removed (no longer accepted)' : 'property removed (Compatibility: a response field is never removed or renamed)',
          'breaking',
        );
        continue;
      }
      this.compare(pb[name], pa[name], at);
    }
    for (const name of Object.keys(pa)) {
      if (name in pb) continue;
      const at = `${loc}/properties/${escape(name)}`;
      if (!request) this.add(at, 'property added (clients ignore fields they do not know)', 'non-breaking');
      else if (ra.has(name)) this.add(at, 'required property added', 'breaking');
      else this.add(at, 'optional property added', 'non-breaking');
    }
    for (const name of new Set([...rb, ...ra])) {
      const newProperty = name in pa && !(name in pb);
      const removedProperty = name in pb && !(name in pa);
      if (newProperty || removedProperty || rb.has(name) === ra.has(name)) continue;
      const at = `${loc}/properties/${escape(name)}`;
      if (ra.has(name)) this.narrowed(at, 'optional → required');
      else this.widened(at, request ? 'required → optional' : 'required → optional (clients may no longer receive it)');
    }
    const xb = b.additionalProperties;
    const xa = a.additionalProperties;
    if (xb === xa) return;
    const at = `${loc}/additionalProperties`;
    const closed = (x: Json | undefined) => x === false;
    const open = (x: Json | undefined) => x === undefined || x === true;
    if (!request && (closed(xb) || closed(xa)) && (open(xb) || open(xa))) {
      this.add(
        at,
        `additionalProperties: ${closed(xa) ? 'false added' : 'false removed'} (non-breaking: on responses it describes the version, Compatibility)`,
        'non-breaking',
      );
    } else if (open(xb) && closed(xa)) {
      this.narrowed(at, 'additionalProperties: false added (unknown fields now refused)');
    } else if (closed(xb) && open(xa)) {
      this.widened(at, 'additionalProperties: false removed (unknown fields now accepted)');
    } else if (isObject(xb) && isObject(xa)) {
      this.compare(xb, xa, at);
    } else if (open(xb) || closed(xa)) {
      this.narrowed(at, `additionalProperties narrowed: ${fmt(xb ?? true)} → ${fmt(xa)}`);
    } else {
      this.widened(at, `additionalProperties widened: ${fmt(xb)} → ${fmt(xa ?? true)}`);
    }
  }

  private arrays(b: JsonObject, a: JsonObject, loc: string) {
    if (b.items !== undefined || a.items !== undefined) {
      if (b.items === undefined) this.narrowed(`${loc}/items`, 'items schema added');
      else if (a.items === undefined) this.widened(`${loc}/items`, 'items schema removed');
      else this.compare(b.items, a.items, `${loc}/items`);
    }
    const xb = Array.isArray(b.prefixItems) ? b.prefixItems : [];
    const xa = Array.isArray(a.prefixItems) ? a.prefixItems : [];
    for (let i = 0; i < Math.max(xb.length, xa.length); i++) {
      const at = `${loc}/prefixItems/${i}`;
      if (i >= xa.length) this.widened(at, 'positional item schema removed');
      else if (i >= xb.length) this.narrowed(at, 'positional item schema added');
      else this.compare(xb[i], xa[i], at);
    }
  }

  private branchKey(branch: Json, index: number): string {
    if (!isObject(branch)) return `#${index}`;
    if (isObject(branch.properties)) {
      const consts = Object.entries(branch.properties)
        .filter(([, p]) => isObject(p) && p.const !== undefined)
        .map(([k, p]) => `${k}=${fmt((p as JsonObject).const)}`)
        .sort();
      if (consts.length) return consts.join(',');
    }
    const name = this.refNames?.get(branch);
    if (name) return name;
    if (typeof branch.title === 'string') return branch.title;
    if (isObject(branch.if)) return `if ${canonical(branch.if)}`;
    return `#${index}`;
  }

  /**
   * Pairs the members of two lists of subschemas: by key (discriminating consts, component name,
   * title, condition), then the members with no key in order.
   */
  private pair(xb: Json[], xa: Json[]) {
    let kb = xb.map((s, i) => this.branchKey(s, i));
    let ka = xa.map((s, i) => this.branchKey(s, i));
    if (new Set(kb).size !== kb.length || new Set(ka).size !== ka.length) {
      kb = xb.map((_, i) => `#${i}`);
      ka = xa.map((_, i) => `#${i}`);
    }
    const label = (k: string) => (k.startsWith('#') ? k.slice(1) : `[${k.startsWith('if ') ? 'if' : k}]`);
    const common: { label: string; before: Json; after: Json }[] = [];
    const leftB: number[] = [];
    const leftA = ka.map((_, j) => j).filter((j) => ka[j].startsWith('#') || !kb.includes(ka[j]));
    kb.forEach((k, i) => {
      const j = k.startsWith('#') ? -1 : ka.indexOf(k);
      if (j >= 0) common.push({ label: label(k), before: xb[i], after: xa[j] });
      else leftB.push(i);
    });
    const unnamedB = leftB.filter((i) => kb[i].startsWith('#'));
    const unnamedA = leftA.filter((j) => ka[j].startsWith('#'));
    const paired = Math.min(unnamedB.length, unnamedA.length);
    for (let n = 0; n < paired; n++) common.push({ label: String(unnamedB[n]), before: xb[unnamedB[n]], after: xa[unnamedA[n]] });
    const usedB = new Set(unnamedB.slice(0, paired));
    const usedA = new Set(unnamedA.slice(0, paired));
    return {
      common,
      removed: leftB.filter((i) => !usedB.has(i)).map((i) => ({ label: label(kb[i]), schema: xb[i] })),
      added: leftA.filter((j) => !usedA.has(j)).map((j) => ({ label: label(ka[j]), schema: xa[j] })),
    };
  }

  private alternatives(b: JsonObject, a: JsonObject, loc: string, keyword: 'oneOf' | 'anyOf') {
    const xb = Array.isArray(b[keyword]) ? (b[keyword] as Json[]) : undefined;
    const xa = Array.isArray(a[keyword]) ? (a[keyword] as Json[]) : undefined;
    if (!xb && !xa) return;
    if ((xb && isEnumLike(xb)) || (xa && isEnumLike(xa))) {
      if (xb && xa && isEnumLike(xb) && isEnumLike(xa)) return; // compared as an enum
      if ((xb && !isEnumLike(xb)) || (xa && !isEnumLike(xa)))
        this.add(`${loc}/${keyword}`, `${keyword} changed between a list of values and a list of schemas (not analysed)`, 'breaking');
      return;
    }
    if (!xb) return this.narrowed(`${loc}/${keyword}`, `${keyword} added`);
    if (!xa) return this.widened(`${loc}/${keyword}`, `${keyword} removed`);
    const { common, removed, added } = this.pair(xb, xa);
    for (const r of removed)
      this.narrowed(
        `${loc}/${keyword}${r.label.startsWith('[') ? '' : '/'}${r.label}`,
        `alternative removed${this.direction === 'response' ? ' (the server sends one shape fewer)' : ''}`,
      );
    for (const x of added)
      this.widened(
        `${loc}/${keyword}${x.label.startsWith('[') ? '' : '/'}${x.label}`,
        `alternative added${this.direction === 'response' ? ' (a shape clients do not know)' : ''}`,
      );
    for (const c of common) this.compare(c.before, c.after, `${loc}/${keyword}${c.label.startsWith('[') ? '' : '/'}${c.label}`);
  }

  private allOf(b: JsonObject, a: JsonObject, loc: string) {
    const xb = Array.isArray(b.allOf) ? b.allOf : [];
    const xa = Array.isArray(a.allOf) ? a.allOf : [];
    if (!xb.length && !xa.length) return;
    const { common, removed, added } = this.pair(xb, xa);
    const at = (label: string) => `${loc}/allOf${label.startsWith('[') ? '' : '/'}${label}`;
    for (const r of removed) this.widened(at(r.label), `constraint removed${describeConstraint(r.schema)}`);
    for (const x of added) this.narrowed(at(x.label), `constraint added${describeConstraint(x.schema)}`);
    for (const c of common) this.compare(c.before, c.after, at(c.label));
  }

  private conditional(b: JsonObject, a: JsonObject, loc: string) {
    if (b.if === undefined && a.if === undefined) {
      if (b.then !== undefined || a.then !== undefined || b.else !== undefined || a.else !== undefined) {
        if (canonical(b.then) !== canonical(a.then) || canonical(b.else) !== canonical(a.else))
          this.add(loc, 'then/else without if changed (not analysed)', 'breaking');
      }
    } else if (b.if === undefined) {
      this.narrowed(loc, `conditional constraint added${describeConstraint(a)}`);
    } else if (a.if === undefined) {
      this.widened(loc, `conditional constraint removed${describeConstraint(b)}`);
    } else if (canonical(b.if) !== canonical(a.if)) {
      this.add(`${loc}/if`, `condition changed: ${canonical(b.if)} → ${canonical(a.if)}`, 'breaking');
    } else {
      for (const key of ['then', 'else'] as const) {
        if (b[key] === undefined && a[key] === undefined) continue;
        if (b[key] === undefined) this.narrowed(`${loc}/${key}`, `${key} added`);
        else if (a[key] === undefined) this.widened(`${loc}/${key}`, `${key} removed`);
        else this.compare(b[key], a[key], `${loc}/${key}`);
      }
    }
    if (b.not !== undefined || a.not !== undefined) {
      if (b.not === undefined) this.narrowed(`${loc}/not`, 'not added');
      else if (a.not === undefined) this.widened(`${loc}/not`, 'not removed');
      else if (canonical(b.not) !== canonical(a.not))
        this.add(`${loc}/not`, `not changed: ${canonical(b.not)} → ${canonical(a.not)} (not analysed)`, 'breaking');
    }
  }

  private misc(b: JsonObject, a: JsonObject, loc: string) {
    if (b['x-invalid-code'] !== a['x-invalid-code']) {
      this.add(
        loc,
        `x-invalid-code changed: ${fmt(b['x-invalid-code'] ?? null)} → ${fmt(a['x-invalid-code'] ?? null)} (the error code a client sees)`,
        this.direction === 'request' ? 'breaking' : 'non-breaking',
      );
    }
    if (canonical(b.default) !== canonical(a.default)) {
      this.add(loc, `default changed: ${fmt(b.default ?? null)} → ${fmt(a.default ?? null)} (review: the meaning of an omitted value)`, 'non-breaking');
    }
    if (Boolean(b.deprecated) !== Boolean(a.deprecated)) this.add(loc, a.deprecated ? 'deprecated' : 'no longer deprecated', 'non-breaking');
    for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
      if (HANDLED.has(key) || IGNORED.has(key) || key.startsWith('x-')) continue;
      // A key without a value is no keyword (each has one): the end of a flow-map description that a
      // comma cut off (`description: Fiat per coin, at the fiat's decimals.`), which checks nothing.
      if ((b[key] ?? null) === null && (a[key] ?? null) === null) continue;
      if (canonical(b[key]) !== canonical(a[key])) this.add(loc, `${key} changed: ${canonical(b[key])} → ${canonical(a[key])} (not analysed)`, 'breaking');
    }
  }
}

function asSchema(schema: Json | undefined): JsonObject {
  if (isObject(schema)) return schema;
  return schema === false ? { not: {} } : {};
}

const escape = (name: string) => name.replace(/~/g, '~0').replace(/\//g, '~1');

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

const VALUE_KEYS = new Set(['const', 'enum', 'description', 'title', 'type', 'deprecated']);

function isEnumLike(list: Json[]): boolean {
  return (
    list.length > 0 &&
    list.every((s) => isObject(s) && (s.const !== undefined || Array.isArray(s.enum)) && Object.keys(s).every((k) => VALUE_KEYS.has(k) || k.startsWith('x-')))
  );
}

/** The values a schema allows (canonical JSON texts): `enum`, `const` or a `oneOf` of them. */
export function enumValues(s: JsonObject): Set<string> | undefined {
  if (s.const !== undefined) return new Set([canonical(s.const)]);
  if (Array.isArray(s.enum)) return new Set(s.enum.map(canonical));
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = s[key];
    if (Array.isArray(list) && isEnumLike(list)) return new Set(list.flatMap((x) => [...(enumValues(x as JsonObject) ?? [])]));
  }
  return undefined;
}

/** The top-level alternatives of an anchored `^(a|b|c)$` or `^abc$` (undefined when not anchored). */
export function alternativesOf(pattern: string): Set<string> | undefined {
  if (!pattern.startsWith('^') || !pattern.endsWith('$') || pattern.endsWith('\\$')) return undefined;
  let body = pattern.slice(1, -1);
  if (body.startsWith('(') && body.endsWith(')') && closingParen(body, 0) === body.length - 1) body = body.slice(1, -1);
  const parts: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return new Set(parts);
}

function matches(pattern: string, value: Json): boolean {
  try {
    return typeof value === 'string' && new RegExp(pattern, 'u').test(value);
  } catch {
    return false;
  }
}

function closingParen(s: string, open: number): number {
  let depth = 0;
  let inClass = false;
  for (let i = open; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return -1;
}

function describeConstraint(s: Json): string {
  if (!isObject(s)) return '';
  if (s.if !== undefined) return `: if ${canonical(s.if)} then ${canonical(s.then)}`;
  return '';
}

/** Compares `before` and `after` as schemas of the given direction. */
export function diffSchemas(before: Json | undefined, after: Json | undefined, direction: Direction, options: SchemaDiffOptions = {}): SchemaFinding[] {
  const differ = new Differ(direction, options.refNames, options.allowTupleGrowth);
  differ.compare(before, after, '');
  return differ.out;
}
