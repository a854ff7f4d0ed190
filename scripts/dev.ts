/**
 * `npm run dev`: the mock backend (port MOCK_PORT, default 8080, on 127.0.0.1 unless HOST says
 * otherwise) and the Vite dev server with hot reload (port DEV_PORT, default 5173, at /h5/; it
 * proxies /api, /__mock and /socket.io to the mock). /__mock is proxied with the browser's Host
 * header kept (web/vite.config.ts), so a page of the dev server passes the control API's
 * same-origin check and a page of any other site does not. Output is prefixed per process; Ctrl-C
 * stops both (the mock closes its sockets and exits at once), and so does either one exiting.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const mockPort = process.env.MOCK_PORT ?? '8080';
const devPort = process.env.DEV_PORT ?? '5173';
const env = { ...process.env, MOCK_PORT: mockPort, DEV_PORT: devPort };

const children: ChildProcess[] = [];
let stopping = false;

function run(name: string, command: string, args: string[], extraEnv: Record<string, string> = {}) {
  // Each child leads its own process group, so stopping it also stops what it spawned (npx → vite).
  const child = spawn(command, args, { cwd: root, env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const prefix = `[${name}]`.padEnd(7);
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream! }).on('line', (line) => console.log(`${prefix}${line}`));
  }
  child.on('error', (error) => {
    console.error(`${prefix}failed to start: ${error.message}`);
    stop(1);
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${prefix}exited (${signal ?? `code ${code}`}); stopping the other process`);
    stop(code ?? 1);
  });
  children.push(child);
  return child;
}

function kill(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

function stop(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) kill(child, 'SIGTERM');
  const force = setTimeout(() => {
    for (const child of children) kill(child, 'SIGKILL');
    process.exit(code);
  }, 3000);
  force.unref();
  Promise.all(children.map((c) => (c.exitCode !== null || c.signalCode !== null ? null : new Promise((r) => c.once('exit', r))))).then(() =>
    process.exit(code),
  );
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
process.on('SIGHUP', () => stop(0));
// Last resort if this process exits some other way: do not leave the servers running.
process.on('exit', () => {
  for (const child of children) kill(child, 'SIGTERM');
});

run('mock', process.execPath, ['--import', 'tsx', 'mock-server/src/main.ts'], { PORT: mockPort });
run('vite', 'npx', ['vite', '--config', 'web/vite.config.ts']);

console.log(`Dev server with hot reload: http://localhost:${devPort}/h5/  (mock backend on port ${mockPort})`);
