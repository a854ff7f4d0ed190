/**
 * One API call, from decoded request to response, shared by the HTTP (fastify) and msw adapters:
 * injected faults, validation against the contract, authentication, the domain, the envelope.
 * No Node or browser APIs.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { DECIMAL_INPUT } from '../../../common/amount.ts';
import { operationSchemas } from '../../../contracts/generated/operation-schemas.ts';
import { operationTable, type OperationId } from '../../../contracts/generated/operations.ts';
import { DomainError, type ErrorCode } from '../domain/kernel/errors.ts';
import { FORBIDDEN_KEYS_MESSAGE, hasForbiddenKey } from './body.ts';
import type { World } from '../domain/world.ts';
import { faultsOf } from './faults.ts';
import { idempotencyOf } from './idempotency.ts';
import { handlers, type OperationContext } from './operations.ts';

export interface ApiRequest {
  operationId: OperationId;
  /** Path after the API base, e.g. `/market/tickers`. */
  path: string;
  token: string | undefined;
  /** Who is calling (e.g. the remote address), for per-client attempt limits. */
  client?: string;
  query: Record<string, string>;
  /** Decoded body (form fields or JSON), undefined when there was none. */
  body: unknown;
  /** The body came form-encoded: its strings are read as the schema's types (`true` as a boolean, `5` as an integer). */
  form?: boolean;
  /** The Idempotency-Key header: a repeated key gets the first answer again, without acting twice. */
  idempotencyKey?: string;
}

interface ApiResponse {
  status: number;
  body: unknown;
  /** How long the adapter should wait before answering (injected delay). */
  delayMs: number;
  /** An answer injected through the control API (a fault), not the operation's own. */
  injected?: true;
}

const FAULT_MESSAGES: Record<string, string> = {
  '999': 'Please log in',
  '998': 'Please complete real-name authentication first',
  '997': 'Please add your payment information first',
  error: 'Something went wrong (injected fault)',
};

export function envelopeError(code: ErrorCode, message: string, type = 'error', params?: Record<string, string | number>) {
  return params ? { type, code, message, params } : { type, code, message };
}

interface Validators {
  query?: ValidateFunction;
  headers?: ValidateFunction;
  body?: ValidateFunction;
  form?: ValidateFunction;
}

// verbose: errors carry their schema, whose `x-invalid-code` (e.g. DecimalInput's) names the code.
const ajvQuery = new Ajv2020({ coerceTypes: true, allErrors: false, strict: false, verbose: true });
const ajvBody = new Ajv2020({ allErrors: false, strict: false, verbose: true });
const ajvForm = new Ajv2020({ coerceTypes: true, allErrors: false, strict: false, verbose: true });
const compiled = new Map<OperationId, Validators>();

function validatorsFor(id: OperationId): Validators {
  let v = compiled.get(id);
  if (!v) {
    const s = operationSchemas[id];
    v = {
      ...(s.query ? { query: ajvQuery.compile(s.query) } : {}),
      ...(s.headers ? { headers: ajvBody.compile(s.headers) } : {}),
      ...(s.body ? { body: ajvBody.compile(s.body), form: ajvForm.compile(s.body) } : {}),
    };
    compiled.set(id, v);
  }
  return v;
}

function describe(where: string, validate: ValidateFunction): string {
  const e = validate.errors?.[0];
  if (!e) return `${where} is invalid`;
  const field = e.instancePath ? `${where}${e.instancePath.replace(/\//g, '.')}` : where;
  const extra =
    e.keyword === 'additionalProperties'
      ? ` (${String((e.params as { additionalProperty: string }).additionalProperty)})`
      : e.keyword === 'enum'
        ? ` (${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')})`
        : '';
  return `${field}: ${e.message ?? 'is invalid'}${extra}`;
}

function invalid(message: string): ApiResponse {
  return { status: 400, body: envelopeError('invalid_request', message), delayMs: 0 };
}

/**
 * A request that breaks its schema: HTTP 400 `invalid_request` naming the field, or the failing
 * schema's own `x-invalid-code` (a decimal outside DecimalInput's bounds is `amount_invalid`; a
 * field another field makes required is its rule's code, e.g. `price_required`), with `params.field`.
 */
