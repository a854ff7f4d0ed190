/**
 * `npm run bench:memory`: whether the mock server's memory stays bounded whatever the virtual clock
 * does. Starts `mock-server/src/main.ts` as its own process on a free port, then
 *  1. advances the clock by 1, 30 and 365 days through the control API and prints, for each jump,
 *     the time it took, the server's RSS after it, and the longest answer to a probe request sent
 *     every 10 ms meanwhile (how long the server's event loop was held at a stretch);
 *  2. connects 50 Socket.IO clients subscribed to tickers and a symbol's depth, trades and K-line,
 *     lets real time run for `--minutes` (default 60) and prints the RSS slope (MB per hour, least
 *     squares over a sample every 15 s) and what the clients received.
 * Targets: memory bounded (a year's jump far from the 1.9 GB that 30 days took before), no probe
 * answer over ~100 ms during a jump. Prints figures; exits 0 once it has measured.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { freePort } from '../scripts/net.ts';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';
import { socketPath } from '../contracts/generated/socket.ts';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const MINUTES = arg('minutes', 60);
const SOCKETS = arg('sockets', 50);
const DAY = 86_400_000;

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, ['--import', 'tsx', 'mock-server/src/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((ready) => child.stdout!.on('data', (d: Buffer) => d.toString().includes('http://') && ready()));

const rssMb = () => {
  const line = readFileSync(`/proc/${child.pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.replace(/\D+/g, '')) / 1024;
};

/** Sends a cheap request every 10 ms until `stop` resolves; returns the slowest answer in ms. */
async function probeWhile(stop: Promise<unknown>): Promise<number> {
  let done = false;
  void stop.finally(() => (done = true));
  let worst = 0;
  while (!done) {
    const t = performance.now();
    await fetch(`${base}/api/settings`).then((r) => r.arrayBuffer());
    worst = Math.max(worst, performance.now() - t);
    await new Promise((r) => setTimeout(r, 10));
  }
  return worst;
}

const control = (path: string, body: unknown) =>
  fetch(`${base}/__mock${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());

// Warm the request path and the control API first (the first call of an operation compiles its
// validator and code paths: a one-time cost), so the figures below are the jumps'.
for (let i = 0; i < 20; i++) await fetch(`${base}/api/settings`).then((r) => r.arrayBuffer());
const warm = performance.now();
await control('/clock', { advanceMs: 60_000 });
console.log(`first control call (a one-minute jump, cold): ${(performance.now() - warm).toFixed(0)} ms`);
console.log(`mock server pid ${child.pid} on ${base}; RSS at start ${rssMb().toFixed(0)} MB\n`);
console.log('jump      time      RSS after   slowest probe answer during the jump');
for (const days of [1, 30, 365]) {
  const t = performance.now();
  const jump = control('/clock', { advanceMs: days * DAY });
  const worst = await probeWhile(jump);
  await jump;
  const took = performance.now() - t;
  console.log(`${String(days).padStart(3)} days  ${(took / 1000).toFixed(2).padStart(6)} s  ${rssMb().toFixed(0).padStart(6)} MB   ${worst.toFixed(0)} ms`);
}

console.log(`\n${SOCKETS} sockets subscribed for ${MINUTES} min of real time…`);
let events = 0;
const sockets = Array.from({ length: SOCKETS }, (_, i) => {
  const s = io(base, { path: socketPath, transports: ['websocket'], forceNew: true });
  const symbol = ['BTC/USDT', 'ETH/USDT', 'SOL/USDT'][i % 3];
  s.on('connect', () => s.emit('subscribe', { topics: ['tickers', `depth:${symbol}`, `trades:${symbol}`, `kline:${symbol}:1min`] }));
  s.onAny(() => events++);
  return s;
});
const samples: Array<[number, number]> = [];
const started = performance.now();
while (performance.now() - started < MINUTES * 60_000) {
  samples.push([(performance.now() - started) / 3_600_000, rssMb()]);
  await new Promise((r) => setTimeout(r, Math.min(15_000, MINUTES * 60_000 - (performance.now() - started) + 1)));
}
samples.push([(performance.now() - started) / 3_600_000, rssMb()]);
const n = samples.length;
const mx = samples.reduce((s, [x]) => s + x, 0) / n;
const my = samples.reduce((s, [, y]) => s + y, 0) / n;
const slope = samples.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0) / samples.reduce((s, [x]) => s + (x - mx) ** 2, 0);
const ys = samples.map(([, y]) => y);
console.log(
  `RSS ${ys[0].toFixed(0)} → ${ys[n - 1].toFixed(0)} MB (min ${Math.min(...ys).toFixed(0)}, max ${Math.max(...ys).toFixed(0)}), slope ${slope.toFixed(1)} MB/hour over ${n} samples; ${events} events received`,
);

for (const s of sockets) s.close();
child.kill('SIGTERM');
