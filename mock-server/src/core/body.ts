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
