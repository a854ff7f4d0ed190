/**
 * The one client the dispatch-level unit tests (core/*.test.ts) call the API with: it calls
 * dispatch as an adapter would and checks every answer against the contract before a test sees it
 * (HTTP 200: the operation's 200 response schema; any other status: the ErrorEnvelope). A body that
 * breaks the contract throws with the schema errors. Test-only: imported by *.test.ts files, not by
 * the server; not a .test.ts file itself, so Vitest does not collect it.
 */
import { expect } from 'vitest';
import { operationTable, type OperationId } from '../../../contracts/generated/operations';
import type { World } from '../domain/world';
import { dispatch, type ApiRequest } from './dispatch';
import { checkAnswer } from './contract-check';

export { checkAnswer };

/** An envelope as the tests read it (loosely typed on purpose: tests probe every shape). */
export interface Envelope {
  type: string;
  message: any;
  code?: string;
  params?: Record<string, string | number>;
}

/** What dispatch answered, after the contract check. */
export interface Answer {
  status: number;
  body: Envelope;
  delayMs: number;
}

/** The request without its operation id; `path` defaults to the operation's path, `query` to {}. */
export type SendInput = Partial<Omit<ApiRequest, 'operationId'>>;

/** Calls dispatch for `operationId` and returns its contract-checked answer. */
export function send(world: World, operationId: OperationId, input: SendInput = {}): Answer {
  const res = dispatch(world, {
    operationId,
    path: operationTable[operationId].path,
    token: undefined,
    query: {},
    body: undefined,
    ...input,
  });
  checkAnswer(operationId, res.status, res.body, res.injected);
  return res as Answer;
}

/** `send`, flattened to the envelope with the HTTP status beside it: `{ status, type, message, code? }`. */
export function sendFlat(world: World, operationId: OperationId, input: SendInput = {}): Envelope & { status: number } {
  const res = send(world, operationId, input);
  return { status: res.status, ...res.body };
}

/**
 * A flows test's calls as one session, on whichever world and token are current (tests build them
 * anew in `beforeEach`): `call` answers the envelope, `ok` expects `type: ok` and answers its
 * message, `funds(coin)` the session's balance of a coin in its funds account.
 */
export function asSession(world: () => World, token: () => string | undefined) {
  const call = (operationId: OperationId, body?: unknown, query: Record<string, string> = {}) =>
    send(world(), operationId, { body, query, token: token() }).body;
  const ok = (operationId: OperationId, body?: unknown, query: Record<string, string> = {}) => {
    const res = call(operationId, body, query);
    expect(res.type, JSON.stringify(res)).toBe('ok');
    return res.message;
  };
  const funds = (coin: string) =>
    ok('getWallet')
      .accounts.find((a: { kind: string }) => a.kind === 'funds')
      .balances.find((b: { coin: string }) => b.coin === coin);
  return { call, ok, funds };
}
