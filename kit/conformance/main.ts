/**
 * `npm run conformance -- --base URL [options]`: checks a server against the contracts.
 * `npm run conformance -- --mock`: the same against this project's mock, started in-process.
 *
 * Exit status: 0 when every check passed (skips included), 1 when any failed, 2 for bad arguments.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { parseArgs, promisify } from 'node:util';
import type { CodeSource } from './context.ts';
import { textReport, writeReports } from './report.ts';
import { runConformance } from './runner.ts';

const HELP = `Usage: npm run conformance -- --base <API base URL> [options]
       npm run conformance -- --mock [options]

Target
  --base URL          the API base, as the app's apiBase (https://staging.example.com/api)
  --socket URL        the Socket.IO server (default: the origin of --base)
  --header 'N: V'     a header every request carries (a gateway key, a staging cookie); repeatable
  --ca FILE           trust this CA certificate (a staging server with its own certificate)
  --insecure          do not check the server's TLS certificate at all
  --control URL       the mock's control API (http://localhost:8080/__mock), for the cases that
                      need time to pass or a fault injected; without it they are skipped

Sessions
  --account A         the account the run logs in with (default demo@example.com); the run
                      leaves its data as it found it
  --password P        its password (default Demo1234)
  --token T           a session token to use instead of logging in (single sign-on, a second factor)
  --account2 B        a second account, for the checks that users cannot reach each other's things
  --password2 Q
  --code C            the verification code the server accepts (a sandbox's fixed code), to
                      register the fresh users that changing checks run as
  --code-command CMD  a command that prints the code sent to $CONFORMANCE_ACCOUNT for
                      $CONFORMANCE_SCENE (it reads a test mailbox, an SMS sandbox, a 2FA seed…)
                      Without --code or --code-command, checks that change state are skipped.

Selection and output
  --only X,Y          only these operationIds or tags (tags: the contract's, and the phases
                      flows, realtime, examples, cases, sequences, generated, invalid)
  --skip X,Y          not these operationIds or tags
  --seed N            the seed of the generated requests (default 42, so a run repeats the last)
  --listen S          seconds the realtime phase listens to events (default 5)
  --out DIR           where conformance.json and conformance.junit.xml go (default conformance-report)
  --verbose           list every check, and every pair the coverage did not reach
  --repeat N          run N times in a row against the same server (default 1): each run must
                      pass, which shows that a run leaves the server as it found it

  --mock              start this project's mock in-process and run against it (with its
                      control API and its sandbox code)
  --port N            the port the --mock server listens on (default: any free port)`;

function fail(message: string): never {
  console.error(`${message}\n\n${HELP}`);
  process.exit(2);
}

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: {
      base: { type: 'string' },
      socket: { type: 'string' },
      header: { type: 'string', multiple: true },
      ca: { type: 'string' },
      insecure: { type: 'boolean', default: false },
      control: { type: 'string' },
      account: { type: 'string', default: 'demo@example.com' },
      password: { type: 'string', default: 'Demo1234' },
      token: { type: 'string' },
      account2: { type: 'string' },
      password2: { type: 'string' },
      code: { type: 'string' },
      'code-command': { type: 'string' },
      only: { type: 'string', multiple: true },
      skip: { type: 'string', multiple: true },
      listen: { type: 'string', default: '5' },
      seed: { type: 'string', default: '42' },
      out: { type: 'string', default: 'conformance-report' },
      verbose: { type: 'boolean', default: false },
      repeat: { type: 'string', default: '1' },
      mock: { type: 'boolean', default: false },
      port: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  }).values;
}
try {
  args = parse();
} catch (e) {
  fail((e as Error).message);
}
if (args.help) {
  console.log(HELP);
  process.exit(0);
}
const list = (v?: string[]) =>
  v
    ?.flatMap((x) => x.split(','))
    .map((x) => x.trim())
    .filter(Boolean);
const listenSeconds = Number(args.listen);
if (!Number.isFinite(listenSeconds) || listenSeconds < 0 || listenSeconds > 600) fail('--listen must be a number of seconds from 0 to 600');
if (Boolean(args.account2) !== Boolean(args.password2)) fail('--account2 and --password2 go together');
if (!args.mock && !args.base) fail('Give --base (or --mock)');
if (args.mock && args.base) fail('Give --base or --mock, not both');
if (args.port !== undefined && !args.mock) fail('--port is the port of the --mock server');
const port = args.port === undefined ? 0 : Number(args.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail('--port must be a port number from 0 to 65535');
const seed = Number(args.seed);
if (!Number.isInteger(seed)) fail('--seed must be a whole number');
const repeat = Number(args.repeat);
if (!Number.isInteger(repeat) || repeat < 1 || repeat > 10) fail('--repeat must be a whole number from 1 to 10');
if (args.code && args['code-command']) fail('Give --code or --code-command, not both');
if (args.ca && !existsSync(args.ca)) fail(`No such file: --ca ${args.ca}`);
for (const url of [args.base, args.socket, args.control]) {
  if (url && !URL.canParse(url)) fail(`Not a URL: ${url}`);
}
const headers: Record<string, string> = {};
for (const h of args.header ?? []) {
  const at = h.indexOf(':');
  if (at < 1) fail(`--header must be 'Name: value', got ${h}`);
  headers[h.slice(0, at).trim().toLowerCase()] = h.slice(at + 1).trim();
}

/** `--code-command`: run with the account and scene in its environment; its output's first line is the code. */
function commandCode(command: string): CodeSource {
  const run = promisify(execFile);
  return async (account, scene) => {
    const { stdout } = await run('sh', ['-c', command], { env: { ...process.env, CONFORMANCE_ACCOUNT: account, CONFORMANCE_SCENE: scene }, timeout: 60_000 });
    return stdout.split('\n')[0]?.trim() || undefined;
  };
}

