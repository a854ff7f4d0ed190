/**
 * Issue 32 (1): ids are unique by construction and not invertible to a chosen key. The takeover it
 * fixes: a 32-bit FNV-1a id let a crafted email land on demo@example.com's id, and registering it
 * replaced the demo's record (the attacker saw the demo's money; the demo's session showed the
 * attacker's email). Here the collision is forced (a keyed hash cannot be aimed at), and the new
 * user must still get an id, an invitation code and a wallet of their own.
 */
import { describe, expect, it, vi } from 'vitest';
import type { OperationId } from '../../../contracts/generated/operations';
import { World } from '../domain/world';
import { DEMO_ACCOUNT } from '../domain/account/seed';
import { ID_HEX, keyedHex, OwnedIds } from '../domain/kernel/random';
import { send } from './test-client';

const ATTACKER = 'attacker@example.com';

// The attacker's first id candidate is the demo's (what a crafted email did to the old hash).
vi.mock('../domain/kernel/random', async (original) => {
  const real = await original<typeof import('../domain/kernel/random')>();
  return {
    ...real,
    keyedHex: (seed: number, key: string, length: number) => real.keyedHex(seed, key === `user:${ATTACKER}:0` ? `user:${DEMO_ACCOUNT.account}:0` : key, length),
  };
});

describe('ids', () => {
  const world = () => new World({ seed: 7, freezeClock: true });
  const req = (w: World, operationId: OperationId, body?: unknown, token?: string) => send(w, operationId, { body, token }).body;

  it('an account whose id candidate is taken gets its own id, and the owner keeps their account and money', () => {
    const w = world();
    const demoId = w.accounts.idOf(DEMO_ACCOUNT.account)!;
    expect(keyedHex(7, `user:${ATTACKER}:0`, ID_HEX)).toBe(demoId.slice(2));
    const demoToken = req(w, 'login', { account: DEMO_ACCOUNT.account, password: DEMO_ACCOUNT.password }).message.token;
    req(w, 'sendCode', { account: ATTACKER, scene: 'register' });
    const registered = req(w, 'register', {
      accountType: 'email',
      account: ATTACKER,
      password: 'Trade2026!',
      confirmPassword: 'Trade2026!',
      code: '123456',
      agree: true,
    });
    expect(registered.type).toBe('ok');
    const attacker = registered.message;
    expect(attacker.user.id).not.toBe(demoId);
    expect(attacker.user.id).toMatch(new RegExp(`^u_[0-9a-f]{${ID_HEX}}$`));
    expect(attacker.user.inviteCode).not.toBe(DEMO_ACCOUNT.inviteCode);
    // The attacker's wallet is empty; the demo's session still is the demo, with its 10,000 USDT.
    const funds = (token: string) => req(w, 'getWallet', undefined, token).message.accounts.find((a: { kind: string }) => a.kind === 'funds');
    expect(funds(attacker.token).usdtTotal).toBe('0.00');
    expect(req(w, 'getCurrentUser', undefined, demoToken).message).toMatchObject({ id: demoId, account: DEMO_ACCOUNT.account });
    expect(funds(demoToken).balances.find((b: { coin: string }) => b.coin === 'USDT').available).toBe('10000.000000');
    expect(w.accounts.count).toBe(world().accounts.count + 1);
  });

  it('the same seed makes the same ids, another seed others', () => {
    const id = (seed: number) => new World({ seed, freezeClock: true }).accounts.idOf(DEMO_ACCOUNT.account);
    expect(id(7)).toBe(id(7));
    expect(id(8)).not.toBe(id(7));
  });

  it('an owned id is never issued twice, even when the hash collides', () => {
    // One hex digit: 16 possible ids, so 16 draws from a hash collide almost surely (1 - 16!/16^16).
    const ids = new OwnedIds(7, 1);
    const issued = Array.from({ length: 16 }, (_, i) => ids.next('od', `user${i % 3}`));
    expect(new Set(issued).size).toBe(16);
  });
});
