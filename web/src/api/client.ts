/**
 * The typed API client: openapi-fetch over the generated `paths`, routed by the generated operation
 * table. It applies the call styles (spec §7), unwraps the `{type, message}` envelope and runs the
 * error catalogue (spec §8) through the injected effects.
 */
import createClient from 'openapi-fetch';
import type { paths as ApiPaths } from '../../../contracts/generated/openapi';
import {
  operationTable,
  type CallStyle,
  type ErrorEnvelope,
  type OpBody,
  type OpEnvelope,
  type OperationId,
  type OpQuery,
  type OpResult,
} from '../../../contracts/generated/operations';
import { loginRedirect, paths, withRedirect } from '../lib/paths';
import { appConfig } from './config';
import { GUEST_KEY, TOKEN_KEY } from './credentialKeys';
import { takeEarlyRead } from './earlyReads';
import { apiEffects, loading, shellEffects } from './effects';

const REQUEST_TIMEOUT_MS = 60_000;
type ApiErrorKind = 'envelope' | 'http' | 'network' | 'timeout' | 'response';

/** A failed call. Its visible effect (toast, redirect, prompt) has already happened. */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly details: { type?: string; code?: string; status?: number } = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Input<K extends OperationId> = ([OpQuery<K>] extends [never] ? { query?: undefined } : { query: OpQuery<K> }) &
  ([OpBody<K>] extends [never] ? { body?: undefined } : { body: OpBody<K> }) & {
    signal?: AbortSignal;
    /** Reuse the same key to retry a change safely; a fresh one is made per call otherwise. */
    idempotencyKey?: string;
  };

type StyleOf<K extends OperationId> = (typeof operationTable)[K]['callStyle'];
/** `global` calls receive the whole envelope; every other style receives `message`. */
type CallResult<K extends OperationId> = StyleOf<K> extends 'global' ? Extract<OpEnvelope<K>, { type: 'ok' }> : OpResult<K>;

// A tab page's first reads may have been asked for already, as the page opened (api/earlyReads.ts).
const client = createClient<ApiPaths>({ fetch: (request) => takeEarlyRead(request) ?? globalThis.fetch(request) });

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string | null): void {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
}

/** The support chat's guest key of this device (startSupportGuest), kept across logins. */
export function getGuestKey(): string | null {
  try {
    return localStorage.getItem(GUEST_KEY);
  } catch {
    return null;
  }
}

export function setGuestKey(key: string): void {
  localStorage.setItem(GUEST_KEY, key);
}

/** What the API and the socket are sent as `Authorization`: the session, else this device's support guest key. */
export const credential = (): string | null => getToken() ?? getGuestKey();

/** A random key; crypto.randomUUID exists only on https or localhost, getRandomValues everywhere. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

const formSerializer = (body: unknown) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  return params.toString();
};

function isEnvelope(value: unknown): value is { type: string; message: unknown; code?: string } {
  return typeof value === 'object' && value !== null && 'type' in value && 'message' in value;
}

/** The error catalogue for envelopes whose type is not ok. Always throws. */
function failEnvelope(envelope: ErrorEnvelope | { type: string; message: unknown; code?: string }, status: number): never {
  const fx = apiEffects();
  const text = typeof envelope.message === 'string' ? envelope.message : '';
  const key = envelope.code ? `apiErrors.${envelope.code}` : '';
  // The catalogue's translation of the code, filled with the envelope's values (wait 42 s, minimum 10 USDT).
  const params = 'params' in envelope && envelope.params ? envelope.params : undefined;
  const message = key && fx.hasKey(key) ? fx.t(key, text, params) : text || fx.t('errors.unknown', 'Something went wrong');
  switch (envelope.type) {
    case '999':
      setToken(null);
      fx.navigate(loginRedirect(fx.currentPath()));
      break;
    case '998':
      // The toast says why the page changes: it stays on the page it leads to.
      fx.toast(message, { keep: true });
      fx.navigate(paths.mine.authentication);
      break;
    case '997':
      fx.toast(message, { keep: true });
      fx.navigate(paths.mine.collectMoney);
      break;
    default:
      fx.toast(message);
  }
  throw new ApiError('envelope', message, { type: envelope.type, code: envelope.code, status });
}

/** Calls one contract operation by its operationId. */
export async function call<K extends OperationId>(
  operationId: K,
  ...args: [OpQuery<K>, OpBody<K>] extends [never, never] ? [input?: Input<K>] : [input: Input<K>]
): Promise<CallResult<K>> {
  const input = (args[0] ?? {}) as { query?: object; body?: object; signal?: AbortSignal; idempotencyKey?: string };
  const op = operationTable[operationId];
  const style = op.callStyle as CallStyle;
  const baseUrl = appConfig().apiBase;
  const token = credential();
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;

  if (style === 'token') loading.start();
  try {
    let result: { data?: unknown; error?: unknown; response: Response };
    try {
      const headers: Record<string, string> = {};
      if (token) headers.Authorization = token;
      if (input.body) headers['Content-Type'] = 'application/x-www-form-urlencoded';
      // Every change carries an idempotency key: the server acts once however often it arrives.
      if (op.method !== 'get') headers['Idempotency-Key'] = input.idempotencyKey ?? newIdempotencyKey();
      result = await client.request(
        op.method as 'get',
        op.path as '/settings',
        {
          baseUrl: baseUrl.startsWith('http') ? baseUrl : `${window.location.origin}${baseUrl}`,
          params: { query: input.query },
          ...(input.body ? { body: input.body, bodySerializer: formSerializer } : {}),
          headers,
          signal,
        } as never,
      );
    } catch (err) {
      if (input.signal?.aborted) throw err;
      const fx = await shellEffects();
      const timedOut = timeout.aborted;
      const message = timedOut
        ? fx.t('errors.timeout', 'The request timed out. Please try again')
        : fx.t('errors.network', "Can't connect. Check your network and try again");
      fx.toast(message);
      throw new ApiError(timedOut ? 'timeout' : 'network', message);
    }
    const status = result.response.status;
    const body = result.data ?? result.error;
    if (status < 300 && isEnvelope(body) && body.type === 'ok') return (style === 'global' ? body : body.message) as CallResult<K>;
    // A failure is shown once the shell has installed the effects: a page's first queries start
    // with its code, before the shell has mounted.
    const fx = await shellEffects();
    // The prompt is for the contract's own 401 only; a gateway's 401 (an HTML page, an empty body)
    // or another code is an ordinary failure below.
    if (status === 401 && isEnvelope(body) && body.type !== 'ok' && body.code === 'no_transaction_password') {
      const message = fx.t('errors.noTransactionPassword', "You haven't set a transaction password yet. Set it up now?");
      void fx.confirmNoTransactionPassword().then((yes) => yes && fx.navigate(withRedirect(paths.mine.resetLegalPwd, fx.currentPath())));
      throw new ApiError('http', message, { status, code: body.code });
    }
    if (status >= 500) {
      const message = fx.t('errors.server', "Something went wrong on our side. We're fixing it: please try again later");
      fx.toast(message);
      throw new ApiError('http', message, { status });
    }
    // An error envelope, whatever its status, runs the error catalogue.
    if (isEnvelope(body) && body.type !== 'ok') failEnvelope(body, status);
    // Not an envelope, or an ok envelope with a failure status.
    const message = fx.t('errors.badResponse', 'Unexpected response from the server. Please try again');
    fx.toast(message);
    throw new ApiError(status >= 400 ? 'http' : 'response', message, { status });
  } finally {
    if (style === 'token') loading.stop();
  }
}
