/** What every phase of a run shares: the target, the selection, the results, sessions and one checked call. */
import { randomUUID } from 'node:crypto';
import { operationSchemas } from '../../contracts/generated/operation-schemas.ts';
import { operationTable, type OperationId } from '../../contracts/generated/operations.ts';
import { outcome, problemsOf, snippet } from './checks.ts';
import { contractOperations } from './contract.ts';
import { call, curlOf, describeCall, type CallInput, type Exchange, type Target } from './http.ts';
import { Results, type Result } from './results.ts';
import { orderProblems } from './order.ts';
import { scaleProblemsOf } from './scale.ts';

export interface Credentials {
  account: string;
  password: string;
}

/** A verification code for `account` in `scene`, after the runner asked the server to send one (`--code`, `--code-command`). */
export type CodeSource = (account: string, scene: string) => Promise<string | undefined>;

export interface RunOptions extends Target {
  /** The Socket.IO server (default: the API base's origin). */
  socketUrl?: string;
  /** The account the run logs in with (its state is left as found). */
  account: Credentials;
  /** A session token to use instead of logging in as `account` (a server with single sign-on or a second factor). */
  token?: string;
  /** A second account, for the checks that one user cannot see or change another's things. */
  second?: Credentials;
  /** Where verification codes come from, to register fresh users; without it, checks that need one are skipped. */
  code?: CodeSource;
  /** The mock's control API (`…/__mock`), for checks that need time to pass or a fault injected. */
  control?: string;
  /** Only these operationIds or tags (`realtime`, `flows`, `examples`, `cases`, `generated`, `invalid` name those phases). */
  only?: string[];
  /** Not these operationIds or tags. */
  skip?: string[];
  /** How long the realtime phase listens to each socket's events. */
  listenMs: number;
  /** The seed of the generated requests (default 42: a run repeats the one before). */
  seed?: number;
  onResult?: (r: Result) => void;
}

/** Each operation's tags, from the contract. */
export const tagsOf: Record<string, string[]> = Object.fromEntries(contractOperations.map(([id, o]) => [id, (o.tags as string[] | undefined) ?? []]));

/** Whether the operation takes an `Idempotency-Key` header (every change does). */
export const takesIdempotencyKey = (id: OperationId) =>
  Boolean((operationSchemas[id].headers as { properties?: Record<string, unknown> } | null)?.properties?.['idempotency-key']);

export const isOk = (ex: Exchange) => (ex.body as { type?: string } | undefined)?.type === 'ok';
export const messageOf = <T = unknown>(ex: Exchange) => (ex.body as { message: T }).message;

/** A user of the run: its credentials and session, or why there is none. */
export interface User extends Partial<Credentials> {
  token?: string;
  why?: string;
}

export class Context {
  readonly results: Results;
  constructor(readonly options: RunOptions) {
    this.results = new Results(options.onResult);
  }

  /** Whether `name` (an operationId, a tag, or a phase) is selected by --only and --skip. */
  selected(name: string, phase?: string): boolean {
    const labels = [name, ...(tagsOf[name] ?? []), ...(phase ? [phase] : [])];
    const { only, skip } = this.options;
    if (skip?.some((s) => labels.includes(s))) return false;
    return !only?.length || only.some((o) => labels.includes(o));
  }

  send(id: OperationId, input: CallInput = {}): Promise<Exchange> {
    const withKey = input.idempotencyKey === undefined && takesIdempotencyKey(id) ? { ...input, idempotencyKey: true } : input;
    return call(this.options, id, withKey);
  }

  /**
   * Sends, then records one result: a fail when the answer breaks the contract, or when `expect`
   * (given the answer) returns a complaint; else a pass whose detail is the outcome. Every result
   * names the operation and the outcome it saw, for the coverage report.
   */
  async check(
    group: string,
    check: string,
    id: OperationId,
    input: CallInput,
    expect?: (ex: Exchange) => string | undefined,
    detail?: (ex: Exchange) => string,
  ): Promise<{ ex: Exchange; passed: boolean }> {
    const ex = await this.send(id, input);
    return { ex, passed: await this.judge(group, check, id, input, ex, expect, detail) };
  }

