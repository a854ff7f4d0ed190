/** Earn: lock-up mining, mining machines and coin savings. */
import type { Handlers } from '../operations.ts';

export const earn = {
  listLockProducts: ({ world }) => world.earn.lockProducts(),
  lockFunds: ({ world, body, userId }) => world.earn.lockFunds(userId, body),
  redeemLock: ({ world, body, userId }) => world.earn.redeem(userId, body.id),
  listMiningMachines: ({ world }) => world.earn.machineList(),
  buyMachine: ({ world, body, userId }) => world.earn.buyMachine(userId, body),
  listSavingsProducts: ({ world }) => world.earn.savingsProducts(),
  depositSavings: ({ world, body, userId }) => world.earn.deposit(userId, body),
  listEarnPositions: ({ world, query, userId }) => world.earn.positions(userId, query ?? {}),
} satisfies Partial<Handlers>;
