/**
 * Regenerates everything downstream of contracts/*.yaml into contracts/generated/.
 *   npm run codegen              write the files
 *   npm run codegen -- --check   write nothing; exit 1 naming every stale or missing file
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { HEADER, inlineRefs, loadYaml, type Json, type JsonObject } from './lib.ts';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const contracts = join(root, 'contracts');
const outDir = join(contracts, 'generated');
const OPENAPI = join(contracts, 'openapi.yaml');
const CONTROL = join(contracts, 'mock-control.yaml');
const ASYNCAPI = join(contracts, 'asyncapi.yaml');

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const CALL_STYLES = ['standard', 'token', 'silentToken', 'global', 'onlineAddress'];

interface OperationEntry {
  operationId: string;
  method: string;
  path: string;
  callStyle?: string;
  auth: boolean;
  query: Json;
  body: Json;
  bodyRequired: boolean;
  response: Json;
  maxBodyBytes?: number;
}

/** Reads every operation of an OpenAPI document into table rows with self-contained schemas. */
function operationTable(file: string, withCallStyle: boolean): OperationEntry[] {
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
      const params = ((op.parameters as JsonObject[] | undefined) ?? []).map(
        (p) => inlineRefs(p, file) as JsonObject,
      );
      const queryParams = params.filter((p) => p.in === 'query');
      const query: Json = queryParams.length
        ? {
            type: 'object',
            additionalProperties: false,
            required: queryParams.filter((p) => p.required).map((p) => p.name as string),
            properties: Object.fromEntries(queryParams.map((p) => [p.name as string, p.schema])),
          }
        : null;
      const requestBody = op.requestBody ? (inlineRefs(op.requestBody, file) as JsonObject) : null;
      const bodyContent = requestBody?.content as JsonObject | undefined;
      const bodyMedia = bodyContent && ((bodyContent['application/json'] ?? Object.values(bodyContent)[0]) as JsonObject);
      const ok = ((op.responses as JsonObject)['200'] as JsonObject | undefined) ?? null;
      const okContent = ok && (inlineRefs(ok, file) as JsonObject).content as JsonObject | undefined;
      const security = (op.security as Json[] | undefined) ?? globalSecurity;
      rows.push({
        operationId: id,
        method,
        path,
        ...(withCallStyle ? { callStyle } : {}),
        auth: security.length > 0,
        query,
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
function tableModules(rows: OperationEntry[], source: string, typesModule: string, prefix: 'operation' | 'control') {
  const idType = prefix === 'operation' ? 'OperationId' : 'ControlOperationId';
  const routing = Object.fromEntries(
    rows.map(({ operationId, method, path, callStyle, auth, maxBodyBytes }) => [
      operationId,
      { operationId, method, path, ...(callStyle ? { callStyle } : {}), auth, ...(maxBodyBytes ? { maxBodyBytes } : {}) },
    ]),
  );
  const schemas = Object.fromEntries(
    rows.map(({ operationId, query, body, bodyRequired, response }) => [
      operationId,
      { query, body, bodyRequired, response },
    ]),
  );
  const table = `${HEADER(source)}
import type { operations } from './${typesModule}';

export const ${prefix}Table = ${JSON.stringify(routing, null, 2)} as const;

export type ${idType} = keyof typeof ${prefix}Table;
${prefix === 'operation' ? `export type CallStyle = ${CALL_STYLES.map((s) => `'${s}'`).join(' | ')};\n${typeHelpers}` : `export type { operations as ControlOperations };\n`}`;
  const schemaModule = `${HEADER(source)}
// Self-contained JSON Schemas (2020-12) of every operation's query, body and HTTP 200 response.
import type { ${idType} } from './${prefix === 'operation' ? 'operations' : 'control-operations'}';

export interface OperationSchemas {
  query: object | null;
  body: object | null;
  bodyRequired: boolean;
  response: object | null;
}

export const ${prefix}Schemas: Record<${idType}, OperationSchemas> = ${JSON.stringify(schemas, null, 2)};
`;
  return { table, schemaModule };
}

/** Minimal JSON Schema → TypeScript, for the AsyncAPI schemas (object, array, scalar, enum, $ref). */
function schemaToTs(schema: JsonObject, indent = ''): string {
  if (typeof schema.$ref === 'string') {
    const [file, fragment] = schema.$ref.split('#');
    const name = fragment.split('/').pop()!;
    return file ? `ApiSchemas['${name}']` : name;
  }
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  switch (schema.type) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      return `Array<${schemaToTs(schema.items as JsonObject, indent)}>`;
    case 'object': {
      const required = new Set((schema.required as string[] | undefined) ?? []);
      const props = Object.entries((schema.properties as JsonObject | undefined) ?? {}).map(([key, value]) => {
        const v = value as JsonObject;
        const doc = v.description ? `${indent}  /** ${String(v.description).trim()} */\n` : '';
        return `${doc}${indent}  ${key}${required.has(key) ? '' : '?'}: ${schemaToTs(v, indent + '  ')};`;
      });
      return `{\n${props.join('\n')}\n${indent}}`;
    }
    default:
      throw new Error(`schemaToTs: unsupported schema ${JSON.stringify(schema)}`);
  }
}

interface SocketEvent {
  operation: string;
  event: string;
  direction: 'clientToServer' | 'serverToClient';
  payloadSchema: string;
  ackSchema?: string;
  room?: string;
}

function socketEvents(): SocketEvent[] {
  const doc = loadYaml(ASYNCAPI);
  const messages = ((doc.components as JsonObject).messages ?? {}) as JsonObject;
  const channels = doc.channels as JsonObject;
  const events: SocketEvent[] = [];
  for (const [name, raw] of Object.entries(doc.operations as JsonObject)) {
    const op = raw as JsonObject;
    const ext = op['x-socketio'] as JsonObject | undefined;
    if (!ext?.event) throw new Error(`operation ${name} has no x-socketio.event`);
    const msgRef = ((op.messages as JsonObject[])[0].$ref as string).split('/');
    const channelMsg = ((channels[msgRef[2]] as JsonObject).messages as JsonObject)[msgRef[4]] as JsonObject;
    const message = messages[(channelMsg.$ref as string).split('/').pop()!] as JsonObject;
    const payloadSchema = ((message.payload as JsonObject).$ref as string).split('/').pop()!;
    const ackRef = (ext.ack as JsonObject | undefined)?.$ref as string | undefined;
    events.push({
      operation: name,
      event: ext.event as string,
      direction: op.action === 'receive' ? 'clientToServer' : 'serverToClient',
      payloadSchema,
      ...(ackRef ? { ackSchema: ackRef.split('/').pop()! } : {}),
      ...(ext.room ? { room: ext.room as string } : {}),
    });
  }
  return events;
}

function socketModule(events: SocketEvent[]): string {
  const doc = loadYaml(ASYNCAPI);
  const schemas = (doc.components as JsonObject).schemas as JsonObject;
  const types = Object.entries(schemas)
    .map(([name, s]) => {
      const desc = (s as JsonObject).description;
      return `${desc ? `/** ${String(desc).trim()} */\n` : ''}export type ${name} = ${schemaToTs(s as JsonObject)};`;
    })
    .join('\n\n');
  const map = (dir: SocketEvent['direction']) =>
    events
      .filter((e) => e.direction === dir)
      .map((e) =>
        e.ackSchema
          ? `  ${e.event}: (payload: ${e.payloadSchema}, ack: (response: ${e.ackSchema}) => void) => void;`
          : `  ${e.event}: (payload: ${e.payloadSchema}) => void;`,
      )
      .join('\n');
  const meta = Object.fromEntries(
    events.map((e) => [e.event, { direction: e.direction, ...(e.room ? { room: e.room } : {}) }]),
  );
  return `${HEADER('contracts/asyncapi.yaml')}
import type { components } from './openapi';

type ApiSchemas = components['schemas'];

${types}

/** Events the server emits (socket.io's ServerToClientEvents). */
export interface ServerToClientEvents {
${map('serverToClient')}
}

/** Events the client emits (socket.io's ClientToServerEvents). */
export interface ClientToServerEvents {
${map('clientToServer')}
}

export const socketEvents = ${JSON.stringify(meta, null, 2)} as const;

export const socketPath = '/socket.io/';
`;
}

/** Drops documentation keywords so the generated validators carry only what they check. */
function stripDocs(node: Json): Json {
  if (Array.isArray(node)) return node.map(stripDocs);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k]) => k !== 'description' && k !== 'examples' && k !== 'title')
      .map(([k, v]) => [k, k === 'properties' ? Object.fromEntries(Object.entries(v as JsonObject).map(([p, s]) => [p, stripDocs(s)])) : stripDocs(v)]),
  );
}

