/**
 * The scale of every `Decimal` on the wire, as the contract's `x-scale` says (the vocabulary is in
 * the Decimal schema's description). Finds each Decimal of an answer or event payload by walking it
 * along the bundled contracts, and reports each one whose scale breaks its field's rule. Shared by
 * decimal-format.test.ts (the mock) and the conformance kit (any server: kit/conformance/scale.ts).
 */
import { loadYaml, type Json, type JsonObject } from '../../../codegen/lib.ts';
import { ASYNCAPI, OPENAPI } from '../../../codegen/generators/paths.ts';
import type { OperationId } from '../../../contracts/generated/operations.ts';

/** A field's `x-scale`. */
export type ScaleRule =
  | number
  | 'as-is'
  | { coin: string | string[] }
  | { symbol: string | { base: string; quote: string }; by?: string }
  | { lever: string }
  | { fiat: string }
  | ScaleRule[];

/** What the rules refer to, as the server itself states it. */
export interface ScaleContext {
  /** Each coin's `precision` (listCoins). */
  coins: Map<string, number>;
  /** Each symbol's ticker (listTickers): its precisions, `base` and `quote`. */
  tickers: Map<string, JsonObject>;
  /** Each lever symbol's terms (listLeverSymbols). */
  lever: Map<string, JsonObject>;
}

export interface DecimalField {
  /** JSON pointer into the body. */
  pointer: string;
  /** `Schema.field` (`Schema.a.b` inside an unnamed nested object, `*` for a map's values, an index in a tuple). */
  key: string;
  value: string;
  /** The field's `x-scale` (undefined when the contract gives it none). */
  rule?: ScaleRule;
  /** The objects around the value, innermost first, then the request's fields. */
  scopes: JsonObject[];
}

export interface ScaleProblem {
  pointer: string;
  key: string;
  value: string;
  rule?: ScaleRule;
  /** The scale the rule asks for, when it could be told. */
  expected?: number;
  message: string;
}

type Doc = 'openapi' | 'asyncapi';
type Target = { operation: OperationId } | { event: string };

const docs = (): Record<Doc, JsonObject> => ({ openapi: loadYaml(OPENAPI), asyncapi: loadYaml(ASYNCAPI) });
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const obj = (v: unknown): JsonObject => (isObject(v) ? v : {});
const escape = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');

