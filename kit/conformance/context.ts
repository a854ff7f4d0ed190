/** What every phase of a run shares: the target, the selection, the results and one checked call. */
import { randomUUID } from 'node:crypto';
import { loadYaml, type JsonObject } from '../../codegen/lib.ts';
import { OPENAPI } from '../../codegen/generators/paths.ts';
import { operationSchemas } from '../../contracts/generated/operation-schemas.ts';
import { operationTable, type OperationId } from '../../contracts/generated/operations.ts';
import { outcome, problemsOf, snippet } from './checks.ts';
import { call, curlOf, describeCall, type CallInput, type Exchange } from './http.ts';
import { Results, type Result } from './results.ts';
import { scaleProblemsOf } from './scale.ts';

export interface Credentials {
  account: string;
  password: string;
}

export interface RunOptions {
  /** The API base, as the app's `apiBase`: `https://staging.example.com/api`. */
  apiBase: string;
  /** The Socket.IO server (default: the API base's origin). */
  socketUrl?: string;
  account: Credentials;
  /** A second account, for the checks that one user cannot see or change another's things. */
  second?: Credentials;
  /** Only these operationIds or tags (`realtime` and `flows` name those phases). */
  only?: string[];
  /** Not these operationIds or tags. */
  skip?: string[];
  /** The verification code a sandbox server accepts, to register a second user when none is given. */
  sandboxCode?: string;
  /** How long the realtime phase listens to each socket's events. */
  listenMs: number;
  timeoutMs?: number;
  onResult?: (r: Result) => void;
}

/** Each operation's tags, from the contract. */
export const tagsOf: Record<string, string[]> = (() => {
  const out: Record<string, string[]> = {};
  for (const item of Object.values(loadYaml(OPENAPI).paths as JsonObject)) {
    for (const o of Object.values(item as JsonObject) as JsonObject[]) {
      if (typeof o?.operationId === 'string') out[o.operationId] = (o.tags as string[] | undefined) ?? [];
    }
  }
  return out;
})();

/** Whether the operation takes an `Idempotency-Key` header (every change does). */
export const takesIdempotencyKey = (id: OperationId) =>
  Boolean((operationSchemas[id].headers as { properties?: Record<string, unknown> } | null)?.properties?.['idempotency-key']);

export const isOk = (ex: Exchange) => (ex.body as { type?: string } | undefined)?.type === 'ok';
export const messageOf = <T = unknown>(ex: Exchange) => (ex.body as { message: T }).message;

export class Context {
  readonly results: Results;
  constructor(readonly options: RunOptions) {
    this.results = new Results(options.onResult);
  }

  /** Whether `name` (an operationId, `realtime`, `flows`) is selected by --only and --skip. */
  selected(name: string): boolean {
    const labels = [name, ...(tagsOf[name] ?? [])];
    const { only, skip } = this.options;
    if (skip?.some((s) => labels.includes(s))) return false;
    return !only?.length || only.some((o) => labels.includes(o));
  }

  send(id: OperationId, input: CallInput = {}): Promise<Exchange> {
    const withKey = input.idempotencyKey === undefined && takesIdempotencyKey(id) ? { ...input, idempotencyKey: true } : input;
    return call(this.options.apiBase, id, withKey, this.options.timeoutMs);
  }

  /**
   * Sends, then records one result: a fail when the answer breaks the contract, or when `expect`
   * (given the answer) returns a complaint; else a pass whose detail is the outcome.
   */
  async check(
    group: string,
    check: string,
    id: OperationId,
    input: CallInput,
    expect?: (ex: Exchange) => string | undefined,
    detail: (ex: Exchange) => string = (ex) => `HTTP ${ex.status} ${outcome(ex)}`,
  ): Promise<{ ex: Exchange; passed: boolean }> {
    const ex = await this.send(id, input);
    const request = `${describeCall(id, input)}${input.raw ? ` (${input.raw.contentType})` : input.body !== undefined ? ` ${JSON.stringify(input.body).slice(0, 300)}` : ''}`;
    const problems = [...problemsOf(id, ex), ...(await scaleProblemsOf(this, id, input, ex))];
    const complaint = problems.length ? `the answer breaks the contract (HTTP ${ex.status})` : expect?.(ex);
    const result: Result = complaint
      ? {
          group,
          check,
          status: 'fail',
          detail: complaint,
          request,
          curl: curlOf(this.options.apiBase, id, input),
          problems: problems.length ? problems : undefined,
          answer: snippet(ex),
          ms: ex.ms,
        }
      : { group, check, status: 'pass', detail: detail(ex), request, ms: ex.ms };
    this.results.add(result);
    return { ex, passed: !complaint };
  }

  skip(group: string, check: string, why: string) {
    this.results.add({ group, check, status: 'skip', detail: why });
  }

  private second?: Promise<{ token?: string; why?: string }>;

  /** A second user's session: --account2, or a fresh registration on a sandbox server (once per run). */
  secondUser(): Promise<{ token?: string; why?: string }> {
    return (this.second ??= this.registerSecond());
  }

  private async registerSecond(): Promise<{ token?: string; why?: string }> {
    const given = this.options.second;
    if (given) {
      const token = await this.login(given);
      return token ? { token } : { why: `logging in as --account2 ${given.account} failed` };
    }
    const code = this.options.sandboxCode ?? '123456';
    const account = `conformance-${randomUUID().slice(0, 8)}@example.com`;
    const password = `Cf${randomUUID().slice(0, 8)}!`;
    await this.send('sendCode', { body: { account, scene: 'register' } });
    const ex = await this.send('register', { body: { accountType: 'email', account, password, confirmPassword: password, code, agree: true } });
    return isOk(ex)
      ? { token: messageOf<{ token: string }>(ex).token }
      : { why: `no --account2, and registering ${account} with code ${code} answered ${outcome(ex)}` };
  }

  async login(creds: Credentials): Promise<string | undefined> {
    const ex = await this.send('login', { body: { account: creds.account, password: creds.password } });
    return isOk(ex) ? messageOf<{ token: string }>(ex).token : undefined;
  }
}

export const operationIds = Object.keys(operationTable) as OperationId[];
