/**
 * The error catalogue (error-catalogue.ts): for every operation, each error it may answer with its
 * HTTP status, envelope `type` and condition. An operation's own codes come from its
 * `x-error-codes`, in the order the server checks them; the codes every operation of a kind shares
 * (validation, authentication, idempotency, transport) are added by the rules in the contract's
 * "Errors" section, so that they are written once.
 */
import { HEADER, loadYaml, type Json, type JsonObject } from '../lib.ts';
import type { OperationEntry } from './operations.ts';
import { OPENAPI } from './paths.ts';

const ENVELOPE_TYPES = ['error', '999', '998', '997'];

export interface CatalogueEntry {
  code: string;
  status: number;
  type: string;
  when: string;
  /** Set on the entries added by a shared rule rather than listed by the operation. */
  shared?: true;
}

/** Every `x-invalid-code` a schema (or a schema inside it) names: the codes its own checks answer with HTTP 400. */
function invalidCodes(node: Json, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => invalidCodes(n, into));
  else if (node !== null && typeof node === 'object') {
    if (typeof node['x-invalid-code'] === 'string') into.add(node['x-invalid-code']);
    Object.values(node).forEach((v) => invalidCodes(v, into));
  }
  return into;
}

/** The shared rules, in the order the server applies them (before the operation's own checks). */
function sharedEntries(row: OperationEntry): CatalogueEntry[] {
  const out: CatalogueEntry[] = [];
  const add = (code: string, status: number, when: string, type = 'error') => out.push({ code, status, type, when, shared: true });
  // Every changing operation: a body may come where the operation defines none, and is read all the same.
  if (row.method !== 'get') {
    add('body_too_large', 413, 'The body is over the size limit (1 MiB, or the operation\u2019s `x-max-body-bytes`).');
    add('unsupported_media_type', 415, 'The body is neither `application/x-www-form-urlencoded` nor `application/json`.');
    add('malformed_body', 400, 'The body does not parse as its media type.');
  }
  add(
    'invalid_request',
    400,
    'A parameter, header or body field breaks its schema (`message` names it), or the body holds a `__proto__` or `constructor` key.',
  );
  if (invalidCodes([row.query, row.body]).has('amount_invalid')) {
    add('amount_invalid', 400, 'A `DecimalInput` field is not a plain decimal within its digit bounds; `params.field` names it.');
  }
  if (row.auth) add('not_logged_in', 200, 'No session token, or one that is not (or no longer) a session.', '999');
  else if (row.credentials) add('not_logged_in', 200, 'Neither a live session token nor a support guest key (startSupportGuest).', '999');
  if (row.method !== 'get') {
    add('idempotency_key_reused', 422, 'The `Idempotency-Key` was used within 24 hours for this operation with a different request.');
  }
  add('internal', 500, 'The server failed; nothing was changed.');
  return out;
}

/** Reads and checks every operation's `x-error-codes`; adds the shared entries. */
export function errorCatalogue(rows: OperationEntry[]): Record<string, CatalogueEntry[]> {
  const doc = loadYaml(OPENAPI);
  const codes = new Set((((doc.components as JsonObject).schemas as JsonObject).ErrorCode as JsonObject).enum as string[]);
  const ops = new Map<string, JsonObject>();
  for (const item of Object.values(doc.paths as JsonObject)) {
    for (const op of Object.values(item as JsonObject))
      if (op && typeof op === 'object' && 'operationId' in op) ops.set((op as JsonObject).operationId as string, op as JsonObject);
  }
  const catalogue: Record<string, CatalogueEntry[]> = {};
  for (const row of rows) {
    const id = row.operationId;
    const listed = ops.get(id)?.['x-error-codes'];
    if (!Array.isArray(listed)) throw new Error(`${id}: x-error-codes is missing (list the operation's own error codes, or [] when it has none)`);
    const own = listed.map((raw, i) => {
      const e = raw as JsonObject;
      const where = `${id}: x-error-codes[${i}]`;
      const extra = Object.keys(e).filter((k) => !['code', 'status', 'type', 'when'].includes(k));
      if (extra.length) throw new Error(`${where}: unknown keys ${extra.join(', ')} (did a comma split a flow map?)`);
      if (typeof e.code !== 'string' || !codes.has(e.code)) throw new Error(`${where}: code ${String(e.code)} is not in ErrorCode`);
      if (typeof e.when !== 'string' || e.when.length < 10) throw new Error(`${where}: \`when\` must say when ${e.code} is answered`);
      const status = e.status ?? 200;
      const type = e.type ?? 'error';
      if (typeof status !== 'number' || ![200, 400, 401, 404].includes(status)) throw new Error(`${where}: status ${String(status)} is not an envelope status`);
      if (typeof type !== 'string' || !ENVELOPE_TYPES.includes(type)) throw new Error(`${where}: type ${String(type)} is not an envelope type`);
      if (status === 401 && e.code !== 'no_transaction_password') throw new Error(`${where}: HTTP 401 is reserved for no_transaction_password`);
      return { code: e.code, status, type, when: e.when };
    });
    const shared = sharedEntries(row);
    // A rule of the request schema with its own code (e.g. price_required) is listed by the operation, as HTTP 400.
    for (const code of invalidCodes([row.query, row.body])) {
      if (code === 'amount_invalid') continue;
      if (!own.some((e) => e.code === code && e.status === 400))
        throw new Error(`${id}: its request schema answers ${code} (x-invalid-code): list it with status: 400`);
    }
    for (const e of own) {
      const twin = own.find((o) => o !== e && o.code === e.code && o.status === e.status);
      if (twin) throw new Error(`${id}: ${e.code} is listed twice with HTTP ${e.status}`);
      if (shared.some((s) => s.code === e.code && s.status === e.status))
        throw new Error(`${id}: ${e.code} (HTTP ${e.status}) is a shared code; do not list it`);
    }
    catalogue[id] = [...shared, ...own];
  }
  return catalogue;
}

export function errorCatalogueModule(catalogue: Record<string, CatalogueEntry[]>): string {
  return `${HEADER('contracts/openapi.yaml')}
// Every error each operation may answer: the shared rules' entries first, then the operation's own
// \`x-error-codes\` in the order the server checks them. Not bundled into the app.
import type { components } from './openapi';
import type { OperationId } from './operations';

export interface DeclaredError {
  code: components['schemas']['ErrorCode'];
  /** HTTP status of the answer. */
  status: number;
  /** The envelope's \`type\`. */
  type: 'error' | '999' | '998' | '997';
  when: string;
  /** Added by a rule every operation of its kind shares, rather than listed by the operation. */
  shared?: true;
}

export const errorCatalogue: Record<OperationId, readonly DeclaredError[]> = ${JSON.stringify(catalogue, null, 2)};
`;
}
