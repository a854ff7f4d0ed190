/**
 * The kit's decimal-scale check: every Decimal of an ok answer must have the scale its field's
 * `x-scale` gives (mock-server/src/core/decimal-scale.ts reads the rules from the contract). The
 * scales the rules refer to are the server's own (listCoins, listTickers, listLeverSymbols), asked
 * once per run, when the first answer is judged.
 */
import type { AnswerProblem } from '../../mock-server/src/core/contract-check.ts';
import { scaleContext, scaleProblems, type ScaleContext } from '../../mock-server/src/core/decimal-scale.ts';
import type { OperationId } from '../../contracts/generated/operations.ts';
import type { CallInput, Exchange } from './http.ts';

type Send = (id: OperationId, input?: CallInput) => Promise<Exchange>;

const okMessage = (ex: Exchange) => {
  const body = ex.body as { type?: string; message?: unknown } | undefined;
  return body?.type === 'ok' ? body.message : undefined;
};

/** The scale context of the server behind `send`: what an answer does not give stays empty (and the fields needing it are reported). */
export async function loadScaleContext(send: Send): Promise<ScaleContext> {
  const [coins, tickers, lever] = await Promise.all([send('listCoins'), send('listTickers'), send('listLeverSymbols')]);
  return scaleContext(okMessage(coins), okMessage(tickers), okMessage(lever));
}

/** One context per run (the kit's Context, or anything with its `send`). */
const contexts = new WeakMap<object, Promise<ScaleContext>>();

/** The run's scale context, asked of the server the first time. */
export function scaleContextOf(run: { send: Send }): Promise<ScaleContext> {
  let context = contexts.get(run);
  if (!context) contexts.set(run, (context = loadScaleContext((op, i) => run.send(op, i))));
  return context;
}

/** The `scale` problems of an answer of `id` to `input`: each Decimal whose scale breaks its rule, with the scale expected. */
export async function scaleProblemsOf(run: { send: Send }, id: OperationId, input: CallInput, ex: Exchange): Promise<AnswerProblem[]> {
  if (ex.status !== 200 || okMessage(ex) === undefined) return [];
  const context = await scaleContextOf(run);
  const body = input.body && typeof input.body === 'object' && !Array.isArray(input.body) ? input.body : {};
  const request = { ...input.query, ...body };
  return scaleProblems({ operation: id }, ex.body, context, request).map((p) => ({
    kind: 'scale',
    pointer: p.pointer,
    message: p.message,
    expected: { scale: p.expected, 'x-scale': p.rule },
  }));
}

/** The scale problems of a socket event's payload, as the realtime phase reports them. */
export const eventScaleProblems = (event: string, payload: unknown, context: ScaleContext): string[] =>
  scaleProblems({ event }, payload, context).map((p) => `${p.pointer} ${p.message}`);
