/** The world of the lever flows tests (domain/lever/flows*.test.ts): the demo logged in with 1,000 USDT on its lever account, BTC at 60,000 and ETH at 3,000 (seed 4, clock frozen). */
import { beforeEach, expect } from 'vitest';
import type { OperationId } from '../../../contracts/generated/operations';
import { control } from './control';
import { send } from './test-client';
import { WorldHost } from '../host';
import type { World } from '../domain/world';

export let host: WorldHost;
export let world: World;
export let token: string | undefined;
export let userId: string;

export const call = (operationId: OperationId, body?: unknown, query: Record<string, string> = {}, as = token) =>
  send(world, operationId, { body, query, token: as }).body;
export const ok = (operationId: OperationId, body?: unknown, query: Record<string, string> = {}) => {
  const res = call(operationId, body, query);
  expect(res.type, JSON.stringify(res)).toBe('ok');
  return res.message;
};
export const account = () => ok('getLeverAccount');
export const lever = () => world.ledger.balance(userId, 'lever', 'USDT');
export const system = (owner: string) => world.ledger.balance(owner, 'lever', 'USDT').available.toFixed();
/** Sets a price as the control API does (and lets everything react). */
export const price = async (symbol: string, value: string) => {
  const res = await control(host, 'mockPrice', { symbol, price: value });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { symbol: string; last: string; time: number };
};
export const advance = (ms: number) => {
  for (const _ of world.advanceInSlices(ms));
};
export const BTC = { symbol: 'BTC/USDT', side: 'long', type: 'market' } as const;
export const ETH = { symbol: 'ETH/USDT', side: 'short', type: 'market' } as const;

/** Each test starts on a fresh world (call once at the top of a test file). */
export function useLeverWorld(): void {
  beforeEach(async () => {
    host = new WorldHost({ seed: 4, freezeClock: true });
    world = host.world;
    token = undefined;
    token = call('login', { account: 'demo@example.com', password: 'Demo1234' }).message.token;
    userId = world.accounts.record(token).id;
    ok('transfer', { coin: 'USDT', from: 'funds', to: 'lever', amount: '1000' });
    await price('BTC/USDT', '60000.00');
    await price('ETH/USDT', '3000.00');
  });
}
