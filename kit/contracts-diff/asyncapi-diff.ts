/**
 * Compares two AsyncAPI 3 documents (asyncapi.yaml, Socket.IO with the `x-socketio` convention).
 *
 * - Structure (servers, channels and their messages, operations and which channel and messages
 *   they use): `@asyncapi/diff` with its standard classification, on a view of the resolved
 *   documents without documentation, payloads, `x-socketio` and operation security (compared
 *   below). Changes it leaves unclassified are listed as non-breaking, flagged for review.
 * - Events, by `x-socketio.event`: removed or renamed: breaking; added: non-breaking (the
 *   document's Compatibility: a server may add events). `action` or `room` (the topic a client
 *   subscribes to) changed: breaking. Payloads with schema-diff.ts: server → client (`send`) in the
 *   response direction, client → server (`receive`) and the handshake `auth` in the request
 *   direction; the ack (`x-socketio.ack`) in the response direction. Security as for REST.
 * - The channel's `x-socketio` `namespace` or `path` changed: breaking.
 */
import { diff as asyncApiDiff } from '@asyncapi/diff';
import type { Finding } from './findings.ts';
import { securityAlternatives, showAlternative } from './openapi-diff.ts';
import { isObject, type Json, type JsonObject } from './resolve.ts';
import { canonical, diffSchemas, type Direction, type Severity } from './schema-diff.ts';

interface Event {
  name: string;
  operation: string;
  action: string;
  room: string | undefined;
  ack: Json | undefined;
  messages: JsonObject[];
  security: Set<string>;
}

const obj = (value: Json | undefined): JsonObject => (isObject(value) ? value : {});
const DOC_KEYS = new Set(['description', 'summary', 'title', 'examples', 'externalDocs', 'tags']);

function nameOf(value: Json, refNames: WeakMap<object, string>): string {
  return isObject(value) ? (refNames.get(value) ?? canonical(value)) : String(value);
}

function events(doc: JsonObject, refNames: WeakMap<object, string>): Map<string, Event> {
  const out = new Map<string, Event>();
  for (const [operation, opJson] of Object.entries(obj(doc.operations))) {
    const op = obj(opJson);
    const x = obj(op['x-socketio']);
    const action = String(op.action);
    const name = typeof x.event === 'string' ? x.event : `(operation ${operation})`;
    const key = out.has(name) ? `${action} ${name}` : name;
    out.set(key, {
      name,
      operation,
      action,
      room: typeof x.room === 'string' ? x.room : undefined,
      ack: x.ack ?? (isObject(op.reply) ? obj((op.reply.messages as Json[] | undefined)?.[0]).payload : undefined),
      messages: (Array.isArray(op.messages) ? op.messages : []).filter(isObject),
      security: securityAlternatives(Array.isArray(op.security) && op.security.length ? op.security.map((s) => ({ [nameOf(s, refNames)]: [] })) : undefined),
    });
  }
  return out;
}

/** Removes documentation keys everywhere, and payloads and `x-socketio` (compared by schema-diff). */
function strip(node: Json, refNames: WeakMap<object, string>, depth = 0): Json {
  if (depth > 40) return null;
  if (Array.isArray(node)) return node.map((n) => strip(n, refNames, depth + 1));
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (DOC_KEYS.has(key) || key === 'payload' || key === 'x-socketio') continue;
    out[key] = strip(value, refNames, depth + 1);
  }
  return out;
}

/** The part of a resolved document handed to @asyncapi/diff. */
function structure(doc: JsonObject, refNames: WeakMap<object, string>): JsonObject {
  const operations: JsonObject = {};
  for (const [name, opJson] of Object.entries(obj(doc.operations))) {
    const op = obj(opJson);
    const view: JsonObject = { action: op.action ?? null, channel: nameOf(op.channel ?? null, refNames) };
    if (Array.isArray(op.messages)) view.messages = op.messages.map((m) => nameOf(m, refNames));
    if (isObject(op.reply)) {
      view.reply = {
        channel: nameOf(op.reply.channel ?? null, refNames),
        messages: (Array.isArray(op.reply.messages) ? op.reply.messages : []).map((m) => nameOf(m, refNames)),
      };
    }
    if (op.bindings !== undefined) view.bindings = strip(op.bindings, refNames);
    operations[name] = view;
  }
  const out: JsonObject = { asyncapi: doc.asyncapi ?? null, operations };
  for (const key of ['id', 'defaultContentType', 'servers', 'channels'] as const) {
    if (doc[key] !== undefined) out[key] = strip(doc[key], refNames);
  }
  return out;
}

