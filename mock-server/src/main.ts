/** `npm start` / `npm run serve`: the mock backend and the built app on one port. */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listScenarios, resolveScenario, ScenarioFileError } from './core/scenario-files.ts';
import type { ScenarioFile } from './core/scenario-file.ts';
import { createServer, parseAllowedHosts, parseTrustProxy } from './http/server.ts';
import { startSeed } from './host.ts';

/** After a signal, exit even if closing has not finished by then. */
const HARD_EXIT_MS = 5_000;

const port = Number(process.env.PORT ?? 8080);
// Loopback by default: the control API can reset the world. HOST=0.0.0.0 shares it on the network.
const hostname = process.env.HOST || '127.0.0.1';
let seed: ReturnType<typeof startSeed>;
try {
  seed = startSeed(process.env.SEED);
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
// `earning` by default: a developer who starts the app sees earn positions in progress, not empty pages.
// A name that is not built in is a file, mock-server/scenarios/<name>.yaml, checked against the contract.
const scenario = process.env.SCENARIO || 'earning';
let scenarioFile: ScenarioFile | undefined;
try {
  scenarioFile = resolveScenario(scenario).scenarioFile;
} catch (e) {
  if (!(e instanceof ScenarioFileError)) throw e;
  const names = listScenarios()
    .filter((s) => !s.error)
    .map((s) => s.name);
  console.error(`SCENARIO: ${e.message}\nScenarios: ${names.join(', ')}`);
  process.exit(1);
}
const staticDir = resolve(fileURLToPath(import.meta.url), '../../../dist/h5');

const controlSetting = (process.env.MOCK_CONTROL || 'on').toLowerCase();
if (controlSetting !== 'on' && controlSetting !== 'off') {
  console.error(`MOCK_CONTROL must be "on" or "off", not "${process.env.MOCK_CONTROL}"`);
  process.exit(1);
}
const control = controlSetting === 'on';
// The control API answers localhost, IP addresses, HOST and these names only (DNS rebinding).
let allowedHosts: string[];
try {
  allowedHosts = [hostname.toLowerCase(), ...parseAllowedHosts(process.env.ALLOWED_HOSTS)];
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}

// The proxies whose X-Forwarded-For names the client (nginx in front: `loopback`).
let trustProxy: string | undefined;
try {
  trustProxy = parseTrustProxy(process.env.TRUST_PROXY);
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}

if (!existsSync(join(staticDir, 'index.html'))) {
  console.warn(`The app is not built (${staticDir} has no index.html): /h5/ answers 503 until \`npm run build\` has run.`);
}

const { app, host } = await createServer({
  staticDir,
  // FREEZE_CLOCK unset: the scenario file's `clock.frozen`, else running.
  // A reset that names no seed gets the same default: SEED, or this start's random seed.
  world: {
    defaultSeed: seed.seed,
    ...(seed.random ? {} : { seed: seed.seed }),
    scenario,
    scenarioFile,
    freezeClock: process.env.FREEZE_CLOCK ? process.env.FREEZE_CLOCK === 'true' : undefined,
  },
  logger: process.env.LOG === 'true',
  control,
  allowedHosts,
  trustProxy,
});
host.start();
await app.listen({ port, host: hostname });
const shown = hostname === '0.0.0.0' || hostname === '::' ? 'localhost' : hostname.includes(':') ? `[${hostname}]` : hostname;
console.log(
  `Mock backend and app: http://${shown}:${port}/h5/  (API /api/, ${control ? 'control /__mock/' : 'control API off'}, seed ${host.world.seed}${seed.random && host.world.seed === seed.seed ? ' (random: SEED=' + seed.seed + ' makes this world again)' : ''}, scenario ${scenario})`,
);

// Graceful shutdown: app.close() stops the world's timer, disconnects Socket.IO clients and closes
// every connection (see createServer). A second signal, or closing taking over HARD_EXIT_MS, exits at once.
let stopping = false;
function shutdown(signal: NodeJS.Signals) {
  if (stopping) {
    console.log(`${signal} again: exiting now`);
    process.exit(1);
  }
  stopping = true;
  const started = Date.now();
  setTimeout(() => {
    console.error(`Closing took over ${HARD_EXIT_MS} ms: exiting anyway`);
    process.exit(1);
  }, HARD_EXIT_MS).unref();
  app.close().then(
    () => {
      console.log(`Stopped (${signal}) in ${Date.now() - started} ms`);
      process.exit(0);
    },
    (error: unknown) => {
      console.error('Closing failed:', error);
      process.exit(1);
    },
  );
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, shutdown);