  /** Records the result of an answer already received (see `check`). */
  async judge(
    group: string,
    check: string,
    id: OperationId,
    input: CallInput,
    ex: Exchange,
    expect?: (ex: Exchange) => string | undefined,
    detail: (ex: Exchange) => string = (x) => `HTTP ${x.status} ${outcome(x)}`,
  ): Promise<boolean> {
    const request = `${describeCall(id, input)}${input.raw ? ` (${input.raw.contentType})` : input.body !== undefined ? ` ${JSON.stringify(input.body).slice(0, 300)}` : ''}`;
    const problems = [...problemsOf(id, ex), ...orderProblems(id, ex), ...(await scaleProblemsOf(this, id, input, ex))];
    const complaint = problems.length ? `the answer breaks the contract (HTTP ${ex.status})` : expect?.(ex);
    const seen = ex.error ? {} : { op: id, httpStatus: ex.status, outcome: outcome(ex) };
    this.results.add(
      complaint
        ? {
            group,
            check,
            status: 'fail',
            detail: complaint,
            request,
            curl: curlOf(this.options, id, input),
            problems: problems.length ? problems : undefined,
            answer: snippet(ex),
            ms: ex.ms,
            ...seen,
          }
        : { group, check, status: 'pass', detail: detail(ex), request, ms: ex.ms, ...seen },
    );
    return !complaint;
  }

  /** A check not made, and why; `aim` names the operation and outcome it would have reached, for the coverage's reasons. */
  skip(group: string, check: string, why: string, aim?: { op: string; outcome: string }) {
    this.results.add({ group, check, status: 'skip', detail: why, ...aim });
  }

  fail(group: string, check: string, why: string) {
    this.results.add({ group, check, status: 'fail', detail: why });
  }

  private main?: Promise<User>;

  /**
   * The run's own session: `--token`, else a login as `--account`. A login that fails is a
   * failure of the run, reported once (every check that needed the session says it was skipped
   * for that reason): a server must not be judged logged out without saying so.
   */
  session(): Promise<User> {
    return (this.main ??= (async () => {
      const { account, token } = this.options;
      if (token) return { ...account, token };
      const ex = await this.send('login', { body: account });
      if (isOk(ex)) return { ...account, token: messageOf<{ token: string }>(ex).token };
      const why = `logging in as ${account.account} failed: ${ex.error ?? `HTTP ${ex.status} ${outcome(ex)}`}`;
      this.fail('session', `log in as ${account.account}`, `${why}; the checks that need a session were skipped (give --account/--password or --token)`);
      return { why };
    })());
  }

  /** A login that answers the token or undefined (the run's own session goes through `session()`). */
  async login(creds: Credentials): Promise<string | undefined> {
    if (creds === this.options.account) return (await this.session()).token;
    const ex = await this.send('login', { body: creds });
    return isOk(ex) ? messageOf<{ token: string }>(ex).token : undefined;
  }

  private second?: Promise<User>;

  /** A second user's session: --account2, or a fresh registration (once per run). */
  secondUser(): Promise<User> {
    return (this.second ??= (async () => {
      const given = this.options.second;
      if (!given) return this.freshUser();
      const token = await this.login(given);
      return token ? { ...given, token } : { why: `logging in as --account2 ${given.account} failed` };
    })());
  }

  /**
   * A new account registered for this run, so that what a check changes changes nobody's state:
   * its verification code comes from `--code` or `--code-command`. Without one, the reason.
   */
  async freshUser(): Promise<User> {
    const source = this.options.code;
    if (!source) return { why: 'registering a fresh user needs a verification code: give --code C (a sandbox) or --code-command CMD' };
    const account = `conformance-${randomUUID().slice(0, 12)}@example.com`;
    const password = `Cf${randomUUID().slice(0, 8)}!`;
    const sent = await this.send('sendCode', { body: { account, scene: 'register' } });
    if (!isOk(sent)) return { why: `sendCode for ${account} answered ${sent.error ?? outcome(sent)}` };
    const code = await source(account, 'register');
    if (!code) return { why: `no verification code for ${account}` };
    const ex = await this.send('register', { body: { accountType: 'email', account, password, confirmPassword: password, code, agree: true } });
    return isOk(ex)
      ? { account, password, token: messageOf<{ token: string }>(ex).token }
      : { why: `registering ${account} with code ${code} answered ${ex.error ?? outcome(ex)}` };
  }

  /** POSTs to the mock's control API (`clock`, `faults`, `p2p/act`…, see contracts/mock-control.yaml): undefined, or why it failed. */
  async control(path: string, body: unknown): Promise<string | undefined> {
    const base = this.options.control;
    if (!base) return 'the server has no control API (give --control URL, as --mock does)';
    const ex = await fetch(`${base.replace(/\/$/, '')}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...this.options.headers },
      body: JSON.stringify(body),
    }).catch((e: Error) => e);
    if (ex instanceof Error) return `the control API did not answer: ${ex.message}`;
    return ex.ok ? undefined : `the control API answered HTTP ${ex.status}: ${(await ex.text()).slice(0, 200)}`;
  }
}

export const operationIds = Object.keys(operationTable) as OperationId[];
