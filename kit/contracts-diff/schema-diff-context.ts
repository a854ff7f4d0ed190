/** The types the schema differ's modules share, and what each keyword comparison reports to. */
import type { Json } from './resolve.ts';

export type Direction = 'request' | 'response';
export type Severity = 'breaking' | 'non-breaking';

export interface SchemaFinding {
  /** JSON-pointer-like location inside the schema (`''` for the root). */
  location: string;
  message: string;
  severity: Severity;
}

/**
 * What the keyword comparisons (schema-diff-scalars.ts, schema-diff-structure.ts) report to and
 * recurse through: the Differ of schema-diff.ts.
 */
export interface DiffContext {
  readonly direction: Direction;
  /** Component names of resolved objects (ContractFolder.refNames), used to match alternatives. */
  readonly refNames: WeakMap<object, string> | undefined;
  /** See SchemaDiffOptions.allowTupleGrowth. */
  readonly allowTupleGrowth: boolean;
  add(location: string, message: string, severity: Severity): void;
  /** A narrowing change: breaking for requests, non-breaking for responses. */
  narrowed(location: string, message: string): void;
  /** A widening change: non-breaking for requests, breaking for responses. */
  widened(location: string, message: string): void;
  /** Compares two subschemas at `loc` (the recursion into properties, items, alternatives, …). */
  compare(before: Json | undefined, after: Json | undefined, loc: string): void;
}
