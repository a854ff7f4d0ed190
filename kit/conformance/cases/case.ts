/**
 * A case: a state built over the API as a fresh user, then one request whose outcome the contract
 * fixes (`ok`, or one error code). Cases reach the codes that a request alone cannot (a balance
 * too small, an order already closed, a code sent too long ago); each runs as a new account
 * registered for the run, so a case changes nobody's state and a run can follow another.
 */
import Big from 'big.js';
import type { OperationId, OpResult } from '../../../contracts/generated/operations.ts';
import { outcome } from '../checks.ts';
import { isOk, messageOf, type Context, type User } from '../context.ts';
import type { CallInput, Exchange } from '../http.ts';

/** What a case needs beyond a fresh user: the mock's control API (time passing, a fault injected). */
export type Need = 'control';

export interface Case {
  op: OperationId;
  /** The outcome the request must get: `ok` or an error code of the operation. */
  expect: string;
  /** The state and the request, in words: the report's check name. */
  what: string;
  needs?: Need[];
  /**
   * Builds the state as `s.user` and answers the request to check (sent with the user's token
   * unless it says `token: undefined`).
   */
  request(s: Setup): Promise<CallInput>;
  /** Beyond the outcome: what must hold after it (a complaint, or undefined). */
  then?(s: Setup, ex: Exchange): Promise<string | undefined>;
  /**
   * Puts back what the case changed for others (a market halted, the client's attempt windows
   * spent), whatever the outcome: run after the case, passed, failed or its setup refused.
   */
  cleanup?(s: Setup): Promise<unknown>;
}

/** A setup step that did not do what the contract says it does: the case cannot run. */
export class SetupFailed extends Error {
  constructor(
    message: string,
    /** A skip (the server lacks what the case needs, such as a sandbox deposit) rather than a failure. */
    readonly skip = false,
  ) {
    super(message);
  }
}

/** The block time of the mock's chains is 3 s; a deposit waits for its chain's confirmations. */
const CREDIT_WAIT_MS = 60_000;

/** A case's setup: the fresh user, steps that must answer ok, time and funds. */
export class Setup {
  constructor(
    readonly ctx: Context,
    readonly user: Required<Pick<User, 'account' | 'password' | 'token'>>,
  ) {}

  /** Sends as the user (or as given in `input`). */
  send(op: OperationId, input: CallInput = {}): Promise<Exchange> {
    return this.ctx.send(op, { token: this.user.token, ...input });
  }

  /** A step that must answer ok: its message. */
  async ok<K extends OperationId>(op: K, body?: unknown, query?: Record<string, string>, token = this.user.token): Promise<OpResult<K>> {
    const ex = await this.ctx.send(op, { body, query, token });
    if (!isOk(ex)) throw new SetupFailed(`setup step ${op} ${JSON.stringify(body ?? query ?? {}).slice(0, 200)} answered ${ex.error ?? outcome(ex)}`);
    return messageOf<OpResult<K>>(ex);
  }

  /** Asks the server to send a code for `scene`, then gets it from `--code` / `--code-command`. */
  async code(scene: string, account = this.user.account): Promise<string> {
    await this.ok('sendCode', { account, scene }, undefined, scene === 'security' ? this.user.token : undefined);
    const code = await this.ctx.options.code?.(account, scene);
    if (!code) throw new SetupFailed(`no verification code for ${account} (${scene})`, true);
    return code;
  }

  /** Moves the mock's virtual clock on (control API). */
  async advance(ms: number): Promise<void> {
    const why = await this.ctx.control('clock', { advanceMs: ms });
    if (why) throw new SetupFailed(why, true);
  }

  /** Any other control call (`p2p/act`, `support/reply`, `price`…, see contracts/mock-control.yaml). */
  async mock(path: string, body: unknown): Promise<void> {
    const why = await this.ctx.control(path, body);
    if (why) throw new SetupFailed(why, true);
  }

  /** The next call of `op` answers an injected fault (control API). */
  async fault(op: OperationId, kind: 'http500' | 'http401' | '999' | '998' | '997' | 'error'): Promise<void> {
    const why = await this.ctx.control('faults', { operationId: op, kind, times: 1 });
    if (why) throw new SetupFailed(why, true);
  }

  /** Another fresh user, for cases between two users (a P2P order, another's order). */
  async other(): Promise<Setup> {
    const u = await this.ctx.freshUser();
    if (!u.token) throw new SetupFailed(u.why!, true);
    return new Setup(this.ctx, u as Setup['user']);
  }

  /**
   * Funds the user: a sandbox deposit of `amount` USDT (TRC20) to the funds account, waited for
   * until credited (the clock moved on with the control API when there is one), then moved to
   * the `to` account.
   */
  async fund(amount: string, to: 'funds' | 'exchange' | 'lever' | 'second' | 'fiat' = 'funds', coin = 'USDT', chain = 'TRC20'): Promise<void> {
    const available = async () => {
      const wallet = await this.ok('getWallet');
      return new Big(wallet.accounts.find((a) => a.kind === 'funds')?.balances.find((b) => b.coin === coin)?.available ?? '0');
    };
    const target = (await available()).plus(amount);
    const deposit = await this.send('sandboxDeposit', { body: { coin, chain, amount } });
    if (!isOk(deposit)) throw new SetupFailed(`funding needs a sandbox deposit: sandboxDeposit answered ${deposit.error ?? outcome(deposit)}`, true);
    const credited = async () => (await available()).gte(target);
    const deadline = Date.now() + CREDIT_WAIT_MS;
    while (!(await credited())) {
      if (Date.now() > deadline) throw new SetupFailed(`a sandbox deposit of ${amount} ${coin} was not credited within ${CREDIT_WAIT_MS / 1000} s`);
      if (this.ctx.options.control) await this.advance(60_000);
      else await new Promise((r) => setTimeout(r, 2_000));
    }
    if (to !== 'funds') await this.ok('transfer', { coin, from: 'funds', to, amount });
  }
}
