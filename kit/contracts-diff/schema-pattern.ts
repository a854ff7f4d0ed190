/** Reading `pattern`s: the top-level alternatives of an anchored pattern, and matching a value. */
import type { Json } from './resolve.ts';

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

export function matches(pattern: string, value: Json): boolean {
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
