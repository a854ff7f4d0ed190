/**
 * `npm run bench:load`: REST throughput of our mock against `prism mock` on the same contract, for
 * every read (GET) operation of contracts/openapi.yaml, side by side in one run. Target: ours at
 * least 10x prism's requests/s on every operation.
 *
 * Our mock server runs in-process on a free port (live clock, as `npm start`); Prism 5.14.2 runs
 * `prism mock` on the contract's bundle (contracts/generated/bundled/openapi.yaml) as its own
 * process on another free port. The load comes from autocannon in a worker thread (so it does not share our server's event loop), 10 connections,
 * a warm-up then a measured window per operation and server, alternating which server goes first.
 * Each operation sends its contract example named `ok` (query parameters); operations that need a
 * session send the token of the demo account, logged in through our `login` operation (Prism only
 * checks that an Authorization header is there). Only 2xx answers count as throughput; non-2xx
 * answers and errors are counted apart, and our answers' envelope (`ok` or an error code) is shown.
 *
 * Environment:
 *   LOAD_OPS=getOrderBook,listTickers   only these operations (operationIds or parts of them)
 *   LOAD_SECONDS=3                      measured seconds per operation and server (after a warm-up)
 *   LOAD_WARMUP=1                       warm-up seconds
 *   LOAD_CONNECTIONS=10                 concurrent connections
 * Prints figures; exits 0 once it has measured.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { freePort } from '../scripts/net.ts';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

interface Job {
  url: string;
  headers: Record<string, string>;
  seconds: number;
  connections: number;
}
interface Measure {
  rps: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  p99: number;
  p50: number;
  /** Server CPU time per answer, in µs. */
  cpuUs?: number;
}

/** Load-generator threads: 2, so that the generator is not what limits a fast server on a 2-core machine. */
const LOAD_WORKERS = Number(process.env.LOAD_WORKERS ?? 2);

/** One load with autocannon, in a worker thread of its own (`workers: 1`), so that it does not share our server's event loop. */
async function run(job: Job): Promise<Measure> {
  const r = await autocannon({ url: job.url, headers: job.headers, connections: job.connections, duration: job.seconds, pipelining: 1, workers: LOAD_WORKERS });
  return { rps: r['2xx'] / job.seconds, ok: r['2xx'], non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts, p99: r.latency.p99, p50: r.latency.p50 };
}

await main();

