/** The control API (/__mock/...), shared by every adapter. Plain JSON, no envelope. */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { controlSchemas } from '../../../contracts/generated/control-schemas.ts';
import type { ControlOperationId, ControlOperations } from '../../../contracts/generated/control-operations.ts';
import { DomainError } from '../domain/errors.ts';
import type { WorldHost } from '../host.ts';
import { FORBIDDEN_KEYS_MESSAGE, hasForbiddenKey } from './body.ts';

type Body<K extends ControlOperationId> = ControlOperations[K] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

const ajv = new Ajv2020({ strict: false });
const validators = new Map<ControlOperationId, ValidateFunction>();

/** The id of the user registered with `account` (an email in any case, or a phone as stored). */
const userOf = (world: WorldHost['world'], account: string) => world.accounts.idOf(account.trim().toLowerCase()) ?? world.accounts.idOf(account.trim());

export async function control(host: WorldHost, id: ControlOperationId, body: unknown): Promise<{ status: number; body: unknown }> {
  if (hasForbiddenKey(body)) return { status: 400, body: { error: FORBIDDEN_KEYS_MESSAGE } };
  const schema = controlSchemas[id].body;
  if (schema) {
    let validate = validators.get(id);
    if (!validate) validators.set(id, (validate = ajv.compile(schema)));
    if (body !== undefined && !validate(body)) {
      const e = validate.errors?.[0];
      return { status: 400, body: { error: `${e?.instancePath || 'body'} ${e?.message ?? 'is invalid'}` } };
    }
    if (body === undefined && controlSchemas[id].bodyRequired) return { status: 400, body: { error: 'A JSON body is required' } };
  }
  const world = host.world;
  switch (id) {
    case 'mockReset': {
      const b = (body ?? {}) as Body<'mockReset'>;
      return { status: 200, body: host.reset({ seed: b.seed, scenario: b.scenario, freezeClock: b.freezeClock }).state() };
    }
    case 'mockFault':
      return { status: 200, body: { faults: world.faults.add(body as Body<'mockFault'>) } };
    case 'mockClearFaults':
      world.faults.clear();
      return { status: 200, body: { faults: [] } };
    case 'mockClock': {
      const b = (body ?? {}) as Body<'mockClock'>;
      if (b.freeze !== undefined) world.clock.setFrozen(b.freeze);
      if (!b.freeze) world.clock.follow(Date.now());
      // Long jumps (months for the earn products) run in slices and never hold the event loop long.
      if (b.advanceMs) await host.advance(b.advanceMs);
      return { status: 200, body: { now: world.clock.now(), frozen: world.clock.frozen } };
    }
    case 'mockMarket': {
      const b = body as Body<'mockMarket'>;
      if (!world.market.has(b.symbol)) return { status: 400, body: { error: `Unknown symbol ${b.symbol}` } };
      if (b.liquidity === 'none') world.liquidity.halted.add(b.symbol);
      else world.liquidity.halted.delete(b.symbol);
      return { status: 200, body: { halted: [...world.liquidity.halted] } };
    }
    case 'mockPrice': {
      const b = body as Body<'mockPrice'>;
      if (!world.market.has(b.symbol)) return { status: 400, body: { error: `Unknown symbol ${b.symbol}` } };
      const problem = world.market.priceProblem(b.symbol, b.price);
      if (problem) return { status: 400, body: { error: problem } };
      world.setPrice(b.symbol, b.price, b.hold ?? false);
      return { status: 200, body: { symbol: b.symbol, last: world.market.ticker(b.symbol).last, time: world.clock.now() } };
    }
    case 'mockNews': {
      const b = body as Body<'mockNews'>;
      return { status: 200, body: world.news.publish(b.title, b.summary ?? '', b.body) };
    }
    case 'mockMessage': {
      const b = body as Body<'mockMessage'>;
      const userId = userOf(world, b.account);
      if (!userId) return { status: 400, body: { error: `No user has the account ${b.account}` } };
      const { id, time } = world.messages.send(userId, 'announcement', { title: b.title, body: b.body });
      return { status: 200, body: { id, time } };
    }
    case 'mockSupportReply': {
      const b = body as Body<'mockSupportReply'>;
      const userId = b.account === undefined ? undefined : userOf(world, b.account);
      if (b.account !== undefined && !userId) return { status: 400, body: { error: `No user has the account ${b.account}` } };
      const message = world.support.post(userId, b.text);
      if (!message) return { status: 400, body: { error: 'There is no support conversation yet' } };
      return { status: 200, body: { id: message.id, time: message.time } };
    }
    case 'mockP2pAct': {
      const b = body as Body<'mockP2pAct'>;
      const order = world.p2p.orders.get(b.id);
      if (!order) return { status: 400, body: { error: `No fiat order has the id ${b.id}`, code: 'not_found' } };
      try {
        world.p2p.act(order, b.action, b.as);
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
        return { status: 400, body: { error: e.message, code: e.code } };
      }
      return { status: 200, body: { id: order.id, status: order.status } };
    }
    case 'mockP2pSay': {
      const b = body as Body<'mockP2pSay'>;
      const order = world.p2p.orders.get(b.id);
      if (!order) return { status: 400, body: { error: `No fiat order has the id ${b.id}`, code: 'not_found' } };
      const { id, from, time } = world.p2p.say(order, b.as, { text: b.text });
      return { status: 200, body: { id, from, text: b.text, time } };
    }
    case 'mockState':
      return { status: 200, body: world.state() };
  }
}
