/** The runner's HTTP side: one request to an operation of the contract, timed, never throwing. */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, fetch as undiciFetch } from 'undici';
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
  /** A transport failure (refused, timed out, a certificate refused): then status is 0. */
  error?: string;
}

/** Where and how requests go: the API base, headers every request carries, and the TLS trust. */
export interface Target {
  apiBase: string;
  /** Sent with every request (a gateway's key, a staging cookie): `--header`. */
  headers?: Record<string, string>;
  /** A CA certificate file to trust (`--ca`), or no certificate check at all (`--insecure`). */
  tls?: { ca?: string; insecure?: boolean };
  timeoutMs?: number;
}

/** `METHOD /path?query` of a call, for reports. */
export function describeCall(id: OperationId, input: CallInput = {}): string {
  const op = operationTable[id];
  const qs = new URLSearchParams(input.query ?? {}).toString();
  return `${op.method.toUpperCase()} ${op.path}${qs ? `?${qs}` : ''}`;
}

/** The longest body a curl line shows as it is. */
const SHOWN_BODY = 4096;

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** A curl command that repeats the call (the session token as $TOKEN), for a failure's report. */
export function curlOf(target: Target, id: OperationId, input: CallInput = {}): string {
  const op = operationTable[id];
  const url = urlOf(target.apiBase, op.path, input.query);
  const parts = ['curl', '-sS', '-X', op.method.toUpperCase(), quote(url.toString())];
  if (target.tls?.insecure) parts.push('-k');
  else if (target.tls?.ca) parts.push('--cacert', quote(target.tls.ca));
  for (const [k, v] of Object.entries(target.headers ?? {})) parts.push('-H', quote(`${k}: ${v}`));
  if (input.token) parts.push('-H', '"authorization: $TOKEN"');
  if (input.idempotencyKey) parts.push('-H', quote(`idempotency-key: ${input.idempotencyKey === true ? 'conformance-1' : input.idempotencyKey}`));
  const [type, text] = input.raw ? [input.raw.contentType, input.raw.text] : input.body !== undefined ? ['application/json', JSON.stringify(input.body)] : [];
  if (text === undefined) return parts.join(' ');
  parts.push('-H', quote(`content-type: ${type}`));
  // A body too long to read (one over the size limit, padded with "a") is made by the shell instead of printed.
  const [head, tail] = [text.slice(0, 200), text.slice(-20)];
  if (text.length <= SHOWN_BODY) parts.push('--data-raw', quote(text));
  else {
    const make = `process.stdout.write(${JSON.stringify(head)} + 'a'.repeat(${text.length - head.length - tail.length}) + ${JSON.stringify(tail)})`;
    parts.push('--data-binary', `@<(node -e ${quote(make)})`);
  }
  return parts.join(' ');
}

function urlOf(apiBase: string, path: string, query: Record<string, string> = {}): URL {
  const url = new URL(`${apiBase.replace(/\/$/, '')}${path}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return url;
}

const agents = new Map<string, Agent>();
/** The connection pool of a TLS setting: the default one, or one that trusts `--ca` or nothing. */
function dispatcherOf(tls: Target['tls']): Agent | undefined {
  if (!tls?.ca && !tls?.insecure) return undefined;
  const key = `${tls.ca ?? ''}|${tls.insecure ?? false}`;
  let agent = agents.get(key);
  if (!agent) {
    agent = new Agent({ connect: tls.insecure ? { rejectUnauthorized: false } : { ca: readFileSync(tls.ca!, 'utf8') } });
    agents.set(key, agent);
  }
  return agent;
}

/** Certificate errors, with what to do about them (Node's fetch only says "fetch failed"). */
const CERTIFICATE = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** Why a request got no answer, down to its cause: `fetch failed` alone says nothing. */
export function transportError(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return `${e.name}: no answer in time`;
  const cause = (e as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code;
  const head = `${e.message}${cause ? `: ${code ? `${code} ` : ''}${cause.message ?? ''}`.trimEnd() : ''}`;
  if (code && CERTIFICATE.has(code))
    return `${head} (the server's TLS certificate is not trusted: give its CA with --ca FILE, or --insecure to skip the check)`;
  if (code === 'ECONNREFUSED') return `${head} (nothing listens there: is the server up, and is --base right?)`;
  if (code === 'ENOTFOUND') return `${head} (the host name does not resolve)`;
  return head;
}

export async function call(target: Target, id: OperationId, input: CallInput = {}): Promise<Exchange> {
  const op = operationTable[id];
  const url = urlOf(target.apiBase, op.path, input.query);
  const headers: Record<string, string> = { accept: 'application/json', ...target.headers };
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
    const res = await undiciFetch(url, {
      method: op.method.toUpperCase(),
      headers,
      body: payload,
      signal: AbortSignal.timeout(target.timeoutMs ?? 15_000),
      dispatcher: dispatcherOf(target.tls),
    });
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', body, text, ms: performance.now() - started };
  } catch (e) {
    return { status: 0, contentType: '', body: undefined, text: '', ms: performance.now() - started, error: transportError(e) };
  }
}
