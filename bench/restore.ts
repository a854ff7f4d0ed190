/**
 * `npm run bench:restore [-- --logins N]`: the longest event-loop block while the mock
 * server restores the largest snapshots its bounds allow (core/snapshot.ts: MAX_RESTORE_INPUTS
 * calls, MAX_RESTORE_MOVES clock moves simulating MAX_RESTORE_STEPS price steps, MAX_RESTORE_MOVE_SLICES slices per clock move, MAX_RESTORE_VIRTUAL_MS in all; a scenario
 * file's entries count as inputs). Runs the server in-process on a free port (frozen clock) and
 * POSTs each snapshot to /__mock/restore, printing its answer, how long the restore took and the
 * longest block seen meanwhile (perf_hooks histogram, 1 ms resolution; it includes fastify's JSON
 * parse of the body). The costliest input per unit of the bound is a login (a password hash):
 * `--logins` (default 2,000) sets how many; the full 20,000 takes ten times as long and blocks no
 * longer. Exits 0 once measured.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { createServer } from '../mock-server/src/http/server.ts';
import { MAX_RESTORE_MOVE_SLICES, MAX_RESTORE_MOVES, MAX_RESTORE_STEPS, type Snapshot } from '../mock-server/src/core/snapshot.ts';
import { DEMO_ACCOUNT } from '../mock-server/src/domain/account/seed.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const LOGINS = arg('logins', 2_000);
const SLICE_MS = 60_000; // a live slice second by second: 60 one-second steps

const { app } = await createServer({ staticDir: '/nonexistent', world: { seed: 1, freezeClock: true } });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/__mock`;
const fresh = (await (await fetch(`${base}/snapshot`)).json()) as Snapshot;
const start = fresh.clock.now;

type Inputs = Snapshot['inputs'];
const moves = (count: number, ms: number): Inputs => [{ kind: 'moves', deltas: Array<number>(count).fill(ms) }];
const snapshot = (inputs: Inputs, world: Partial<Snapshot['world']> = {}): Snapshot => {
  const moved = inputs.reduce((sum, i) => sum + (i.kind === 'moves' ? i.deltas.reduce((a, b) => a + b, 0) : 0), 0);
  const file = world.file;
  return {
    ...fresh,
    world: { ...fresh.world, ...world },
    inputs,
    clock: { now: start + (file?.clock?.advanceMs ?? 0) + moved, frozen: true },
  };
};

const cases: Array<[string, Snapshot]> = [
  ['an empty world of a new seed (building a world)', snapshot([], { seed: 987_654 })],
  [
    `${Math.floor(MAX_RESTORE_STEPS / 60).toLocaleString('en')} moves of 60 s (a full live slice each, all the price steps)`,
    snapshot(moves(Math.floor(MAX_RESTORE_STEPS / 60), SLICE_MS)),
  ],
  [
    `${Math.floor(MAX_RESTORE_STEPS / 60 / MAX_RESTORE_MOVE_SLICES).toLocaleString('en')} moves of ${MAX_RESTORE_MOVE_SLICES} min (the most one move may be)`,
    snapshot(moves(Math.floor(MAX_RESTORE_STEPS / 60 / MAX_RESTORE_MOVE_SLICES), MAX_RESTORE_MOVE_SLICES * SLICE_MS)),
  ],
  [`a day of a running clock (432,000 moves of 200 ms; at most ${MAX_RESTORE_MOVES.toLocaleString('en')})`, snapshot(moves(432_000, 200))],
  [
    `${LOGINS.toLocaleString('en')} logins (a password hash each)`,
    snapshot(
      Array.from({ length: LOGINS }, () => ({
        kind: 'api' as const,
        at: start,
        operationId: 'login',
        client: '127.0.0.1',
        query: {},
        body: { account: DEMO_ACCOUNT.account, password: DEMO_ACCOUNT.password },
      })),
    ),
  ],
  [
    'a scenario file of 1,000 accounts with transaction passwords (its schema\u2019s most)',
    snapshot([], {
      scenario: 'crafted',
      file: {
        description: 'crafted',
        accounts: Array.from({ length: 1000 }, (_, i) => ({ account: `user${i}@example.com`, password: 'Secret123', transactionPassword: '258147' })),
      },
    }),
  ],
  ['6.5 million moves of 1 s, near the 32 MiB body limit (refused)', snapshot(moves(6_500_000, 1000))],
];

const histogram = monitorEventLoopDelay({ resolution: 1 });
console.log('case | answer | took | longest block');
for (const [name, body] of cases) {
  const json = JSON.stringify(body);
  histogram.reset();
  histogram.enable();
  const started = performance.now();
  const res = await fetch(`${base}/restore`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: json });
  const answer = (await res.json()) as { code?: string };
  const took = performance.now() - started;
  histogram.disable();
  const size = `${(json.length / 1024 / 1024).toFixed(1)} MiB`;
  console.log(
    `${name} (${size}) | ${res.status}${answer.code ? ` ${answer.code}` : ''} | ${(took / 1000).toFixed(1)} s | ${(histogram.max / 1e6).toFixed(0)} ms`,
  );
}
await app.close();
