/** The kit's reading of the contract's JSON Schemas: the parts it looks at, their types, a cached validator, query values typed. */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  maxLength?: number;
  minLength?: number;
  maximum?: number;
  minimum?: number;
  exclusiveMaximum?: number;
  exclusiveMinimum?: number;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
};

export const typesOf = (s: Schema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

const ajv = new Ajv2020({ strict: false });
const compiled = new Map<object, ValidateFunction>();
/** The schema's validator, compiled once. */
export const validator = (schema: object) => compiled.get(schema) ?? compiled.set(schema, ajv.compile(schema)).get(schema)!;

/** Query values as the schema's types (a server coerces `limit=20` to 20 before validating). */
export function coerceQuery(query: Record<string, string>, schema: Schema): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query).map(([k, v]) => {
      const types = typesOf(schema.properties?.[k] ?? {});
      return [k, (types.includes('integer') || types.includes('number')) && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v];
    }),
  );
}
