/** Ajv standalone validators of every socket payload (and their declarations), from asyncapi.yaml. */
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { HEADER, inlineRefs, type Json, type JsonObject } from '../lib.ts';
import { ASYNCAPI } from './paths.ts';
import type { SocketEvent } from './socket.ts';

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

export function socketValidatorsModule(events: SocketEvent[]): string {
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
  const generate = (standaloneCode as unknown as { default?: typeof standaloneCode }).default ?? standaloneCode;
  const code = generate(ajv, refs);
  return `${HEADER('contracts/asyncapi.yaml')}// Ajv standalone validators of every socket event payload (and acknowledgement).
// @ts-nocheck
/* eslint-disable */
${code}
`;
}

export function socketValidatorsTypes(events: SocketEvent[]): string {
  const names = events.flatMap((e) => (e.ackSchema ? [e.event, `${e.event}Ack`] : [e.event]));
  return `${HEADER('contracts/asyncapi.yaml')}
interface PayloadValidator {
  (data: unknown): boolean;
  errors?: Array<{ instancePath: string; message?: string }> | null;
}
${names.map((n) => `export declare const ${n}: PayloadValidator;`).join('\n')}
`;
}
