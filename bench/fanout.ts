/**
 * `npm run bench:fanout`: how evenly one tick reaches many subscribers. The mock's socket.io server
 * runs in this process with a frozen virtual clock; FANOUT_SOCKETS (1,000) socket.io-client sockets
 * (WebSocket transport, each its own connection) subscribe to `tickers` and `depth:BTC/USDT`; then
 * FANOUT_WARMUP (5) and FANOUT_TICKS (120) virtual seconds are advanced, one every FANOUT_INTERVAL_MS
 * (400). The warm-up ticks are the first a fresh process sends (its code not yet optimised, on the
 * server and in the clients): their worst spread is printed apart, not counted. For each tick
 * and event it records when each socket's listener ran (the client's decoding included), and
 * prints the p50 and p99 of the spread between the first and the last socket, the p99 from the
 * server's emit to the last socket, the events lost (a socket that missed a tick's event) and the
 * bytes of a message. Target: spread p99 under 100 ms, nothing lost.
 *
 * The clients run in FANOUT_WORKERS worker threads (2; 0: on the server's own thread). Real
 * subscribers are other devices: on the server's thread their decoding (a JSON.parse per socket
 * and message) queues behind one another and is counted as the server's spread. Figures only;
 * exits 0 once it has measured.
 */
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { io, type Socket } from 'socket.io-client';

const SOCKETS = Number(process.env.FANOUT_SOCKETS ?? 1000);
const TICKS = Number(process.env.FANOUT_TICKS ?? 120);
const WARMUP = Number(process.env.FANOUT_WARMUP ?? 5);
const INTERVAL = Number(process.env.FANOUT_INTERVAL_MS ?? 400);
const WORKERS = Number(process.env.FANOUT_WORKERS ?? 2);
const TOPICS = ['tickers', 'depth:BTC/USDT'];
type Kind = 'tickers' | 'depth';

/** Wall-clock milliseconds with sub-millisecond resolution, comparable across threads. */
const now = () => performance.timeOrigin + performance.now();

/** Some subscribers: per event, per tick (the n-th message since measuring began), when each socket's listener ran. */
class Clients {
  readonly arrivals: Record<Kind, number[][]> = { tickers: [], depth: [] };
  readonly bytes: Record<Kind, number> = { tickers: 0, depth: 0 };
  measuring = false;
  private readonly sockets: Socket[] = [];

  async connect(base: string, count: number): Promise<void> {
    const one = () =>
      new Promise<void>((resolve, reject) => {
        const socket = io(base, { transports: ['websocket'], forceNew: true, reconnection: false });
        this.sockets.push(socket);
        const seen: Record<Kind, number> = { tickers: 0, depth: 0 };
        const record = (kind: Kind, payload: unknown) => {
          if (!this.measuring) return;
          const at = now();
          const n = seen[kind]++;
          const list = (this.arrivals[kind][n] ??= []);
          if (!list.length) this.bytes[kind] = JSON.stringify(payload).length;
          list.push(at);
        };
        socket.on('tickers' as never, (p: unknown) => record('tickers', p));
        socket.on('depth' as never, (p: unknown) => record('depth', p));
        socket.once('connect', () => {
          socket
            .timeout(60_000)
            .emitWithAck('subscribe', { topics: TOPICS })
            .then(() => resolve(), reject);
        });
        socket.once('connect_error', reject);
      });
    for (let i = 0; i < count; i += 50) await Promise.all(Array.from({ length: Math.min(50, count - i) }, one));
  }

  close() {
    for (const s of this.sockets) s.close();
  }
}

