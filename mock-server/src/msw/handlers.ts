/**
 * The msw adapter: one handler per contract operation (generated wiring), each decoding the
 * request and calling the same dispatch as the HTTP server. Used by Vitest (msw/node) and by the
 * in-browser mock mode (msw/browser).
 */
import { delay, HttpResponse } from 'msw';
import { createOperationHandlers } from '../../../contracts/generated/msw-wiring.ts';
import { operationTable } from '../../../contracts/generated/operations.ts';
import { parseJsonBody } from '../core/body.ts';
import { INJECTED_HEADER } from '../core/injected.ts';
import { dispatch, envelopeError } from '../core/dispatch.ts';
import type { World } from '../domain/world.ts';

async function decodeBody(request: Request): Promise<{ body: unknown; form?: boolean } | { error: Response }> {
  const text = await request.text();
  if (!text) return { body: undefined };
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/x-www-form-urlencoded')) return { body: Object.fromEntries(new URLSearchParams(text)), form: true };
  if (type.includes('application/json')) {
    const parsed = parseJsonBody(text);
    return 'malformed' in parsed ? { error: HttpResponse.json(envelopeError('malformed_body', parsed.malformed), { status: 400 }) } : { body: parsed.value };
  }
  return {
    error: HttpResponse.json(envelopeError('unsupported_media_type', 'Unsupported Content-Type: send application/x-www-form-urlencoded or application/json'), {
      status: 415,
    }),
  };
}

/** `baseUrl` is the API base the client calls, e.g. `http://localhost/api` (no trailing slash). */
export function createMswHandlers(getWorld: () => World, baseUrl: string) {
  return createOperationHandlers(baseUrl, async (operationId, { request }) => {
    const decoded = await decodeBody(request);
    if ('error' in decoded) return decoded.error;
    const url = new URL(request.url);
    const auth = request.headers.get('authorization');
    const res = dispatch(getWorld(), {
      operationId,
      path: operationTable[operationId].path,
      token: auth ? auth.replace(/^Bearer\s+/i, '') : undefined,
      idempotencyKey: request.headers.get('idempotency-key') ?? undefined,
      query: Object.fromEntries(url.searchParams),
      body: decoded.body,
      form: decoded.form,
    });
    if (res.delayMs) await delay(res.delayMs);
    return HttpResponse.json(res.body as Record<string, unknown>, { status: res.status, headers: res.injected ? { [INJECTED_HEADER]: '1' } : {} });
  });
}
