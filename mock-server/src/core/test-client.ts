/**
 * The one client the dispatch-level unit tests (core/*.test.ts) call the API with: it calls
 * dispatch as an adapter would and checks every answer against the contract before a test sees it
 * (HTTP 200: the operation's 200 response schema; any other status: the ErrorEnvelope). A body that
 * breaks the contract throws with the schema errors. Test-only: imported by *.test.ts files, not by
 * the server; not a .test.ts file itself, so Vitest does not collect it.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { operationSchemas } from '../../../contracts/generated/operation-schemas';
import { operationTable, type OperationId } from '../../../contracts/generated/operations';
import type { World } from '../domain/world';
import { dispatch, type ApiRequest } from './dispatch';

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

const ajv = new Ajv2020({ strict: false, allErrors: true });
const validators = new Map<OperationId, ValidateFunction>();

function responseValidator(id: OperationId): ValidateFunction {
  let validate = validators.get(id);
  if (!validate) {
    validate = ajv.compile(operationSchemas[id].response!);
    validators.set(id, validate);
  }
  return validate;
}

/** The contract's ErrorEnvelope: the non-ok branch that every operation's 200 response shares. */
const errorEnvelope: ValidateFunction = (() => {
  const branches = (operationSchemas.getSettings.response as { oneOf?: Array<{ properties?: { type?: { enum?: unknown } } }> }).oneOf ?? [];
  const schema = branches.find((b) => Array.isArray(b.properties?.type?.enum));
  if (!schema) throw new Error('cannot find the ErrorEnvelope branch in the getSettings response schema');
  return ajv.compile(schema);
})();

/** Throws when the answer breaks the contract. */
export function checkAnswer(operationId: OperationId, status: number, body: unknown): void {
  const validate = status === 200 ? responseValidator(operationId) : errorEnvelope;
  if (!validate(body)) {
    const what = status === 200 ? `the 200 response schema of ${operationId}` : `the ErrorEnvelope (HTTP ${status})`;
    throw new Error(
      `Contract violation: ${operationId} answered a body that breaks ${what}:\n${ajv.errorsText(validate.errors, { separator: '\n' })}\n` +
        `body: ${JSON.stringify(body).slice(0, 2000)}`,
    );
  }
}

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
  checkAnswer(operationId, res.status, res.body);
  return res as Answer;
}

/** `send`, flattened to the envelope with the HTTP status beside it: `{ status, type, message, code? }`. */
export function sendFlat(world: World, operationId: OperationId, input: SendInput = {}): Envelope & { status: number } {
  const res = send(world, operationId, input);
  return { status: res.status, ...res.body };
}
