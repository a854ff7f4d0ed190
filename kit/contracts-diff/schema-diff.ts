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
 *
 * The comparisons of one value's constraints are in schema-diff-scalars.ts, those of the structure
 * (properties, items, alternatives, conditionals) in schema-diff-structure.ts.
 */
import { diffBounds, diffEnums, diffFormat, diffMisc, diffPattern, diffTypes } from './schema-diff-scalars.ts';
import { diffAllOf, diffAlternatives, diffArrays, diffConditional, diffObjects } from './schema-diff-structure.ts';
import type { DiffContext, Direction, SchemaFinding, Severity } from './schema-diff-context.ts';
import { canonical, fmt } from './schema-read.ts';
import { isObject, RECURSIVE_REF, type Json, type JsonObject } from './resolve.ts';

export type { Direction, SchemaFinding, Severity } from './schema-diff-context.ts';
export { canonical, enumValues } from './schema-read.ts';
export { alternativesOf } from './schema-pattern.ts';

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

class Differ implements DiffContext {
  readonly out: SchemaFinding[] = [];
  private depth = 0;

  constructor(
    readonly direction: Direction,
    readonly refNames: WeakMap<object, string> | undefined,
    readonly allowTupleGrowth = false,
  ) {}

  add(location: string, message: string, severity: Severity) {
    this.out.push({ location, message, severity });
  }

  /** A narrowing change: breaking for requests, non-breaking for responses. */
  narrowed(location: string, message: string) {
    this.add(location, message, this.direction === 'request' ? 'breaking' : 'non-breaking');
  }

  /** A widening change: non-breaking for requests, breaking for responses. */
  widened(location: string, message: string) {
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
    const typesCompatible = diffTypes(this, b, a, loc);
    diffEnums(this, b, a, loc);
    if (!typesCompatible) return; // a changed type is one finding, not one per keyword
    diffBounds(this, b, a, loc);
    diffPattern(this, b, a, loc);
    diffFormat(this, b, a, loc);
    diffObjects(this, b, a, loc);
    diffArrays(this, b, a, loc);
    diffAlternatives(this, b, a, loc, 'oneOf');
    diffAlternatives(this, b, a, loc, 'anyOf');
    diffAllOf(this, b, a, loc);
    diffConditional(this, b, a, loc);
    diffMisc(this, b, a, loc);
  }
}

function asSchema(schema: Json | undefined): JsonObject {
  if (isObject(schema)) return schema;
  return schema === false ? { not: {} } : {};
}

/** Compares `before` and `after` as schemas of the given direction. */
export function diffSchemas(before: Json | undefined, after: Json | undefined, direction: Direction, options: SchemaDiffOptions = {}): SchemaFinding[] {
  const differ = new Differ(direction, options.refNames, options.allowTupleGrowth);
  differ.compare(before, after, '');
  return differ.out;
}
