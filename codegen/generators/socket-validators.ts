/**
 * Ajv standalone validators of every socket payload (and their declarations), from asyncapi.yaml,
 * in two sets:
 * - strict, one export per event (`subscribe`, `tickers`, …): the schemas as written. The mock
 *   checks what it receives with them, and the contract tests check the examples.
 * - `tolerant`: what a client accepts from a server (server-to-client events and the
 *   acknowledgements). The contract lets a server add fields and enum values and tells clients to
 *   ignore what they do not know, so these drop `additionalProperties: false` (unknown fields
 *   pass), let a fixed-length array grow (`[price, quantity, count]` still passes) and check an
 *   enum only as a string. Required fields, types, patterns and bounds are still checked: a payload the app could
 *   not use is still refused.
 *
 * Every enum a server sends is open, decided per field by what the app does with it:
 * - `depth.type`: the book store ignores a kind it does not know; the seq chain resyncs if it
 *   mattered.
 * - `kline.period`: the chart compares it with its own period; an unknown one never matches.
 * - `trades[].side`: colours the price; anything but `buy` shows as a sell.
 * - `balances[].kind`, `record.record.*`, `order.order.*`: these events only make the app refetch
 *   over REST, so their values are not read.
 * An enum the app must understand to use an event would be kept here (see `CLOSED_ENUMS`).
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { HEADER, inlineRefs, type Json, type JsonObject } from '../lib.ts';
import { ASYNCAPI } from './paths.ts';
import type { SocketEvent } from './socket.ts';

/**
 * Enums the tolerant validators keep closed, as `event` + JSON pointer of the schema (`/properties/x`).
 * None today: every value the app reads from an event copes with one it does not know.
 */
const CLOSED_ENUMS = new Set<string>([]);

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

/** A fixed-length array (`[price, quantity]`): `prefixItems`, or as many items at least as at most. */
const isTuple = (node: JsonObject) => 'prefixItems' in node || (typeof node.maxItems === 'number' && node.minItems === node.maxItems);

/** The schema a client checks a server's payload with (see the module comment); `where` names it in CLOSED_ENUMS. */
export function tolerate(node: Json, where: string): Json {
  if (Array.isArray(node)) return node.map((n, i) => tolerate(n, `${where}/${i}`));
  if (node === null || typeof node !== 'object') return node;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(node)) {
    if ((k === 'additionalProperties' || k === 'unevaluatedProperties') && v === false) continue;
    if (k === 'maxItems' && isTuple(node)) continue;
    if (k === 'items' && v === false && isTuple(node)) continue;
    if (k === 'enum' && Array.isArray(v) && v.every((e) => typeof e === 'string') && !CLOSED_ENUMS.has(where)) continue;
    if (k === 'properties') {
      out[k] = Object.fromEntries(Object.entries(v as JsonObject).map(([p, s]) => [p, tolerate(s, `${where}/properties/${p}`)]));
      continue;
    }
    out[k] = tolerate(v, `${where}/${k}`);
  }
  if (Array.isArray(node.enum) && !('enum' in out) && !('type' in out)) out.type = 'string';
  return out;
}

/**
 * A `oneOf` whose branches are objects told apart by a required property with a `const` (the
 * `type` of `tickers`: `snapshot` or `update`) gets Ajv's `discriminator`, so a payload is checked
 * against its own branch only (an update never pays for the snapshot's schema) and its errors are
 * that branch's. AsyncAPI's own `discriminator` is a bare property name, so the contract does not
 * spell Ajv's form: it is added here.
 */
export function tagUnions(node: Json): Json {
  if (Array.isArray(node)) return node.map(tagUnions);
  if (node === null || typeof node !== 'object') return node;
  const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, tagUnions(v)])) as JsonObject;
  const branches = out.oneOf;
  if (Array.isArray(branches) && branches.length > 1 && !('discriminator' in out)) {
    const first = branches[0] as JsonObject;
    const tag = Object.keys((first.properties as JsonObject | undefined) ?? {}).find((p) =>
      branches.every((b) => {
        const o = b as JsonObject;
        const prop = (o.properties as JsonObject | undefined)?.[p] as JsonObject | undefined;
        return prop !== undefined && 'const' in prop && Array.isArray(o.required) && o.required.includes(p);
      }),
    );
    if (tag) out.discriminator = { propertyName: tag };
  }
  return out;
}

const schemaOf = (name: string) => tagUnions(stripDocs(inlineRefs({ $ref: `#/components/schemas/${name}` }, ASYNCAPI))) as JsonObject;

