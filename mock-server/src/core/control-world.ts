/**
 * The control operations that change the world without moving its clock (faults, market, price,
 * content, P2P steps): one synchronous function, called by the control API (core/control.ts) and
 * by a snapshot's replay (core/snapshot.ts), which records and replays them as inputs.
 */
import type { ControlOperations } from '../../../contracts/generated/control-operations.ts';
import { DomainError } from '../domain/kernel/errors.ts';
import type { World } from '../domain/world.ts';
import { faultsOf } from './faults.ts';

type Body<K extends keyof ControlOperations> = ControlOperations[K] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

/** The control operations a snapshot keeps as inputs (their body validated against the contract first). */
export const WORLD_CONTROLS = [
  'mockFault',
  'mockClearFaults',
  'mockMarket',
  'mockPrice',
  'mockNews',
  'mockMessage',
  'mockSupportReply',
  'mockP2pAct',
  'mockP2pSay',
] as const;
export type WorldControlId = (typeof WORLD_CONTROLS)[number];
export const isWorldControl = (id: string): id is WorldControlId => (WORLD_CONTROLS as readonly string[]).includes(id);

/** The id of the user registered with `account` (an email in any case, or a phone as stored). */
const userOf = (world: World, account: string) => world.accounts.idOf(account.trim().toLowerCase()) ?? world.accounts.idOf(account.trim());

export function applyWorldControl(world: World, id: WorldControlId, body: unknown): { status: number; body: unknown } {
  switch (id) {
    case 'mockFault':
      return { status: 200, body: { faults: faultsOf(world).add(body as Body<'mockFault'>) } };
    case 'mockClearFaults':
      faultsOf(world).clear();
      return { status: 200, body: { faults: [] } };
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
      const order = world.fiat.orders.get(b.id);
      if (!order) return { status: 400, body: { error: `No fiat order has the id ${b.id}`, code: 'not_found' } };
      try {
        world.fiat.act(order, b.action, b.as);
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
        return { status: 400, body: { error: e.message, code: e.code } };
      }
      return { status: 200, body: { id: order.id, status: order.status } };
    }
    case 'mockP2pSay': {
      const b = body as Body<'mockP2pSay'>;
      const order = world.fiat.orders.get(b.id);
      if (!order) return { status: 400, body: { error: `No fiat order has the id ${b.id}`, code: 'not_found' } };
      const { id, from, time } = world.fiat.say(order, b.as, { text: b.text });
      return { status: 200, body: { id, from, text: b.text, time } };
    }
  }
}
