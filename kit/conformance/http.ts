/** The runner's HTTP side: one request to an operation of the contract, timed, never throwing. */
import { randomUUID } from 'node:crypto';
import { operationTable, type OperationId } from '../../contracts/generated/operations.ts';

export interface CallInput {
  body?: unknown;
  query?: Record<string, string>;
  token?: string;
  /** `true`: a fresh key; a string: that key. */
  idempotencyKey?: string | boolean;
  /** Send this text as the body with this content type instead of `body` as JSON. */
  raw?: { text: string; contentType: string };
}

export interface Exchange {
  status: number;
  contentType: string;
  /** The parsed JSON body; undefined when it was not JSON. */
  body: unknown;
  text: string;
  ms: number;
  /** A transport failure (refused, timed out): then status is 0. */
  error?: string;
}

/** `METHOD /path?query` of a call, for reports. */
export function describeCall(id: OperationId, input: CallInput = {}): string {
  const op = operationTable[id];
  const qs = new URLSearchParams(input.query ?? {}).toString();
  return `${op.method.toUpperCase()} ${op.path}${qs ? `?${qs}` : ''}`;
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** A curl command that repeats the call (the session token as $TOKEN), for a failure's report. */
export function curlOf(apiBase: string, id: OperationId, input: CallInput = {}): string {
  const op = operationTable[id];
  const url = new URL(`${apiBase.replace(/\/$/, '')}${op.path}`);
  for (const [k, v] of Object.entries(input.query ?? {})) url.searchParams.set(k, v);
  const parts = ['curl', '-sS', '-X', op.method.toUpperCase(), quote(url.toString())];
  if (input.token) parts.push('-H', '"authorization: $TOKEN"');
  if (input.idempotencyKey) parts.push('-H', quote(`idempotency-key: ${input.idempotencyKey === true ? 'conformance-1' : input.idempotencyKey}`));
  if (input.raw) parts.push('-H', quote(`content-type: ${input.raw.contentType}`), '--data-raw', quote(input.raw.text));
  else if (input.body !== undefined) parts.push('-H', quote('content-type: application/json'), '--data-raw', quote(JSON.stringify(input.body)));
  return parts.join(' ');
}

export async function call(apiBase: string, id: OperationId, input: CallInput = {}, timeoutMs = 15_000): Promise<Exchange> {
  const op = operationTable[id];
  const url = new URL(`${apiBase.replace(/\/$/, '')}${op.path}`);
  for (const [k, v] of Object.entries(input.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (input.token) headers.authorization = input.token;
  if (input.idempotencyKey) headers['idempotency-key'] = input.idempotencyKey === true ? randomUUID() : input.idempotencyKey;
  let payload: string | undefined;
  if (input.raw) {
    headers['content-type'] = input.raw.contentType;
    payload = input.raw.text;
  } else if (input.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(input.body);
  }
  const started = performance.now();
  try {
    const res = await fetch(url, { method: op.method.toUpperCase(), headers, body: payload, signal: AbortSignal.timeout(timeoutMs) });
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', body, text, ms: performance.now() - started };
  } catch (e) {
    return {
      status: 0,
      contentType: '',
      body: undefined,
      text: '',
      ms: performance.now() - started,
      error: e instanceof Error ? `${e.name}: ${e.message}` : String(e),
    };
  }
}