/** What a client receives: server-to-client events and the acknowledgements of its own events. */
function received(events: SocketEvent[]): Array<{ name: string; schema: string }> {
  return events.flatMap((e) =>
    e.direction === 'serverToClient' ? [{ name: e.event, schema: e.payloadSchema }] : e.ackSchema ? [{ name: `${e.event}Ack`, schema: e.ackSchema }] : [],
  );
}

/** An ES module of Ajv standalone validators, one export per name. */
function standalone(schemas: Array<{ name: string; schema: JsonObject }>, comment: string): string {
  const ajv = new Ajv2020({ code: { source: true, esm: true }, allErrors: false, strict: false, discriminator: true });
  const refs: Record<string, string> = {};
  for (const { name, schema } of schemas) {
    ajv.addSchema({ ...schema, $id: `urn:socket:${name}` });
    refs[name] = `urn:socket:${name}`;
  }
  // ajv's standalone module is CommonJS: under Node's ESM loader the function is on `.default`.
  const generate = (standaloneCode as unknown as { default?: typeof standaloneCode }).default ?? standaloneCode;
  const code = generate(ajv, refs);
  // Some keywords (maxLength counts code points) pull in an ajv runtime helper with `require`, which
  // the ES module cannot load: keep such bounds on requests (REST validates them), not on events.
  const helper = /require\("([^"]+)"\)/.exec(code);
  if (helper) throw new Error(`A socket payload schema needs the ajv runtime helper ${helper[1]}; drop that keyword from event payloads`);
  return `${HEADER('contracts/asyncapi.yaml')}// ${comment}
// @ts-nocheck
/* eslint-disable */
${code}
`;
}

/** Strict validators of every socket payload and acknowledgement, named by event (the mock and the contract tests). */
export function socketValidatorsModule(events: SocketEvent[]): string {
  const schemas = events.flatMap((e) => [
    { name: e.event, schema: schemaOf(e.payloadSchema) },
    ...(e.ackSchema ? [{ name: `${e.event}Ack`, schema: schemaOf(e.ackSchema) }] : []),
  ]);
  return standalone(schemas, 'Ajv standalone validators of every socket event payload (and acknowledgement), strict: the schemas as written.');
}

const TOLERANT =
  'Ajv standalone validator of what a client receives, tolerant: unknown properties and enum values pass; required fields, types and patterns are checked.';

/** The folder (under contracts/generated/) of the tolerant validators, one module per event. */
export const CLIENT_VALIDATORS_DIR = 'socket-validators-client';

/**
 * Tolerant validators of what a client receives (the app): unknown fields and enum values pass.
 * One module per event or acknowledgement (`<dir>/tickers.js`), so a page loads only the checks of
 * the events it listens to (home: tickers, about 1 KB of 10), and `socket-validators-client.js`
 * maps each name to a loader of its module.
 */
export function socketClientValidatorsModules(events: SocketEvent[]): Record<string, string> {
  const names = received(events);
  const modules = Object.fromEntries(
    names.map(({ name, schema }) => [
      `${CLIENT_VALIDATORS_DIR}/${name}.js`,
      standalone([{ name, schema: tolerate(schemaOf(schema), name) as JsonObject }], TOLERANT),
    ]),
  );
  const loaders = names.map(({ name }) => `  ${name}: () => import('./${CLIENT_VALIDATORS_DIR}/${name}.js').then((m) => m.${name}),`);
  return {
    ...modules,
    'socket-validators-client.js': `${HEADER('contracts/asyncapi.yaml')}// Loaders of the tolerant validators of what a client receives, one module per event (${CLIENT_VALIDATORS_DIR}/).
/* eslint-disable */
export const loadClientValidator = {
${loaders.join('\n')}
};
`,
  };
}

const VALIDATOR_TYPE = `interface PayloadValidator {
  (data: unknown): boolean;
  errors?: Array<{ instancePath: string; keyword?: string; params?: Record<string, unknown>; message?: string }> | null;
}`;

export function socketValidatorsTypes(events: SocketEvent[]): string {
  const names = events.flatMap((e) => (e.ackSchema ? [e.event, `${e.event}Ack`] : [e.event]));
  return `${HEADER('contracts/asyncapi.yaml')}
${VALIDATOR_TYPE}
/** Strict: the contract's schemas as written. */
${names.map((n) => `export declare const ${n}: PayloadValidator;`).join('\n')}
`;
}

export function socketClientValidatorsTypes(events: SocketEvent[]): string {
  return `${HEADER('contracts/asyncapi.yaml')}
${VALIDATOR_TYPE}
/** What a client accepts from a server, each loaded on its own: unknown properties and enum values pass; required fields, types and patterns are checked. */
export declare const loadClientValidator: {
${received(events)
  .map(({ name }) => `  ${name}: () => Promise<PayloadValidator>;`)
  .join('\n')}
};
`;
}