let close = async () => {};
let apiBase = args.base!;
let control = args.control;
let code: CodeSource | undefined = args.code ? async () => args.code : args['code-command'] ? commandCode(args['code-command']) : undefined;
if (args.mock) {
  const { createServer } = await import('../../mock-server/src/http/server.ts');
  const server = await createServer({ staticDir: '/nonexistent', world: { seed: 42 } });
  server.host.start();
  try {
    await server.app.listen({ port, host: '127.0.0.1' });
  } catch (e) {
    fail(`The mock cannot listen on port ${port}: ${(e as Error).message}`);
  }
  const origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  apiBase = `${origin}/api`;
  control ??= `${origin}/__mock`;
  // The mock's sandbox accepts this code for every verification (docs/mock-server.md).
  code ??= async () => '123456';
  close = () => server.app.close();
}

const options = {
  apiBase,
  headers,
  tls: args.ca || args.insecure ? { ca: args.ca, insecure: args.insecure } : undefined,
  socketUrl: args.socket,
  control,
  account: { account: args.account!, password: args.password! },
  token: args.token,
  second: args.account2 ? { account: args.account2, password: args.password2! } : undefined,
  code,
  only: list(args.only),
  skip: list(args.skip),
  listenMs: listenSeconds * 1000,
  seed,
};
let failed = false;
for (let run = 1; run <= repeat; run++) {
  const started = performance.now();
  const of = repeat > 1 ? ` (run ${run} of ${repeat})` : '';
  console.log(`Conformance of ${apiBase} to contracts/openapi.yaml and contracts/asyncapi.yaml${of}`);
  const results = await runConformance(options);
  console.log(textReport(results, args.verbose));
  const files = writeReports(repeat > 1 ? `${args.out!}/run-${run}` : args.out!, results, apiBase);
  console.log(`Reports: ${files.json}, ${files.junit} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
  failed ||= results.some((r) => r.status === 'fail');
}
await close();
process.exit(failed ? 1 : 0);
