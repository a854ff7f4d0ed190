/**
 * The sequences phase: the contract's own `links` followed as a client follows them. Each chain
 * starts at an operation no other links to, follows links up to 4 operations deep, and runs as a
 * fresh user: the first operation's ok case builds the state and gives its request, and each link
 * fills the next request from the answer before it. A link that alone makes no valid request
 * (the client adds fields, such as a close order's price) is merged into the request of its
 * target's ok case, which builds that case's state for the same user. Every step must conform and
 * answer ok, or the code of the link's `x-expect`. A chain through a link that needs the user in a
 * given role (the seller who releases) starts as sequences-roles.ts says.
 */
import type { JsonObject } from '../../codegen/lib.ts';
import { operationSchemas } from '../../contracts/generated/operation-schemas.ts';
import type { OperationId } from '../../contracts/generated/operations.ts';
import { Setup, SetupFailed, type Case } from './cases/case.ts';
import { ALL_CASES } from './cases/index.ts';
import { outcome } from './checks.ts';
import { contractOperations } from './contract.ts';
import type { Context } from './context.ts';
import type { CallInput, Exchange } from './http.ts';
import { Results } from './results.ts';
import { validator } from './schema.ts';
import { ROLES, type Role } from './sequences-roles.ts';

export interface Link {
  from: OperationId;
  name: string;
  to: OperationId;
  requestBody?: unknown;
  parameters?: Record<string, unknown>;
  /** `ok`, or the link's `x-expect` code. */
  expect: string;
  description?: string;
}

/** Every link of every operation's 200 response, from the contract. */
export const LINKS: Link[] = contractOperations.flatMap(([id, o]) =>
  Object.entries((((o.responses as JsonObject | undefined)?.['200'] as JsonObject | undefined)?.links as Record<string, JsonObject> | undefined) ?? {}).map(
    ([name, l]) => ({
      from: id as OperationId,
      name,
      to: l.operationId as OperationId,
      requestBody: l.requestBody,
      parameters: l.parameters as Record<string, unknown> | undefined,
      expect: (l['x-expect'] as string | undefined) ?? 'ok',
      description: l.description as string | undefined,
    }),
  ),
);

/** A chain: its first operation and the links it follows from there. */
export interface Chain {
  first: OperationId;
  links: Link[];
}

export const linkId = (l: Link) => `${l.from}.${l.name}`;

/**
 * Every path of links from the operations no other operation links to (a link to itself aside),
 * each as long as it goes within `depth` operations, no link taken twice; then from the source of
 * any link no such path took (in a cycle, or deeper), so that every link is followed.
 */
export function chainsOf(links: Link[] = LINKS, depth = 4): Chain[] {
  const out: Chain[] = [];
  const walk = (first: OperationId, path: Link[]) => {
    const at = path.length ? path[path.length - 1].to : first;
    const next = path.length + 1 < depth ? links.filter((l) => l.from === at && !path.includes(l)) : [];
    if (!next.length && path.length) out.push({ first, links: path });
    for (const l of next) walk(first, [...path, l]);
  };
  const linked = new Set(links.filter((l) => l.from !== l.to).map((l) => l.to));
  for (const op of new Set(links.map((l) => l.from))) if (!linked.has(op)) walk(op, []);
  for (const l of links) if (!out.some((c) => c.links.includes(l))) walk(l.from, []);
  return out;
}

const EXPRESSION = /\{\$response\.body#(\/[^}]*)\}/g;

/** The value at a JSON pointer, or undefined. */
function at(doc: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), doc);
}

/** A pointer a link takes that the answer does not have (a list with no item): the chain is a skip. */
class Unresolved extends Error {}

/**
 * A link's value with its runtime expressions replaced from `answer`: a string that is one
 * expression becomes the value as it is, an expression inside other text its string.
 */
export function resolve(value: unknown, answer: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => resolve(v, answer));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, answer)]));
  if (typeof value !== 'string') return value;
  const found = (pointer: string) => {
    const v = at(answer, pointer);
    if (v === undefined) throw new Unresolved(pointer);
    return v;
  };
  const whole = /^\{\$response\.body#(\/[^}]*)\}$/.exec(value);
  if (whole) return found(whole[1]);
  return value.replace(EXPRESSION, (_, pointer: string) => String(found(pointer)));
}