function socketValidatorsModule(events: SocketEvent[]): string {
  const ajv = new Ajv2020({ code: { source: true, esm: true }, allErrors: false, strict: false });
  const refs: Record<string, string> = {};
  for (const e of events) {
    const schema = stripDocs(inlineRefs({ $ref: `#/components/schemas/${e.payloadSchema}` }, ASYNCAPI)) as JsonObject;
    ajv.addSchema({ ...schema, $id: `urn:socket:${e.event}` });
    refs[e.event] = `urn:socket:${e.event}`;
    if (e.ackSchema) {
      const ack = stripDocs(inlineRefs({ $ref: `#/components/schemas/${e.ackSchema}` }, ASYNCAPI)) as JsonObject;
      ajv.addSchema({ ...ack, $id: `urn:socket:${e.event}Ack` });
      refs[`${e.event}Ack`] = `urn:socket:${e.event}Ack`;
    }
  }
  // ajv's standalone module is CommonJS: under Node's ESM loader the function is on `.default`.
  const generate = ((standaloneCode as unknown as { default?: typeof standaloneCode }).default ?? standaloneCode);
  const code = generate(ajv, refs);
  return `${HEADER('contracts/asyncapi.yaml')}// Ajv standalone validators of every socket event payload (and acknowledgement).
// @ts-nocheck
/* eslint-disable */
${code}
`;
}