if (!isMainThread) {
  // A worker: its share of the sockets, driven by the main thread's messages.
  const clients = new Clients();
  const { base, count } = workerData as { base: string; count: number };
  await clients.connect(base, count);
  parentPort!.postMessage({ type: 'ready' });
  parentPort!.on('message', (m: { type: string }) => {
    if (m.type === 'start') clients.measuring = true;
    if (m.type === 'stop') {
      clients.measuring = false;
      parentPort!.postMessage({ type: 'report', arrivals: clients.arrivals, bytes: clients.bytes });
      clients.close();
    }
  });
} else {
  const { createServer } = await import('../mock-server/src/http/server.ts');
  const { app, host } = await createServer({ staticDir: '/nonexistent', world: { seed: 42, freezeClock: true } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  const local = new Clients();
  const workers: Worker[] = [];
  try {
    const started = performance.now();
    if (WORKERS > 0) {
      const ready: Array<Promise<void>> = [];
      for (let w = 0; w < WORKERS; w++) {
        const count = Math.floor(SOCKETS / WORKERS) + (w < SOCKETS % WORKERS ? 1 : 0);
        // Node 20 gives a worker no loader hooks of its own: tsx is registered again inside it.
        const worker = new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); });`, {
          eval: true,
          workerData: { base, count },
        });
        workers.push(worker);
        ready.push(
          new Promise((resolve, reject) => {
            worker.once('message', () => resolve());
            worker.once('error', reject);
          }),
        );
      }
      await Promise.all(ready);
    } else {
      await local.connect(base, SOCKETS);
    }
    await sleep(1000); // the snapshots land
    console.log(
      `Fan-out benchmark: ${SOCKETS} sockets (${WORKERS ? `${WORKERS} worker threads` : "on the server's thread"}) subscribed to ${TOPICS.join(', ')} ` +
        `in ${((performance.now() - started) / 1000).toFixed(1)} s; ${WARMUP} warm-up and ${TICKS} measured ticks, one every ${INTERVAL} ms\n`,
    );

    local.measuring = true;
    for (const w of workers) w.postMessage({ type: 'start' });
    await sleep(200);
    const emitted: number[] = [];
    for (let i = 0; i < WARMUP + TICKS; i++) {
      emitted.push(now());
      host.world.clock.advance(1000);
      await sleep(INTERVAL);
    }
    await sleep(2000); // stragglers
    local.measuring = false;

    // Every thread's arrivals, merged per tick.
    const reports = await Promise.all(
      workers.map(
        (w) =>
          new Promise<{ arrivals: Record<Kind, number[][]>; bytes: Record<Kind, number> }>((resolve) => {
            w.on('message', (m: { type: string; arrivals: Record<Kind, number[][]>; bytes: Record<Kind, number> }) => {
              if (m.type === 'report') resolve(m);
            });
            w.postMessage({ type: 'stop' });
          }),
      ),
    );
    if (!workers.length) reports.push({ arrivals: local.arrivals, bytes: local.bytes });

    const pct = (xs: number[], p: number) => {
      const s = [...xs].sort((a, b) => a - b);
      return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
    };
    for (const kind of ['tickers', 'depth'] as const) {
      const spreads: number[] = [];
      const toLast: number[] = [];
      let warmup = 0;
      let lost = 0;
      for (let i = 0; i < WARMUP + TICKS; i++) {
        const list = reports.flatMap((r) => r.arrivals[kind][i] ?? []);
        lost += Math.max(0, SOCKETS - list.length);
        if (!list.length) continue;
        const spread = Math.max(...list) - Math.min(...list);
        if (i < WARMUP) {
          warmup = Math.max(warmup, spread);
          continue;
        }
        spreads.push(spread);
        toLast.push(Math.max(...list) - emitted[i]);
      }
      const extra = reports.reduce((n, r) => n + Math.max(0, r.arrivals[kind].length - WARMUP - TICKS), 0);
      const met = pct(spreads, 99) < 100 && lost === 0;
      console.log(
        `${kind.padEnd(8)} ${spreads.length} ticks, ${Math.max(...reports.map((r) => r.bytes[kind]))} B a message: spread first→last p50 ${pct(spreads, 50).toFixed(1)} ms, ` +
          `p99 ${pct(spreads, 99).toFixed(1)} ms, max ${Math.max(...spreads).toFixed(1)} ms; emit→last p99 ${pct(toLast, 99).toFixed(1)} ms; ` +
          `lost ${lost}${extra ? `, ${extra} messages beyond one a tick` : ''}; warm-up (${WARMUP} ticks, not counted) max ${warmup.toFixed(1)} ms  [target: p99 < 100 ms, none lost: ${met ? 'met' : 'NOT met'}]`,
      );
    }
  } finally {
    local.close();
    await Promise.all(workers.map((w) => w.terminate()));
    await app.close();
  }
}