/** The request a link makes from the answer before it (a parameter `query.id` or `id` goes in the query). */
export function requestOf(link: Link, answer: unknown): CallInput {
  const input: CallInput = {};
  if (link.requestBody !== undefined) input.body = resolve(link.requestBody, answer);
  if (link.parameters) {
    const values = resolve(link.parameters, answer) as Record<string, unknown>;
    input.query = Object.fromEntries(Object.entries(values).map(([k, v]) => [k.replace(/^query\./, ''), String(v)]));
  }
  return input;
}

/** Whether the request alone is valid for the operation (else the client, here its ok case, adds fields). */
function complete(op: OperationId, input: CallInput): boolean {
  const { body, query } = operationSchemas[op];
  return (!body || validator(body)(input.body ?? {})) && (!query || validator(query)(input.query ?? {}));
}

const okCase = (op: OperationId): Case | undefined => ALL_CASES.find((c) => c.op === op && c.expect === 'ok');

const merge = (base: CallInput, link: CallInput): CallInput => ({
  ...base,
  ...(link.body !== undefined ? { body: { ...(base.body as object | undefined), ...(link.body as object) } } : {}),
  ...(link.query ? { query: { ...base.query, ...link.query } } : {}),
});

export async function sequencesPhase(ctx: Context, chains: Chain[] = chainsOf()): Promise<void> {
  const recorded = new Set<string>();
  for (const chain of chains) {
    const ops = [chain.first, ...chain.links.map((l) => l.to)];
    if (!ops.some((op) => ctx.selected(op, 'sequences'))) continue;
    await runChain(ctx, chain, recorded);
  }
}

async function runChain(ctx: Context, chain: Chain, recorded: Set<string>): Promise<void> {
  const role: Role | undefined = ROLES.find((r) => chain.links.some((l) => linkId(l) === r.link));
  const group = `sequence ${chain.first}`;
  const as = role ? ` (${role.label})` : '';
  const name = `${chain.first} → ${chain.links.map((l) => l.name).join(' → ')}${as}`;
  const skip = (why: string) => ctx.skip(group, name, why);
  const cases = [chain.first, ...chain.links.map((l) => l.to)].map(okCase);
  if (!ctx.options.control && [role, ...cases].some((c) => c?.needs?.includes('control')))
    return skip('needs the mock control API (time passing, the other side of a P2P order): give --control URL, as --mock does');
  const user = await ctx.freshUser();
  if (!user.token) return skip(`needs a fresh user: ${user.why}`);
  const s = new Setup(ctx, user as Setup['user']);

  /** Sends one step and records it; a step an earlier chain of the group already passed is recorded only if it fails now. */
  const step = async (check: string, op: OperationId, input: CallInput, expect: string, after?: (ex: Exchange) => string | undefined) => {
    const full = { token: user.token, ...input };
    const ex = await ctx.send(op, full);
    const judge = (target: Context) =>
      target.judge(group, check, op, full, ex, (answer) => {
        const got = outcome(answer);
        return got === expect ? after?.(answer) : `expected ${expect}, got HTTP ${answer.status} ${got}`;
      });
    const key = `${group}|${check}`;
    if (recorded.has(key) && (await judge(Object.assign(Object.create(ctx) as Context, { results: new Results() })))) return ex;
    recorded.add(key);
    return (await judge(ctx)) ? ex : undefined;
  };

  try {
    const first = role ? await role.first(s) : await cases[0]?.request(s);
    if (!first) return skip(`${chain.first} has no ok case to start from`);
    let answer = await step(`${chain.first} ← ${role ? role.firstLabel : 'its ok case'}${as}`, chain.first, first, 'ok');
    for (const [i, link] of chain.links.entries()) {
      if (!answer) return;
      const id = linkId(link);
      let fromLink: CallInput;
      try {
        fromLink = requestOf(link, answer.body);
      } catch (e) {
        if (e instanceof Unresolved) return skip(`${id}: the answer of ${link.from} has nothing at ${e.message}`);
        throw e;
      }
      const target = cases[i + 1];
      let input = complete(link.to, fromLink) || !target ? fromLink : merge(await target.request(s), fromLink);
      await role?.before?.[id]?.(s, answer);
      if (role?.adds?.[id]) input = merge(input, { body: role.adds[id] });
      answer = await step(`${link.to} ← ${id}${as}`, link.to, input, link.expect, role?.then?.[id]);
    }
  } catch (e) {
    if (!(e instanceof SetupFailed)) throw e;
    if (e.skip) return skip(e.message);
    ctx.fail(group, name, `the setup failed: ${e.message}`);
  }
}
