/**
 * `npm run serve` (mock-server/src/main.ts) as a real child process. Graceful shutdown: on SIGTERM
 * or SIGINT it must close its Socket.IO clients (WebSocket and long-polling), its idle keep-alive
 * connections and the server, and exit 0 within a few seconds. Settings: loopback by default,
 * MOCK_CONTROL=off.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { connect as netConnect } from 'node:net';
import { freePort } from '../../../scripts/net.ts';
import { networkInterfaces } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { socketPath } from '../../../contracts/generated/socket';

const root = resolve(fileURLToPath(import.meta.url), '../../../..');

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

async function startMain(port: number, env: Record<string, string | undefined> = { HOST: '127.0.0.1', MOCK_CONTROL: undefined }): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'mock-server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), LOG: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((ok) =>
    child.once('exit', (code, signal) => ok({ code, signal, at: Date.now() })),
  );
  const deadline = Date.now() + 15_000;
  while (!/Mock backend and app:/.test(out)) {
    if (child.exitCode !== null) throw new Error(`main.ts exited early: ${out}`);
    if (Date.now() > deadline) throw new Error(`main.ts did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, output: () => out, exited };
}

function connect(base: string, transport: 'websocket' | 'polling'): Promise<{ socket: Socket; disconnected: Promise<string> }> {
  const socket = io(base, { path: socketPath, transports: [transport], forceNew: true, reconnection: false });
  const disconnected = new Promise<string>((ok) => socket.once('disconnect', (reason) => ok(reason)));
  return new Promise((ok, fail) => {
    socket.once('connect', () => ok({ socket, disconnected }));
    socket.once('connect_error', fail);
  });
}

/** A finished request whose connection stays open (idle keep-alive), until the server closes it. */
function keepAlive(base: string): Promise<{ agent: Agent; closed: Promise<void> }> {
  const agent = new Agent({ keepAlive: true, keepAliveMsecs: 60_000 });
  return new Promise((ok, fail) => {
    const req = request(`${base}/api/settings`, { agent }, (res) => {
      res.resume();
      res.on('end', () => {
        const closed = new Promise<void>((done) => req.socket!.once('close', () => done()));
        ok({ agent, closed });
      });
    });
    req.on('error', fail);
    req.end();
  });
}

/** Whether a TCP connection to host:port is accepted. */
function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((ok) => {
    const socket = netConnect({ host, port, timeout: 1_000 });
    socket.once('connect', () => (socket.destroy(), ok(true)));
    socket.once('error', () => ok(false));
    socket.once('timeout', () => (socket.destroy(), ok(false)));
  });
}

let running: Started | undefined;
afterEach(() => {
  if (running && running.child.exitCode === null && running.child.signalCode === null) running.child.kill('SIGKILL');
  running = undefined;
});

describe('main.ts shutdown', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'on %s closes sockets and keep-alive connections and exits 0 within 5 s',
    async (signal) => {
      const port = await freePort();
      running = await startMain(port);
      const base = `http://127.0.0.1:${port}`;
      const ws = await connect(base, 'websocket');
      const poll = await connect(base, 'polling');
      const idle = await keepAlive(base);
      // A long-poll is pending now (the polling client waits for the next packet).
      await new Promise((r) => setTimeout(r, 200));

      const sent = Date.now();
      running.child.kill(signal);
      const exit = await Promise.race([
        running.exited,
        new Promise<never>((_, fail) => setTimeout(() => fail(new Error(`no exit 5 s after ${signal}:\n${running?.output()}`)), 5_000)),
      ]);
      const took = exit.at - sent;
      console.log(`${signal}: exited in ${took} ms`);
      expect(exit).toMatchObject({ code: 0, signal: null });
      expect(took).toBeLessThan(5_000);
      expect(await ws.disconnected).toBe('transport close');
      expect(await poll.disconnected).toMatch(/transport (close|error)/);
      await idle.closed;
      ws.socket.close();
      poll.socket.close();
      idle.agent.destroy();
    },
    20_000,
  );
});

describe('main.ts settings', () => {
  it('listens on loopback only by default, and MOCK_CONTROL=off turns the control API off', async () => {
    const port = await freePort();
    running = await startMain(port, { HOST: undefined, MOCK_CONTROL: 'off' });
    expect(running.output()).toContain(`http://127.0.0.1:${port}/h5/`);
    expect(running.output()).toContain('control API off');
    // No SEED: a fresh random seed, printed so that the world can be made again.
    expect(running.output()).toMatch(/seed (\d+) \(random: SEED=\1 makes this world again\)/);
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/api/settings`)).status).toBe(200);
    const reset = await fetch(`${base}/__mock/reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(reset.status).toBe(404);
    expect((await fetch(`${base}/__mock/state`)).status).toBe(404);
    // Another interface of this machine (when it has one) does not answer.
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal);
    if (lan) expect(await reachable(lan.address, port)).toBe(false);
    running.child.kill('SIGTERM');
    expect((await running.exited).code).toBe(0);
  }, 20_000);

  it('refuses a MOCK_CONTROL that is neither on nor off', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'mock-server/src/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: String(await freePort()), MOCK_CONTROL: 'of' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let err = '';
      child.stderr.on('data', (d) => (err += d));
      const code = await new Promise<number | null>((ok) => {
        child.once('exit', ok);
        setTimeout(() => ok(null), 10_000).unref();
      });
      expect(code).toBe(1);
      expect(err).toContain('MOCK_CONTROL must be "on" or "off"');
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }, 20_000);
});