async function main() {
  const { createServer } = await import('../mock-server/src/http/server.ts');
  const { operationTable } = await import('../contracts/generated/operations.ts');
  const { contractExamples } = await import('../codegen/examples.ts');
  const { loadYaml } = await import('../codegen/lib.ts');
  const { OPENAPI } = await import('../codegen/generators/paths.ts');

  const root = resolve(fileURLToPath(import.meta.url), '../..');
  const env = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
  const SECONDS = env('LOAD_SECONDS', 3);
  const WARMUP = env('LOAD_WARMUP', 1);
  const CONNECTIONS = env('LOAD_CONNECTIONS', 10);
  const TARGET = 10;
  const CLOCK_TICKS = (() => {
    try {
      return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      return 100;
    }
  })();
  const wanted = (process.env.LOAD_OPS ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  // The read operations and their `ok` example requests.
  const examples = new Map(contractExamples().map((o) => [o.op, o.pairs.find((p) => p.name === 'ok')?.request]));
  // Operations whose security requires a credential (no `{}` alternative): they get the session token.
  const secured = new Set<string>();
  for (const item of Object.values(loadYaml(OPENAPI).paths as Record<string, Record<string, { operationId?: string; security?: object[] }>>)) {
    for (const o of Object.values(item)) {
      if (o?.operationId && o.security?.length && !o.security.some((r) => Object.keys(r).length === 0)) secured.add(o.operationId);
    }
  }
  const ops = Object.values(operationTable)
    .filter((op) => op.method === 'get')
    .filter((op) => !wanted.length || wanted.some((w) => op.operationId.toLowerCase().includes(w)))
    .map((op) => ({
      id: op.operationId,
      path: op.path,
      auth: op.auth || secured.has(op.operationId),
      query: { ...(examples.get(op.operationId)?.query ?? {}) },
    }));
  if (!ops.length) {
    console.error(`bench/load: no GET operation matches LOAD_OPS=${process.env.LOAD_OPS}`);
    process.exit(1);
  }

  // Our mock, in-process.
  const { app, host } = await createServer({ staticDir: join(root, 'dist', 'h5'), world: { freezeClock: false } });
  host.start();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const ours = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;

  // Prism, as its own process.
  const prismPort = await freePort();
  let prismLog = '';
  const prism: ChildProcess = spawn(join(root, 'node_modules/.bin/prism'), ['mock', OPENAPI, '--port', String(prismPort), '--host', '127.0.0.1'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  prism.stderr!.on('data', (d: Buffer) => (prismLog = (prismLog + d.toString()).slice(-4000)));
  const stopPrism = () => prism.exitCode === null && prism.kill('SIGTERM');
  process.on('exit', stopPrism);
  const prismBase = `http://127.0.0.1:${prismPort}`;
  /** CPU time (user + system, ms) a process or thread has used, from /proc (NaN elsewhere). */
  const cpuMs = (stat: string) => {
    try {
      const fields = readFileSync(stat, 'utf8').split(') ')[1].split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    } catch {
      return NaN;
    }
  };
  const prismCpuMs = () => cpuMs(`/proc/${prism.pid}/stat`);
  const ourCpuMs = () => cpuMs(`/proc/self/task/${process.pid}/stat`);
  const started = Date.now();
  for (;;) {
    if (prism.exitCode !== null) {
      console.error(`bench/load: prism exited (${prism.exitCode}):\n${prismLog}`);
      process.exit(1);
    }
    const res = await fetch(`${prismBase}/settings`).catch(() => undefined);
    if (res?.ok) break;
    if (Date.now() - started > 120_000) {
      console.error(`bench/load: prism did not answer within 120 s:\n${prismLog}`);
      process.exit(1);
    }
    await sleep(250);
  }

  // A session on our mock, through the contract's login operation.
  const login = await fetch(`${ours}/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'demo@example.com', password: 'Demo1234' }),
  });
  const token = ((await login.json()) as { message: { token: string } }).message.token;
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${ours}${path}`, {
      method,
      headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return ((await res.json()) as { message?: Record<string, unknown> }).message ?? {};
  };
  // Reads of one thing need a thing of this world to read (the examples' ids are the example world's).
  const setQuery = (id: string, query: Record<string, string>) => ops.filter((o) => o.id === id).forEach((o) => Object.assign(o.query, query));
  const uploaded = await call('POST', '/uploads', examples.get('uploadImage')?.body);
  if (typeof uploaded.id === 'string') setQuery('getUpload', { id: uploaded.id });
  const ads = (await call('GET', `/p2p/ads?${new URLSearchParams(examples.get('listP2pAds')?.query)}`)) as {
    items?: Array<{ id: string; store: { id: string } }>;
  };
  const ad = ads.items?.[0];
  if (ad) {
    setQuery('getP2pStore', { id: ad.store.id });
    const placed = await call('POST', '/me/p2p/orders', { ...examples.get('placeP2pOrder')?.body, adId: ad.id });
    if (typeof placed.id === 'string') for (const id of ['getP2pOrder', 'listP2pMessages']) setQuery(id, { id: placed.id });
  }

  console.log(
    `Load benchmark: ${ops.length} read operations, ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${SECONDS} s measured per operation and server; Prism 5.14.2 \`prism mock\` vs our mock (in-process, live clock)\n`,
  );
  interface Row {
    id: string;
    path: string;
    envelope: string;
    ours: Measure;
    prism: Measure;
    ratio: number;
  }
  const rows: Row[] = [];
  const header = [
    'operation',
    'path',
    'ours req/s',
    'prism req/s',
    'ratio',
    'p99 ours',
    'p99 prism',
    'CPU µs/req ours|prism',
    'ours answer',
    'non-2xx/errors ours|prism',
  ];
  const widths = [22, 26, 11, 12, 7, 9, 10, 22, 22, 24];
  const line = (cells: string[]) => console.log(cells.map((c, i) => (i < 2 || i === 8 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' '));
  line(header);
  for (const [i, op] of ops.entries()) {
    const query = new URLSearchParams(op.query).toString();
    const suffix = `${op.path}${query ? `?${query}` : ''}`;
    const headers: Record<string, string> = op.auth ? { authorization: token } : {};
    const probe = await fetch(`${ours}${suffix}`, { headers });
    const body = (await probe.json().catch(() => ({}))) as { type?: string; code?: string };
    const envelope = `${probe.status} ${body.type === 'ok' ? 'ok' : `${body.type ?? '?'}${body.code ? ` ${body.code}` : ''}`}`;
    const measure = async (base: string) => {
      if (WARMUP > 0) await run({ url: `${base}${suffix}`, headers, seconds: WARMUP, connections: CONNECTIONS });
      // Server CPU per answer (/proc): our main thread's (the load runs in a worker thread), Prism's process'.
      const cpu = base === ours ? ourCpuMs : prismCpuMs;
      const before = cpu();
      const m = await run({ url: `${base}${suffix}`, headers, seconds: SECONDS, connections: CONNECTIONS });
      const busyMs = cpu() - before;
      m.cpuUs = (busyMs * 1000) / Math.max(1, m.ok + m.non2xx);
      return m;
    };
    let o: Measure, p: Measure;
    if (i % 2 === 0) {
      o = await measure(ours);
      p = await measure(prismBase);
    } else {
      p = await measure(prismBase);
      o = await measure(ours);
    }
    const ratio = p.rps > 0 ? o.rps / p.rps : Infinity;
    rows.push({ id: op.id, path: op.path, envelope, ours: o, prism: p, ratio });
    line([
      op.id,
      op.path,
      o.rps.toFixed(0),
      p.rps.toFixed(0),
      `${ratio.toFixed(1)}x`,
      `${o.p99} ms`,
      `${p.p99} ms`,
      `${o.cpuUs!.toFixed(0)} | ${p.cpuUs!.toFixed(0)} (${(p.cpuUs! / o.cpuUs!).toFixed(1)}x)`,
      envelope,
      `${o.non2xx}/${o.errors + o.timeouts} | ${p.non2xx}/${p.errors + p.timeouts}`,
    ]);
  }
  stopPrism();
  await app.close();

  const worst = rows.reduce((a, b) => (b.ratio < a.ratio ? b : a));
  const sorted = rows.map((r) => r.ratio).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const below = rows.filter((r) => r.ratio < TARGET);
  const failing = rows.filter((r) => r.ours.non2xx + r.ours.errors + r.ours.timeouts > 0 || r.prism.non2xx + r.prism.errors + r.prism.timeouts > 0);
  const cpuRatios = rows.map((r) => r.prism.cpuUs! / r.ours.cpuUs!).sort((a, b) => a - b);
  const worstCpu = rows.reduce((a, b) => (b.prism.cpuUs! / b.ours.cpuUs! < a.prism.cpuUs! / a.ours.cpuUs! ? b : a));
  console.log(
    `\nServer CPU per answer (less noisy on a shared machine than req/s): prism/ours worst ${(worstCpu.prism.cpuUs! / worstCpu.ours.cpuUs!).toFixed(1)}x on ${worstCpu.id}, median ${cpuRatios[Math.floor(cpuRatios.length / 2)].toFixed(1)}x`,
  );
  console.log(`Worst ratio: ${worst.ratio.toFixed(1)}x on ${worst.id} (${worst.path}); median ${median.toFixed(1)}x over ${rows.length} operations`);
  if (below.length) console.log(`Below ${TARGET}x: ${below.map((r) => `${r.id} ${r.ratio.toFixed(1)}x`).join(', ')}`);
  if (failing.length) console.log(`Operations with non-2xx answers or errors (not counted as throughput): ${failing.map((r) => r.id).join(', ')}`);
  console.log(`Target ${TARGET}x prism on every read operation: ${below.length ? 'NOT MET' : 'met'}`);
  process.exit(0);
}
