/** The msw adapter decodes bodies as the HTTP adapter does: the same refusals, in the same envelope. */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH } from '../core/body';
import { World } from '../domain/world';
import { createMswHandlers } from './handlers';

const base = 'http://mock.test/api';
const server = setupServer(...createMswHandlers(() => new World({ seed: 3, freezeClock: true }), base));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('msw adapter', () => {
  it('refuses a JSON body nested deeper than MAX_BODY_DEPTH with 400 malformed_body', async () => {
    const body = `{"account":${'['.repeat(200_000)}${']'.repeat(200_000)},"password":"Demo1234"}`;
    for (const headers of [{}, { 'idempotency-key': 'deep-1' }] as Array<Record<string, string>>) {
      const res = await fetch(`${base}/sessions`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        type: 'error',
        code: 'malformed_body',
        message: `Malformed request body: nested deeper than ${MAX_BODY_DEPTH} levels`,
      });
    }
  });
});
