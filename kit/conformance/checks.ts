/** Judging one answer against the contract: transport, media type, JSON, schema and error catalogue. */
import { answerProblems, type AnswerProblem } from '../../mock-server/src/core/contract-check.ts';
import type { OperationId } from '../../contracts/generated/operations.ts';
import { errorCatalogue } from '../../contracts/generated/error-catalogue.ts';
import type { Exchange } from './http.ts';

/** The envelope's outcome: `ok`, an error code, or `999`/`998`/`997` without one. */
export function outcome(ex: Exchange): string {
  const b = ex.body as { type?: string; code?: string } | undefined;
  if (!b || typeof b !== 'object') return `HTTP ${ex.status}`;
  return b.type === 'ok' ? 'ok' : (b.code ?? b.type ?? `HTTP ${ex.status}`);
}

/** The HTTP statuses the contract answers with. */
const STATUSES = new Set([200, ...Object.values(errorCatalogue).flatMap((list) => list.map((e) => e.status))]);

/** Every way `ex` breaks the contract of `id` (empty when it holds). */
export function problemsOf(id: OperationId, ex: Exchange): AnswerProblem[] {
  if (ex.error) return [{ kind: 'schema', pointer: '', message: `no answer: ${ex.error}` }];
  if (!/^application\/json\b/i.test(ex.contentType)) {
    return [
      { kind: 'schema', pointer: '', message: `content-type is "${ex.contentType}", the contract answers application/json`, expected: 'application/json' },
    ];
  }
  if (ex.body === undefined) return [{ kind: 'schema', pointer: '', message: 'the body is not JSON' }];
  if (!STATUSES.has(ex.status)) {
    return [{ kind: 'schema', pointer: '', message: `HTTP ${ex.status} is not a status the contract uses` }];
  }
  return answerProblems(id, ex.status, ex.body);
}

export const snippet = (ex: Exchange) => (ex.text || ex.error || '').slice(0, 600);
