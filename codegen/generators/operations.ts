/** The operation table (routing, bundled into the app), its type helpers and the operations' JSON Schemas, from an OpenAPI document. */
import { HEADER, inlineRefs, loadYaml, type Json, type JsonObject } from '../lib.ts';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const CALL_STYLES = ['standard', 'token', 'silentToken', 'global'];

export interface OperationEntry {
  operationId: string;
  method: string;
  path: string;
  callStyle?: string;
  auth: boolean;
  /** A credential is required: a session token, or (where the contract allows it) a support guest's key. */
  credentials: boolean;
  query: Json;
  /** Request headers the contract declares (names lower-cased), as one object schema. */
  headers: Json;
  body: Json;
  bodyRequired: boolean;
  response: Json;
  maxBodyBytes?: number;
}

/** Reads every operation of an OpenAPI document into table rows with self-contained schemas. */
export function operationTable(file: string, withCallStyle: boolean): OperationEntry[] {
  const doc = loadYaml(file);
  const rows: OperationEntry[] = [];
  const globalSecurity = (doc.security as Json[] | undefined) ?? [];
  for (const [path, item] of Object.entries(doc.paths as JsonObject)) {
    for (const method of METHODS) {
      const op = (item as JsonObject)[method] as JsonObject | undefined;
      if (!op) continue;
      const id = op.operationId as string;
      if (!id) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      const callStyle = op['x-call-style'] as string | undefined;
      if (withCallStyle && !CALL_STYLES.includes(callStyle ?? '')) {
        throw new Error(`${id}: x-call-style must be one of ${CALL_STYLES.join(', ')}`);
      }
      const params = ((op.parameters as JsonObject[] | undefined) ?? []).map((p) => inlineRefs(p, file) as JsonObject);
      const queryParams = params.filter((p) => p.in === 'query');
      const query: Json = queryParams.length
        ? {
            type: 'object',
            additionalProperties: false,
            required: queryParams.filter((p) => p.required).map((p) => p.name as string),
            properties: Object.fromEntries(queryParams.map((p) => [p.name as string, p.schema])),
          }
        : null;
      const headerParams = params.filter((p) => p.in === 'header');
      const headers: Json = headerParams.length
        ? {
            type: 'object',
            required: headerParams.filter((p) => p.required).map((p) => (p.name as string).toLowerCase()),
            properties: Object.fromEntries(headerParams.map((p) => [(p.name as string).toLowerCase(), p.schema])),
          }
        : null;
      const requestBody = op.requestBody ? (inlineRefs(op.requestBody, file) as JsonObject) : null;
      const bodyContent = requestBody?.content as JsonObject | undefined;
      const bodyMedia = bodyContent && ((bodyContent['application/json'] ?? Object.values(bodyContent)[0]) as JsonObject);
      const ok = ((op.responses as JsonObject)['200'] as JsonObject | undefined) ?? null;
      const okContent = ok && ((inlineRefs(ok, file) as JsonObject).content as JsonObject | undefined);
      const security = (op.security as Json[] | undefined) ?? globalSecurity;
      rows.push({
        operationId: id,
        method,
        path,
        ...(withCallStyle ? { callStyle } : {}),
        // A session is required when every alternative needs the `token` scheme (not a guest key, not none).
        auth: security.length > 0 && security.every((r) => r && typeof r === 'object' && 'token' in r),
        credentials: security.length > 0 && security.every((r) => r && typeof r === 'object' && Object.keys(r).length > 0),
        query,
        headers,
        body: bodyMedia?.schema ?? null,
        bodyRequired: Boolean(requestBody?.required),
        response: (okContent?.['application/json'] as JsonObject | undefined)?.schema ?? null,
        ...(typeof op['x-max-body-bytes'] === 'number' ? { maxBodyBytes: op['x-max-body-bytes'] } : {}),
      });
    }
  }
  return rows;
}

const typeHelpers = `
type Op<K extends OperationId> = operations[K];
/** Query parameters of an operation (never when it has none). */
export type OpQuery<K extends OperationId> = Op<K> extends { parameters: { query?: infer Q } } ? (undefined extends Q ? never : Q) : never;
/** Request body fields of an operation (never when it has none). */
export type OpBody<K extends OperationId> = [NonNullable<Op<K>['requestBody']>] extends [never] ? never : NonNullable<Op<K>['requestBody']> extends { content: { 'application/json': infer B } } ? B : never;
/** The whole envelope an operation answers with HTTP 200. */
export type OpEnvelope<K extends OperationId> = Op<K>['responses'][200]['content']['application/json'];
/** The payload of an operation's "ok" envelope. */
export type OpResult<K extends OperationId> = Extract<OpEnvelope<K>, { type: 'ok' }>['message'];
/** Any non-ok envelope. */
export type ErrorEnvelope = Exclude<OpEnvelope<OperationId>, { type: 'ok' }>;
`;

/** The light routing table (bundled into the web app) and, separately, the JSON Schemas. */
export function tableModules(rows: OperationEntry[], source: string, typesModule: string, prefix: 'operation' | 'control') {
  const idType = prefix === 'operation' ? 'OperationId' : 'ControlOperationId';
  const routing = Object.fromEntries(
    rows.map(({ operationId, method, path, callStyle, auth, maxBodyBytes }) => [
      operationId,
      { operationId, method, path, ...(callStyle ? { callStyle } : {}), auth, ...(maxBodyBytes ? { maxBodyBytes } : {}) },
    ]),
  );
  const schemas = Object.fromEntries(
    rows.map(({ operationId, query, headers, body, bodyRequired, response }) => [operationId, { query, headers, body, bodyRequired, response }]),
  );
  const table = `${HEADER(source)}
import type { operations } from './${typesModule}';

export const ${prefix}Table = ${JSON.stringify(routing, null, 2)} as const;

export type ${idType} = keyof typeof ${prefix}Table;
${prefix === 'operation' ? `export type CallStyle = ${CALL_STYLES.map((s) => `'${s}'`).join(' | ')};\n${typeHelpers}` : `export type { operations as ControlOperations };\n`}`;
  const schemaModule = `${HEADER(source)}
// Self-contained JSON Schemas (2020-12) of every operation's query, headers, body and HTTP 200 response.
import type { ${idType} } from './${prefix === 'operation' ? 'operations' : 'control-operations'}';

interface OperationSchemas {
  query: object | null;
  headers: object | null;
  body: object | null;
  bodyRequired: boolean;
  response: object | null;
}

export const ${prefix}Schemas: Record<${idType}, OperationSchemas> = ${JSON.stringify(schemas, null, 2)};
`;
  return { table, schemaModule };
}
