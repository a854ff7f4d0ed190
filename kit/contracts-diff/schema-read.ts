/** Reading resolved JSON Schemas: stable JSON text, and the values an enum-like schema allows. */
import { isObject, type Json, type JsonObject } from './resolve.ts';

export const fmt = (value: Json | undefined): string => (typeof value === 'string' ? value : JSON.stringify(value));

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

const VALUE_KEYS = new Set(['const', 'enum', 'description', 'title', 'type', 'deprecated']);

export function isEnumLike(list: Json[]): boolean {
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
