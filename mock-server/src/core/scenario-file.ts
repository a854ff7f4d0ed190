/**
 * File scenarios (contracts/mock-control.yaml's ScenarioFile): what a scenario file applies on a
 * built-in world, through the domain's own methods. The file arrives parsed and validated against
 * the contract (core/scenario-files.ts reads it); whatever the domain still refuses (a transaction
 * password that is too simple, an order over the balance) throws a ScenarioProblem naming the
 * JSON pointer of the entry. No Node APIs.
 */
import Big from 'big.js';
import type { components } from '../../../contracts/generated/mock-control.ts';
import { MOCK_CODE } from '../domain/account/codes.ts';
import { REJECTED } from '../domain/identity/identity.ts';
import { DomainError } from '../domain/kernel/errors.ts';
import { SYSTEM, type AccountKind } from '../domain/kernel/ledger.ts';
import { World, type WorldOptions } from '../domain/world.ts';
import { faultsOf } from './faults.ts';

export type ScenarioFile = components['schemas']['ScenarioFile'];

/** A world built as `options` say, with its scenario file (if any) applied whole. */
export function buildWorld(options: WorldOptions): World {
  const world = new World(options);
  if (options.scenarioFile) for (const _ of applyScenarioFile(world, options.scenarioFile));
  return world;
}
export type ScenarioAccount = components['schemas']['ScenarioAccount'];

/** Why a scenario file cannot be applied: `pointer` is the JSON pointer of the entry in the file. */
export class ScenarioProblem extends Error {
  constructor(
    readonly pointer: string,
    message: string,
  ) {
    super(`${pointer}: ${message}`);
  }
}

/** Runs one step, turning the domain's refusal into a ScenarioProblem at `pointer`. */
function at<T>(pointer: string, step: () => T): T {
  try {
    return step();
  } catch (e) {
    if (e instanceof DomainError || e instanceof Error) throw e instanceof ScenarioProblem ? e : new ScenarioProblem(pointer, e.message);
    throw e;
  }
}

/**
 * Applies a file scenario on `world` (just built on the file's base), in the order its schema
 * states, yielding after each entry and each slice of the clock's advance (so that a restore can
 * let other work run in between; buildWorld runs it through).
 */
export function* applyScenarioFile(world: World, file: ScenarioFile): Generator<void> {
  for (const [i, account] of (file.accounts ?? []).entries()) yield* applyAccount(world, account, `/accounts/${i}`);
  for (const [i, m] of (file.markets ?? []).entries()) {
    at(`/markets/${i}`, () => {
      if (!world.market.has(m.symbol)) throw new Error(`Unknown symbol ${m.symbol}`);
      if (m.liquidity === 'none') world.liquidity.halted.add(m.symbol);
      else world.liquidity.halted.delete(m.symbol);
    });
    yield;
  }
  for (const [i, p] of (file.prices ?? []).entries()) {
    at(`/prices/${i}`, () => {
      if (!world.market.has(p.symbol)) throw new Error(`Unknown symbol ${p.symbol}`);
      const problem = world.market.priceProblem(p.symbol, p.price);
      if (problem) throw new Error(problem);
      world.setPrice(p.symbol, p.price, p.hold ?? false);
    });
    yield;
  }
  for (const fault of file.faults ?? []) faultsOf(world).add(fault);
  const advance = file.clock?.advanceMs ?? 0;
  if (advance > 0) yield* world.advanceInSlices(advance);
}

function* applyAccount(world: World, spec: ScenarioAccount, pointer: string): Generator<void> {
  const account = spec.account.toLowerCase();
  if (world.accounts.idOf(account)) throw new ScenarioProblem(`${pointer}/account`, `${account} is already registered`);
  if (spec.inviteCode && world.accounts.inviteCodeTaken(spec.inviteCode)) {
    throw new ScenarioProblem(`${pointer}/inviteCode`, `the invitation code ${spec.inviteCode} is taken`);
  }
  const user = world.accounts.create(account, account.includes('@') ? 'email' : 'phone', spec.password, spec.inviteCode);
  // The scenario acts as the user would, through a session of its own that ends when it is done.
  const { token } = at(`${pointer}/password`, () => world.accounts.login({ account, password: spec.password }));
  try {
    yield;
    if (spec.transactionPassword) {
      const password = spec.transactionPassword;
      at(`${pointer}/transactionPassword`, () => world.accounts.setTransactionPassword(user.id, { password, confirmPassword: password }));
    }
    const identity = spec.identity ?? 'none';
    if (identity !== 'none') {
      user.realName = spec.realName ?? 'Test User';
      user.idNumber = identity === 'rejected' ? 'ID0000000' : `ID${user.id.slice(2, 9).toUpperCase()}`;
      user.verification = identity;
      if (identity === 'rejected') Object.assign(user, { verificationReason: REJECTED.photos_unclear, verificationReasonCode: 'photos_unclear' });
      if (identity === 'verified') world.messages.send(user.id, 'identity_verified');
      if (identity === 'rejected') world.messages.send(user.id, 'identity_rejected');
    }
    const advanced = spec.advancedIdentity ?? 'none';
    if (advanced !== 'none') {
      if (identity !== 'verified') throw new ScenarioProblem(`${pointer}/advancedIdentity`, 'needs identity: verified');
      user.advancedVerification = advanced;
      if (advanced === 'rejected') Object.assign(user, { advancedVerificationReason: REJECTED.not_hand_held, advancedVerificationReasonCode: 'not_hand_held' });
    }
    for (const [kind, coins] of Object.entries(spec.balances ?? {})) {
      for (const [coin, amount] of Object.entries(coins)) {
        at(`${pointer}/balances/${kind}/${coin}`, () => {
          if (kind === 'funds') return world.wallet.seedBalance(user.id, coin, amount);
          world.ledger.post(`scenario:${user.id}:${kind}:${coin}`, 'deposit', [
            { owner: SYSTEM.external, kind: kind as AccountKind, coin, available: new Big(amount).neg() },
            { owner: user.id, kind: kind as AccountKind, coin, available: new Big(amount) },
          ]);
        });
      }
    }
    yield;
    for (const [i, d] of (spec.deposits ?? []).entries()) {
      at(`${pointer}/deposits/${i}`, () => world.wallet.incomingDeposit(user.id, d.coin, d.chain, d.amount));
      yield;
    }
    for (const [i, w] of (spec.withdrawals ?? []).entries()) {
      at(`${pointer}/withdrawals/${i}`, () => {
        if (!spec.transactionPassword) throw new Error('a withdrawal needs the account’s transactionPassword');
        let entry = world.withdrawals.listAddresses(user.id).find((a) => a.coin === w.coin && a.chain === w.chain && a.address === w.address);
        if (!entry) {
          world.accounts.sendCode({ account, scene: 'security' }, token);
          entry = world.withdrawals.addAddress(user.id, { coin: w.coin, chain: w.chain, address: w.address, code: MOCK_CODE });
        }
        world.withdrawals.withdraw(user.id, {
          coin: w.coin,
          chain: w.chain,
          amount: w.amount,
          addressId: entry.id,
          transactionPassword: spec.transactionPassword,
        });
      });
      yield;
    }
    for (const [i, o] of (spec.spotOrders ?? []).entries()) {
      at(`${pointer}/spotOrders/${i}`, () => world.trade.place(user.id, o));
      yield;
    }
  } finally {
    world.accounts.logout(token);
  }
}