/** Compares two AsyncAPI documents whose `$ref`s are inlined. */
export function diffAsyncApi(before: JsonObject, after: JsonObject, refNames: WeakMap<object, string> = new WeakMap()): Finding[] {
  const out: Finding[] = [];
  const add = (subject: string, location: string, message: string, severity: Severity) => out.push({ doc: 'asyncapi', subject, location, message, severity });
  const schema = (subject: string, location: string, b: Json | undefined, a: Json | undefined, direction: Direction) => {
    for (const f of diffSchemas(b, a, direction, { refNames, allowTupleGrowth: true })) {
      add(subject, `${location}${f.location ? ` ${f.location}` : ''}`, f.message, f.severity);
    }
  };

  // Structure, with @asyncapi/diff.
  const changes = asyncApiDiff(structure(before, refNames), structure(after, refNames), { outputType: 'json' }).getOutput();
  for (const c of typeof changes === 'string' ? [] : changes.changes) {
    const what = `${c.action === 'add' ? 'added' : c.action === 'remove' ? 'removed' : 'changed'}${c.action !== 'add' ? ` (was ${JSON.stringify(c.before)})` : ''}${c.action !== 'remove' ? ` (now ${JSON.stringify(c.after)})` : ''}`;
    if (c.type === 'unclassified') add('structure', c.path, `${what} (unclassified by @asyncapi/diff: review)`, 'non-breaking');
    else add('structure', c.path, `${what} (@asyncapi/diff)`, c.type === 'breaking' ? 'breaking' : 'non-breaking');
  }

  // The namespace and handshake.
  const channels = (d: JsonObject) => Object.entries(obj(d.channels)).map(([k, v]) => [k, obj(obj(v)['x-socketio'])] as const);
  const ca = new Map(channels(after));
  for (const [name, xb] of channels(before)) {
    const xa = ca.get(name);
    if (!xa) continue; // reported by @asyncapi/diff
    for (const key of ['namespace', 'path'] as const) {
      if (xb[key] !== xa[key]) add(`channel ${name}`, `x-socketio ${key}`, `changed: ${String(xb[key])} → ${String(xa[key])}`, 'breaking');
    }
    schema(`channel ${name}`, 'handshake auth', xb.auth, xa.auth, 'request');
  }

  // Events.
  const eb = events(before, refNames);
  const ea = events(after, refNames);
  for (const [key, b] of eb) {
    const a = ea.get(key);
    const subject = `event ${b.name}`;
    if (!a) {
      add(subject, '', `event removed (operation ${b.operation}, ${b.action})`, 'breaking');
      continue;
    }
    if (b.action !== a.action) add(subject, 'action', `changed: ${b.action} → ${a.action}`, 'breaking');
    if (b.room !== a.room) add(subject, 'room', `changed: ${b.room ?? '(none)'} → ${a.room ?? '(none)'} (the topic clients subscribe to)`, 'breaking');
    for (const alt of b.security) if (!a.security.has(alt)) add(subject, 'security', `no longer accepted: ${showAlternative(alt)}`, 'breaking');
    for (const alt of a.security) if (!b.security.has(alt)) add(subject, 'security', `now also accepted: ${showAlternative(alt)}`, 'non-breaking');
    const direction: Direction = a.action === 'send' ? 'response' : 'request';
    const messageKey = (m: JsonObject, i: number) => (typeof m.name === 'string' ? m.name : `#${i}`);
    const mb = new Map(b.messages.map((m, i) => [messageKey(m, i), m]));
    const ma = new Map(a.messages.map((m, i) => [messageKey(m, i), m]));
    for (const [name, m] of mb) {
      const other = ma.get(name);
      const location = mb.size > 1 ? `payload (${name})` : 'payload';
      if (!other) add(subject, location, 'message removed', direction === 'request' ? 'breaking' : 'non-breaking');
      else schema(subject, location, m.payload, other.payload, direction);
    }
    for (const name of ma.keys()) {
      if (!mb.has(name)) add(subject, `payload (${name})`, 'message added', direction === 'request' ? 'non-breaking' : 'breaking');
    }
    if (b.ack !== undefined || a.ack !== undefined) {
      if (b.ack === undefined) add(subject, 'ack', 'acknowledgement added', 'non-breaking');
      else if (a.ack === undefined) add(subject, 'ack', 'acknowledgement removed', 'breaking');
      else schema(subject, 'ack', b.ack, a.ack, 'response');
    }
  }
  for (const [key, a] of ea) {
    if (!eb.has(key))
      add(`event ${a.name}`, '', `event added (operation ${a.operation}, ${a.action}; Compatibility: clients ignore events they do not know)`, 'non-breaking');
  }
  return out;
}