function rejected(where: string, validate: ValidateFunction): ApiResponse {
  const errors = validate.errors ?? [];
  const coded = errors.find((e) => typeof (e.parentSchema as Record<string, unknown> | undefined)?.['x-invalid-code'] === 'string');
  if (!coded) return invalid(describe(where, validate));
  const code = (coded.parentSchema as Record<string, string>)['x-invalid-code'] as ErrorCode;
  const missing = errors.map((e) => (e.params as { missingProperty?: string }).missingProperty).find(Boolean);
  const field = missing ?? (coded.instancePath.split('/').pop() || where);
  const path = `${where}${coded.instancePath.replace(/\//g, '.')}`;
  const message =
    code === 'amount_invalid'
      ? `${path}: enter a number with at most ${DECIMAL_INPUT.maxIntegerDigits} digits before the point and ${DECIMAL_INPUT.maxFractionDigits} after`
      : `${where}.${field}: is required here (${code})`;
  return { status: 400, body: envelopeError(code, message, 'error', { field }), delayMs: 0 };
}

/** Answers the operation itself gave (not a refusal before it ran): the ones an idempotency key keeps. */
const ranOperation = (res: ApiResponse) => res.status === 200 && ['ok', 'error'].includes((res.body as { type?: string }).type ?? '');

/**
 * Whose keys a request's key is among: the session (or guest key) sent, or without one the client's
 * network address, so that two logged-out clients never get each other's answers. Undefined when
 * neither is known (the in-page adapter, msw, has no address): the key is then not applied.
 */
function callerOf(req: ApiRequest): string | undefined {
  if (req.token !== undefined) return `token:${req.token}`;
  return req.client === undefined ? undefined : `client:${req.client}`;
}

export function dispatch(world: World, req: ApiRequest): ApiResponse {
  const op = operationTable[req.operationId];
  if (req.idempotencyKey === undefined || op.method === 'get') return answer(world, req);
  const headers = validatorsFor(req.operationId).headers;
  if (headers && !headers({ 'idempotency-key': req.idempotencyKey })) return rejected('header', headers);
  const caller = callerOf(req);
  if (caller === undefined) return answer(world, req);
  return idempotencyOf(world).run(
    `${caller}|${req.operationId}`,
    req.idempotencyKey,
    { query: req.query, body: req.body },
    () => answer(world, req),
    ranOperation,
    () => ({
      status: 422,
      body: envelopeError('idempotency_key_reused', 'This Idempotency-Key was already used for a different request'),
      delayMs: 0,
    }),
  );
}

function answer(world: World, req: ApiRequest): ApiResponse {
  const fault = faultsOf(world).take(req.operationId, req.path);
  if (fault) {
    const delayMs = fault.delayMs;
    switch (fault.kind) {
      case 'http500':
        return { status: 500, body: envelopeError('internal', fault.message ?? 'Internal server error (injected fault)'), delayMs, injected: true };
      case 'http401':
        return { status: 401, body: envelopeError('no_transaction_password', fault.message ?? 'No transaction password set'), delayMs, injected: true };
      default:
        return {
          status: 200,
          body: envelopeError('injected_fault', fault.message ?? FAULT_MESSAGES[fault.kind], fault.kind),
          delayMs,
          injected: true,
        };
    }
  }

  const op = operationTable[req.operationId];
  const schemas = operationSchemas[req.operationId];
  const validators = validatorsFor(req.operationId);
  if (hasForbiddenKey(req.body) || hasForbiddenKey(req.query)) return invalid(FORBIDDEN_KEYS_MESSAGE);
  const query: Record<string, unknown> = { ...req.query };
  if (validators.query && !validators.query(query)) return rejected('query', validators.query);
  if (!validators.query && Object.keys(query).length) {
    return invalid(`query: this operation takes no parameters (${Object.keys(query).join(', ')})`);
  }
  if (validators.body && validators.form) {
    const validate = req.form ? validators.form : validators.body;
    if (req.body === undefined) {
      if (schemas.bodyRequired) return invalid('body: a request body is required');
    } else if (!validate(req.body)) {
      return rejected('body', validate);
    }
  }

  try {
    // Authenticated once, here: a live session's user, or the 999 error. The handler gets the user id.
    const userId = op.auth ? world.accounts.record(req.token).id : undefined;
    const handler = handlers[req.operationId] as (ctx: OperationContext<OperationId>) => unknown;
    const message = handler({ world, token: req.token, userId, client: req.client, query, body: req.body } as OperationContext<OperationId>);
    return { status: 200, body: { type: 'ok', message }, delayMs: 0 };
  } catch (err) {
    if (err instanceof DomainError) {
      // The error catalogue's HTTP 401: an action that needs a transaction password the user has not set.
      const status = err.code === 'no_transaction_password' ? 401 : 200;
      return { status, body: envelopeError(err.code, err.message, err.type, err.params), delayMs: 0 };
    }
    // A bug in the mock: answer like a real server would, without leaking the stack.
    console.error(`[mock] ${req.operationId} failed:`, err);
    return { status: 500, body: envelopeError('internal', 'Internal server error'), delayMs: 0 };
  }
}
