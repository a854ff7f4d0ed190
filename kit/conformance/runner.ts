/**
 * The conformance runner: points the contract at a server and reports every way the server breaks
 * it. Phases, in order: flows (happy paths chaining operations), realtime (Socket.IO), examples
 * (every paired example of openapi.yaml), cases (a state built as a fresh user, then a request
 * whose outcome the contract fixes), generated requests (fast-check, from the schemas, shrunk to
 * the smallest failing one) and invalid requests (derived from the schemas). A run
 * leaves the server's data as it found it, so runs can follow each other against one server.
 */
import { casesPhase } from './cases/phase.ts';
import { Context, type RunOptions } from './context.ts';
import { flowsPhase } from './flows.ts';
import { generatedPhase } from './generated.ts';
import { realtimePhase } from './realtime.ts';
import { examplesPhase, invalidPhase } from './rest.ts';
import { sequencesPhase } from './sequences.ts';
import type { Result } from './results.ts';

export type { RunOptions };

export async function runConformance(options: RunOptions): Promise<Result[]> {
  const ctx = new Context(options);
  const settings = await ctx.send('getSettings');
  if (settings.error) {
    ctx.results.add({ group: 'getSettings', check: 'the server answers', status: 'fail', detail: `${options.apiBase}: ${settings.error}` });
    return ctx.results.all;
  }
  await flowsPhase(ctx);
  await realtimePhase(ctx);
  await examplesPhase(ctx);
  await casesPhase(ctx);
  await sequencesPhase(ctx);
  await generatedPhase(ctx, options.seed);
  await invalidPhase(ctx);
  return ctx.results.all;
}
