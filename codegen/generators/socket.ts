/** The socket event maps and the AsyncAPI schemas as TypeScript types, from asyncapi.yaml. */
import { isDeepStrictEqual } from 'node:util';
import { HEADER, loadYaml, type JsonObject } from '../lib.ts';
import { ASYNCAPI, OPENAPI } from './paths.ts';

/**
 * The REST API's schemas: the bundled asyncapi.yaml holds those its payloads reuse (each under its
 * own name, as it is in the API), and the types refer to the API's types for them.
 */
function apiSchemas(): JsonObject {
  const api = (loadYaml(OPENAPI).components as JsonObject).schemas as JsonObject;
  const own = (loadYaml(ASYNCAPI).components as JsonObject).schemas as JsonObject;
  for (const name of Object.keys(own))
    if (name in api && !isDeepStrictEqual(own[name], api[name])) throw new Error(`asyncapi.yaml's schema ${name} is not the REST API's ${name}: rename it`);
  return api;
}

/** Minimal JSON Schema → TypeScript, for the AsyncAPI schemas (object, array, scalar, enum, const, oneOf, $ref). */
function schemaToTs(schema: JsonObject, api: JsonObject, indent = ''): string {
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').pop()!;
    return name in api ? `ApiSchemas['${name}']` : name;
  }
  if (Array.isArray(schema.oneOf)) return (schema.oneOf as JsonObject[]).map((s) => schemaToTs(s, api, indent)).join(' | ');
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
      return `Array<${schemaToTs(schema.items as JsonObject, api, indent)}>`;
    case 'object': {
      const required = new Set((schema.required as string[] | undefined) ?? []);
      const props = Object.entries((schema.properties as JsonObject | undefined) ?? {}).map(([key, value]) => {
        const v = value as JsonObject;
        const doc = v.description ? `${indent}  /** ${String(v.description).trim()} */\n` : '';
        return `${doc}${indent}  ${key}${required.has(key) ? '' : '?'}: ${schemaToTs(v, api, indent + '  ')};`;
      });
      return `{\n${props.join('\n')}\n${indent}}`;
    }
    default:
      throw new Error(`schemaToTs: unsupported schema ${JSON.stringify(schema)}`);
  }
}

export interface SocketEvent {
  operation: string;
  event: string;
  direction: 'clientToServer' | 'serverToClient';
  payloadSchema: string;
  ackSchema?: string;
  room?: string;
}

export function socketEvents(): SocketEvent[] {
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

export function socketModule(events: SocketEvent[]): string {
  const doc = loadYaml(ASYNCAPI);
  const schemas = (doc.components as JsonObject).schemas as JsonObject;
  const api = apiSchemas();
  const types = Object.entries(schemas)
    .filter(([name]) => !(name in api))
    .map(([name, s]) => {
      const desc = (s as JsonObject).description;
      return `${desc ? `/** ${String(desc).trim()} */\n` : ''}export type ${name} = ${schemaToTs(s as JsonObject, api)};`;
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
  const meta = Object.fromEntries(events.map((e) => [e.event, { direction: e.direction, ...(e.room ? { room: e.room } : {}) }]));
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
