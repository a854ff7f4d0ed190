/**
 * `npm run conformance -- --base URL [--socket URL] [--account A --password P] [--account2 B --password2 Q]
 *                        [--only tag,operationId] [--skip operationId] [--listen 5] [--out dir] [--verbose]`
 * `npm run conformance -- --mock`: the same against this project's mock, started in-process.
 *
 * Exit status: 0 when every check passed (skips included), 1 when any failed, 2 for bad arguments.
 */
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import { textReport, writeReports } from './report.ts';
import { runConformance } from './runner.ts';

const HELP = `Usage: npm run conformance -- --base <API base URL> [options]
       npm run conformance -- --mock [options]

  --base URL        the API base, as the app's apiBase (https://staging.example.com/api)
  --socket URL      the Socket.IO server (default: the origin of --base)
  --account A       the account to log in with (default demo@example.com)
  --password P      its password (default Demo1234)
  --account2 B      a second account, for the checks that users cannot reach each other's things
  --password2 Q     (without them, a sandbox server gets a fresh registration with --code)
  --code C          the verification code a sandbox server accepts (default 123456)
  --only X,Y        only these operationIds or tags (tags: the contract's, plus realtime and flows)
  --skip X,Y        not these operationIds or tags
  --listen S        seconds the realtime phase listens to events (default 5)
  --out DIR         where conformance.json and conformance.junit.xml go (default conformance-report)
  --verbose         list every check, not only the failing ones
  --mock            start this project's mock server in-process and run against it`;

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
      account: { type: 'string', default: 'demo@example.com' },
      password: { type: 'string', default: 'Demo1234' },
      account2: { type: 'string' },
      password2: { type: 'string' },
      code: { type: 'string' },
      only: { type: 'string', multiple: true },
      skip: { type: 'string', multiple: true },
      listen: { type: 'string', default: '5' },
      out: { type: 'string', default: 'conformance-report' },
      verbose: { type: 'boolean', default: false },
      mock: { type: 'boolean', default: false },
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
for (const url of [args.base, args.socket]) {
  if (url && !URL.canParse(url)) fail(`Not a URL: ${url}`);
}

let close = async () => {};
let apiBase = args.base!;
if (args.mock) {
  const { createServer } = await import('../../mock-server/src/http/server.ts');
  const server = await createServer({ staticDir: '/nonexistent', world: { seed: 42 } });
  server.host.start();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  apiBase = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/api`;
  close = () => server.app.close();
}

const started = performance.now();
console.log(`Conformance of ${apiBase} to contracts/openapi.yaml and contracts/asyncapi.yaml`);
const results = await runConformance({
  apiBase,
  socketUrl: args.socket,
  account: { account: args.account!, password: args.password! },
  second: args.account2 ? { account: args.account2, password: args.password2! } : undefined,
  sandboxCode: args.code,
  only: list(args.only),
  skip: list(args.skip),
  listenMs: listenSeconds * 1000,
});
await close();
console.log(textReport(results, args.verbose));
const files = writeReports(args.out!, results, apiBase);
console.log(`Reports: ${files.json}, ${files.junit} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
process.exit(results.some((r) => r.status === 'fail') ? 1 : 0);