function at(doc: Doc, fragment: string): Json {
  let node: Json = docs()[doc];
  for (const raw of fragment.replace(/^\//, '').split('/')) node = obj(node)[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  return node;
}

function resolve(ref: string, doc: Doc): { schema: JsonObject; name: string; doc: Doc } {
  const [file, fragment] = ref.split('#');
  const target: Doc = file ? (file.includes('openapi') ? 'openapi' : 'asyncapi') : doc;
  return { schema: obj(at(target, fragment)), name: fragment.split('/').pop()!, doc: target };
}

const isDecimalRef = (ref: unknown) => typeof ref === 'string' && ref.endsWith('/schemas/Decimal');

interface Walk {
  doc: Doc;
  owner: string;
  rel: string[];
  pointer: string;
  scopes: JsonObject[];
  out: DecimalField[];
}

function walk(schema: JsonObject | undefined, value: Json | undefined, w: Walk): void {
  if (!schema || value === undefined || value === null) return;
  if (typeof schema.$ref === 'string') {
    if (isDecimalRef(schema.$ref)) {
      if (typeof value === 'string')
        w.out.push({ pointer: w.pointer, key: [w.owner, ...w.rel].join('.'), value, rule: schema['x-scale'] as ScaleRule | undefined, scopes: w.scopes });
      return;
    }
    const r = resolve(schema.$ref, w.doc);
    walk(r.schema, value, { ...w, doc: r.doc, owner: r.name, rel: [] });
    return;
  }
  if (Array.isArray(schema.oneOf)) {
    // Only envelopes and event kinds are unions, told apart by their `type`.
    const type = obj(value).type;
    const branch = schema.oneOf.map((b) => (typeof obj(b).$ref === 'string' ? resolve(obj(b).$ref as string, w.doc).schema : obj(b)));
    walk(
      branch.find((b) => obj(obj(b.properties).type).const === type),
      value,
      w,
    );
    return;
  }
  if (Array.isArray(value)) {
    // A tuple (a fixed length, such as PriceLevel's [price, quantity]) names its positions, and a list `x-scale` of its items gives each position's.
    const items = obj(schema.items);
    const tuple = schema.minItems !== undefined && schema.minItems === schema.maxItems;
    const perPosition = Array.isArray(items['x-scale']) ? (items['x-scale'] as Json[]) : undefined;
    value.forEach((item, i) => {
      const s = tuple && perPosition ? { ...items, 'x-scale': perPosition[i] } : items;
      walk(s, item, { ...w, rel: tuple ? [...w.rel, String(i)] : w.rel, pointer: `${w.pointer}/${i}` });
    });
    return;
  }
  if (isObject(value)) {
    const scopes = [value, ...w.scopes];
    const props = obj(schema.properties);
    const extra = isObject(schema.additionalProperties) ? schema.additionalProperties : undefined;
    for (const [k, v] of Object.entries(value)) {
      const named = isObject(props[k]) ? (props[k] as JsonObject) : undefined;
      walk(named ?? extra, v, { ...w, rel: [...w.rel, named ? k : '*'], pointer: `${w.pointer}/${escape(k)}`, scopes });
    }
  }
}

function schemaOf(target: Target): { schema: JsonObject; doc: Doc; where: string } {
  if ('event' in target) {
    const message = obj(obj(obj(obj(docs().asyncapi.channels).root).messages)[target.event]);
    if (typeof message.$ref !== 'string') throw new Error(`the contract has no event ${target.event}`);
    return { schema: obj(resolve(message.$ref, 'asyncapi').schema.payload), doc: 'asyncapi', where: `event ${target.event}` };
  }
  for (const item of Object.values(obj(docs().openapi.paths))) {
    for (const op of Object.values(obj(item))) {
      if (obj(op).operationId === target.operation) {
        const schema = obj(obj(obj(obj(obj(obj(op).responses)['200']).content)['application/json']).schema);
        return { schema, doc: 'openapi', where: target.operation };
      }
    }
  }
  throw new Error(`the contract has no operation ${target.operation}`);
}

/** Every Decimal of `body` (an operation's answer or an event's payload), with its field's rule; `request` holds the request's fields. */
export function decimalsIn(target: Target, body: unknown, request: JsonObject = {}): DecimalField[] {
  const { schema, doc } = schemaOf(target);
  const out: DecimalField[] = [];
  walk(schema, body as Json, { doc, owner: '?', rel: [], pointer: '', scopes: [request], out });
  return out;
}

export const decimalPlaces = (v: string) => (v.includes('.') ? v.length - v.indexOf('.') - 1 : 0);

const lookup = (scopes: JsonObject[], field: string) => scopes.find((s) => s[field] !== undefined && s[field] !== null)?.[field];

/** The scale `rule` asks for among `scopes`, `as-is`, or why it cannot be told. */
export function expectedScale(rule: ScaleRule, scopes: JsonObject[], ctx: ScaleContext): number | 'as-is' | { why: string } {
  if (typeof rule === 'number' || rule === 'as-is') return rule;
  if (Array.isArray(rule)) return { why: 'a list x-scale belongs on the items of a fixed-length array' };
  if ('coin' in rule) {
    const names = Array.isArray(rule.coin) ? rule.coin : [rule.coin];
    const coin = names.map((n) => (/^[A-Z0-9]+$/.test(n) ? n : lookup(scopes, n))).find((c) => c !== undefined);
    if (typeof coin !== 'string') return { why: `no ${names.join(' or ')} field names its coin` };
    return ctx.coins.get(coin) ?? { why: `coin ${coin} is not in listCoins` };
  }
  if ('fiat' in rule) {
    const fiat = String(lookup(scopes, rule.fiat));
    const table = obj(obj(obj(docs().openapi.components).schemas).FiatCurrency)['x-decimals'];
    const places = obj(table)[fiat] ?? obj(table).default;
    return typeof places === 'number' ? places : { why: `no decimals for fiat ${fiat}` };
  }
  const symbol = lookup(scopes, 'symbol');
  if ('lever' in rule) {
    const terms = ctx.lever.get(String(symbol));
    const v = terms?.[rule.lever];
    return typeof v === 'string' ? decimalPlaces(v) : { why: `no lever terms with ${rule.lever} for ${String(symbol)} in listLeverSymbols` };
  }
  const ticker = ctx.tickers.get(String(symbol));
  if (!ticker) return { why: `symbol ${String(symbol)} is not in listTickers` };
  let field = rule.symbol;
  if (typeof field !== 'string') {
    const coin = lookup(scopes, rule.by ?? '');
    const side = coin === ticker.base ? 'base' : coin === ticker.quote ? 'quote' : undefined;
    if (!side) return { why: `${rule.by} ${String(coin)} is neither coin of ${String(symbol)}` };
    field = field[side];
  }
  const places = ticker[field];
  return typeof places === 'number' ? places : { why: `listTickers gives ${String(symbol)} no ${field}` };
}

const PLAIN = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

/** What is wrong with one Decimal: not a plain decimal, `-0`, or a scale other than its rule's (null when nothing). */
export function scaleProblem(f: DecimalField, ctx: ScaleContext): ScaleProblem | null {
  const base = { pointer: f.pointer, key: f.key, value: f.value, rule: f.rule };
  if (!PLAIN.test(f.value)) return { ...base, message: `'${f.value}' is not a plain decimal (fixed point, no exponent)` };
  if (/^-0(\.0*)?$/.test(f.value)) return { ...base, message: `'${f.value}' is a negative zero` };
  if (f.rule === undefined) return null;
  const scale = expectedScale(f.rule, f.scopes, ctx);
  if (scale === 'as-is') return null;
  if (typeof scale !== 'number') return { ...base, message: `cannot tell the scale of ${f.key} (x-scale ${JSON.stringify(f.rule)}): ${scale.why}` };
  const got = decimalPlaces(f.value);
  if (got === scale) return null;
  return { ...base, expected: scale, message: `'${f.value}' has ${got} decimals; ${f.key} has ${scale} (x-scale ${JSON.stringify(f.rule)})` };
}

/** Every Decimal of `body` whose form or scale breaks its field's rule. */
export function scaleProblems(target: Target, body: unknown, ctx: ScaleContext, request: JsonObject = {}): ScaleProblem[] {
  return decimalsIn(target, body, request)
    .map((f) => scaleProblem(f, ctx))
    .filter((p): p is ScaleProblem => p !== null);
}

/** The context from the messages of listCoins, listTickers and listLeverSymbols (what is missing stays empty). */
export function scaleContext(coins: unknown, tickers: unknown, leverSymbols: unknown): ScaleContext {
  const list = (v: unknown) => (Array.isArray(v) ? v.filter(isObject) : []);
  return {
    coins: new Map(list(coins).flatMap((c) => (typeof c.precision === 'number' ? [[String(c.coin), c.precision] as const] : []))),
    tickers: new Map(list(tickers).map((t) => [String(t.symbol), t])),
    lever: new Map(list(leverSymbols).map((t) => [String(t.symbol), t])),
  };
}

const TICKER_SCALES = ['pricePrecision', 'amountPrecision', 'quotePrecision', 'settlementPrecision'];

/** Why `rule` is not a word of the vocabulary (undefined when it is). */
export function ruleProblem(rule: unknown): string | undefined {
  const field = (v: unknown) => typeof v === 'string' && v !== '';
  if (rule === 'as-is' || (Number.isInteger(rule) && (rule as number) >= 0)) return undefined;
  if (isObject(rule)) {
    const keys = Object.keys(rule).sort().join(' ');
    if (keys === 'coin' && (field(rule.coin) || (Array.isArray(rule.coin) && rule.coin.length > 0 && rule.coin.every(field)))) return undefined;
    if ((keys === 'lever' && field(rule.lever)) || (keys === 'fiat' && field(rule.fiat))) return undefined;
    if (keys === 'symbol' && TICKER_SCALES.includes(rule.symbol as string)) return undefined;
    const sides = obj(rule.symbol);
    if (keys === 'by symbol' && field(rule.by) && TICKER_SCALES.includes(sides.base as string) && TICKER_SCALES.includes(sides.quote as string))
      return undefined;
  }
  return `not an x-scale: ${JSON.stringify(rule)}`;
}

/** Every Decimal field either contract declares, as `Schema.field`, with its `x-scale` (a tuple's positions apart). */
export function contractDecimals(): Array<{ key: string; rule?: ScaleRule }> {
  const out: Array<{ key: string; rule?: ScaleRule }> = [];
  const visit = (node: Json, path: string[]) => {
    if (Array.isArray(node)) return node.forEach((n, i) => visit(n, [...path, String(i)]));
    if (!isObject(node)) return;
    if (isDecimalRef(node.$ref)) {
      const [, , name, ...rest] = path;
      const rel = rest.filter((k) => k !== 'properties' && k !== 'items').map((k) => (k === 'additionalProperties' ? '*' : k));
      const key = path[0] === 'components' && path[1] === 'schemas' ? [name, ...rel].join('.') : path.join('/');
      const rule = node['x-scale'] as ScaleRule | undefined;
      if (Array.isArray(rule)) rule.forEach((r, i) => out.push({ key: `${key}.${i}`, rule: r }));
      else out.push({ key, rule });
      return;
    }
    for (const [k, v] of Object.entries(node)) visit(v, [...path, k]);
  };
  const { openapi, asyncapi } = docs();
  visit(openapi, []);
  // The events' own schemas (the REST ones they reuse are the openapi bundle's).
  const own = obj(obj(asyncapi.components).schemas);
  const rest = obj(obj(openapi.components).schemas);
  for (const [name, s] of Object.entries(own)) if (!(name in rest)) visit(s, ['components', 'schemas', name]);
  return out;
}
