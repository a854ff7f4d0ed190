/**
 * The two validator sets: strict (the contract as written, for the mock and the examples) and
 * tolerant (what a client accepts from a server: unknown fields and enum values pass).
 */
import { describe, expect, it } from 'vitest';
import { loadClientValidator } from '../../contracts/generated/socket-validators-client.js';
import * as validators from '../../contracts/generated/socket-validators.js';
import { inlineRefs, loadYaml, type JsonObject } from '../lib';
import { ASYNCAPI } from './paths';
import { socketEvents } from './socket';
import { tolerate } from './socket-validators';

describe('tolerate', () => {
  it('drops additionalProperties: false and closed string enums, keeps the rest', () => {
    const schema = {
      type: 'object',
      required: ['status', 'level'],
      additionalProperties: false,
      properties: {
        status: { type: 'string', enum: ['a', 'b'] },
        count: { type: 'integer', enum: [1, 2] },
        level: { type: 'array', items: { type: 'string', pattern: '^[0-9]+$' }, minItems: 2, maxItems: 2 },
        list: { type: 'array', items: { type: 'string' }, maxItems: 50 },
      },
    };
    expect(tolerate(schema, 'x')).toEqual({
      type: 'object',
      required: ['status', 'level'],
      properties: {
        status: { type: 'string' },
        count: { type: 'integer', enum: [1, 2] },
        level: { type: 'array', items: { type: 'string', pattern: '^[0-9]+$' }, minItems: 2 },
        list: { type: 'array', items: { type: 'string' }, maxItems: 50 },
      },
    });
  });

  it('gives an enum without a type the type string', () => {
    expect(tolerate({ enum: ['a'] }, 'x')).toEqual({ type: 'string' });
  });
});

/** Walks a payload with its (inlined) schema, calling `visit` on every object and every string enum value. */
function walk(
  value: unknown,
  schema: JsonObject,
  visit: (value: unknown, schema: JsonObject, set: (v: unknown) => void) => void,
  set: (v: unknown) => void = () => {},
) {
  visit(value, schema, set);
  if (Array.isArray(value)) {
    const prefix = (schema.prefixItems as JsonObject[] | undefined) ?? [];
    value.forEach((item, i) => {
      const itemSchema = prefix[i] ?? (schema.items as JsonObject | undefined);
      if (itemSchema) walk(item, itemSchema, visit, (v) => (value[i] = v));
    });
  } else if (value && typeof value === 'object') {
    const props = (schema.properties as Record<string, JsonObject> | undefined) ?? {};
    for (const [k, v] of Object.entries(value)) if (props[k]) walk(v, props[k], visit, (nv) => ((value as Record<string, unknown>)[k] = nv));
  }
}

const messages = Object.values(((loadYaml(ASYNCAPI).components as JsonObject).messages as JsonObject) ?? {}) as JsonObject[];
const tolerant: Record<string, PayloadCheck> = Object.fromEntries(
  await Promise.all(Object.entries(loadClientValidator).map(async ([name, load]) => [name, await load()] as const)),
);
const strict = validators as unknown as Record<string, PayloadCheck>;
type PayloadCheck = ((data: unknown) => boolean) & { errors?: Array<{ instancePath: string }> | null };
/** Every example of a message a client receives, with its schema. */
const received = messages.flatMap((m) =>
  (m.name as string) in tolerant
    ? ((m.examples as JsonObject[] | undefined) ?? []).map((ex, i) => ({
        label: `${m.name as string} example ${i + 1}`,
        event: m.name as string,
        payload: ex.payload,
        schema: inlineRefs(m.payload, ASYNCAPI) as JsonObject,
      }))
    : [],
);
const clone = <T>(v: T): T => structuredClone(v);

describe('generated validators, on the contract examples of what a client receives', () => {
  it('covers every event a client receives, and none it sends', () => {
    const toServer = socketEvents().filter((e) => e.direction === 'clientToServer');
    expect(Object.keys(tolerant).sort()).toEqual(
      [
        ...socketEvents()
          .filter((e) => e.direction === 'serverToClient')
          .map((e) => e.event),
        ...toServer.filter((e) => e.ackSchema).map((e) => `${e.event}Ack`),
      ].sort(),
    );
    expect(received.length).toBeGreaterThanOrEqual(7);
  });

  it.each(received)('$label: an unknown field in every object passes tolerant, not strict', ({ event, payload, schema }) => {
    const extended = clone(payload);
    let closed = false;
    walk(extended, schema, (v, s) => {
      // A map (additionalProperties with a schema: `params`) takes any key with a value of its schema; a record takes unknown fields.
      const map = typeof s.additionalProperties === 'object' && s.additionalProperties !== null;
      if (v && typeof v === 'object' && !Array.isArray(v) && !map) {
        (v as Record<string, unknown>).addedLater = { any: ['thing'] };
        if (s.additionalProperties === false) closed = true;
      }
    });
    expect(tolerant[event](extended), JSON.stringify(tolerant[event].errors)).toBe(true);
    if (closed) expect(strict[event](extended)).toBe(false);
  });

  it.each(received)('$label: an unknown value of every string enum passes tolerant', ({ event, payload, schema }) => {
    const changed = clone(payload);
    let any = false;
    walk(changed, schema, (v, s, set) => {
      if (typeof v === 'string' && Array.isArray(s.enum)) {
        set('added_later');
        any = true;
      }
    });
    expect(tolerant[event](changed), JSON.stringify(tolerant[event].errors)).toBe(true);
    if (any) expect(strict[event](changed)).toBe(false);
  });

  it.each(received)('$label: a missing required field or a wrong type is still refused, naming where', ({ event, payload, schema }) => {
    for (const key of (schema.required as string[] | undefined) ?? []) {
      const missing = clone(payload) as Record<string, unknown>;
      delete missing[key];
      expect(tolerant[event](missing), `without ${key}`).toBe(false);
      const wrong = clone(payload) as Record<string, unknown>;
      wrong[key] = { wrong: true };
      expect(tolerant[event](wrong), `${key} of the wrong type`).toBe(false);
      expect(tolerant[event].errors?.[0]?.instancePath).toBe(`/${key}`);
    }
  });

  it('a decimal is still checked as a decimal', () => {
    const kline = received.find((r) => r.event === 'kline')!;
    const bad = clone(kline.payload) as { candle: { close: unknown } };
    bad.candle.close = 64210.55;
    expect(tolerant.kline(bad)).toBe(false);
    bad.candle.close = 'NaN';
    expect(tolerant.kline(bad)).toBe(false);
    expect(tolerant.kline.errors?.[0]?.instancePath).toBe('/candle/close');
  });
});
