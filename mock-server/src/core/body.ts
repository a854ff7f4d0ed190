/**
 * Request bodies (and queries) with a `__proto__` or `constructor` key are refused by every adapter:
 * JSON.parse and Object.fromEntries make such keys plain own properties, but code that later copies
 * the value with assignment (`target[key] = value`, Object.assign) would change a prototype. No
 * contract field has either name.
 */
export const FORBIDDEN_KEYS_MESSAGE = 'The body must not contain __proto__ or constructor keys';

/** Whether `value` has an own `__proto__` or `constructor` key at any depth. */
export function hasForbiddenKey(value: unknown): boolean {
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    if (Object.hasOwn(v, '__proto__') || Object.hasOwn(v, 'constructor')) return true;
    for (const child of Object.values(v)) if (child !== null && typeof child === 'object') stack.push(child);
  }
  return false;
}

/**
 * How deep a JSON API body may nest: every body of the contract is flat (one level), and the mock
 * walks bodies recursively after parsing (snapshot recorder, journal, idempotency fingerprint), so
 * a deeper one would overflow the stack. Refused as `malformed_body` before anything walks it.
 */
export const MAX_BODY_DEPTH = 32;
/** A control body may nest deeper by the three levels a snapshot wraps each recorded API body in (`inputs[i].body`). */
export const MAX_CONTROL_BODY_DEPTH = MAX_BODY_DEPTH + 3;

/** Whether `value` has containers (objects, arrays) nested more than `max` deep (a scalar is 0, `[]` is 1). */
function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

/** A JSON request body decoded, or why it is malformed (every adapter answers that with HTTP 400 `malformed_body`). */
export function parseJsonBody(text: string, maxDepth = MAX_BODY_DEPTH): { value: unknown } | { malformed: string } {
  if (text.trim() === '') return { malformed: 'Malformed request body: empty, but Content-Type is application/json' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { malformed: 'Malformed request body: invalid JSON' };
  }
  if (nestsDeeperThan(value, maxDepth)) return { malformed: `Malformed request body: nested deeper than ${maxDepth} levels` };
  return { value };
}