function socketValidatorsTypes(events: SocketEvent[]): string {
  const names = events.flatMap((e) => (e.ackSchema ? [e.event, `${e.event}Ack`] : [e.event]));
  return `${HEADER('contracts/asyncapi.yaml')}
export interface PayloadValidator {
  (data: unknown): boolean;
  errors?: Array<{ instancePath: string; message?: string }> | null;
}
${names.map((n) => `export declare const ${n}: PayloadValidator;`).join('\n')}
`;
}

function mswWiringModule(rows: OperationEntry[]): string {
  const lines = rows.map(
    (r) =>
      `    http.${r.method}(\`\${baseUrl}${r.path.replace(/\{(\w+)\}/g, ':$1')}\`, (info) => resolve('${r.operationId}', info)),`,
  );
  return `${HEADER('contracts/openapi.yaml')}
import { http, type HttpResponseResolver } from 'msw';
import type { OperationId } from './operations';

/** One msw handler per contract operation; \`resolve\` does the work for all of them. */
export function createOperationHandlers(
  baseUrl: string,
  resolve: (operationId: OperationId, info: Parameters<HttpResponseResolver>[0]) => ReturnType<HttpResponseResolver>,
) {
  return [
${lines.join('\n')}
  ];
}
`;
}

/** Every string enum of the API's components as a constant array, so no client or domain code copies one. */
function enumsModule(): string {
  const schemas = (loadYaml(OPENAPI).components as JsonObject).schemas as JsonObject;
  const lines = Object.entries(schemas)
    .filter(([, schema]) => Array.isArray((schema as JsonObject).enum))
    .map(([name, schema]) => `export const ${name.charAt(0).toLowerCase()}${name.slice(1)}Values = ${JSON.stringify((schema as JsonObject).enum)} as const satisfies ReadonlyArray<components['schemas']['${name}']>;`);
  return `${HEADER('contracts/openapi.yaml')}
// The values of every enum of the contract, in the contract's order.
import type { components } from './openapi';

${lines.join('\n')}
`;
}

async function openapiTypes(file: string, source: string): Promise<string> {
  const ast = await openapiTS(new URL(`file://${file}`), { alphabetize: false, defaultNonNullable: false });
  return `${HEADER(source)}${astToString(ast)}`;
}

async function main() {
  const check = process.argv.includes('--check');
  const api = operationTable(OPENAPI, true);
  const control = operationTable(CONTROL, false);
  const events = socketEvents();
  const apiModules = tableModules(api, 'contracts/openapi.yaml', 'openapi', 'operation');
  const controlModules = tableModules(control, 'contracts/mock-control.yaml', 'mock-control', 'control');
  const outputs: Record<string, string> = {
    'openapi.ts': await openapiTypes(OPENAPI, 'contracts/openapi.yaml'),
    'mock-control.ts': await openapiTypes(CONTROL, 'contracts/mock-control.yaml'),
    'operations.ts': apiModules.table,
    'operation-schemas.ts': apiModules.schemaModule,
    'control-operations.ts': controlModules.table,
    'control-schemas.ts': controlModules.schemaModule,
    'socket.ts': socketModule(events),
    'socket-validators.js': socketValidatorsModule(events),
    'socket-validators.d.ts': socketValidatorsTypes(events),
    'msw-wiring.ts': mswWiringModule(api),
    'enums.ts': enumsModule(),
  };
  const stale: string[] = [];
  mkdirSync(outDir, { recursive: true });
  for (const [name, content] of Object.entries(outputs)) {
    const file = join(outDir, name);
    const current = existsSync(file) ? readFileSync(file, 'utf8') : null;
    if (current === content) continue;
    stale.push(relative(root, file));
    if (!check) writeFileSync(file, content);
  }
  // A file in generated/ that no generator makes any more is stale too (removed when writing).
  for (const name of readdirSync(outDir)) {
    if (name in outputs) continue;
    stale.push(`${relative(root, join(outDir, name))} (no longer generated)`);
    if (!check) rmSync(join(outDir, name));
  }
  if (check) {
    if (stale.length) {
      console.error(`Generated code is out of date with the contracts (run \`npm run codegen\`):`);
      for (const f of stale) console.error(`  stale: ${f}`);
      process.exit(1);
    }
    console.log(`codegen --check: ${Object.keys(outputs).length} generated files up to date`);
  } else {
    console.log(stale.length ? `codegen wrote: ${stale.join(', ')}` : 'codegen: nothing changed');
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
