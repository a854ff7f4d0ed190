/**
 * `npm run contract:proxy -- --upstream URL [--port 4010] [--errors]`: Stoplight Prism's validating
 * proxy between the app and a real backend. Every request and answer is checked against the REST
 * contract (its bundle, contracts/generated/bundled/openapi.yaml: one self-contained document) and
 * each violation is printed here; with --errors an answer that breaks the contract is replaced by a
 * 500 listing the violations, so the app shows it too.
 *
 * Point the app at it in dist/h5/config.js: `apiBase: 'http://127.0.0.1:4010'` (Socket.IO is not
 * proxied: keep `socketHost` on the backend).
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { OPENAPI } from '../../codegen/generators/paths.ts';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const { values } = parseArgs({
  options: {
    upstream: { type: 'string' },
    port: { type: 'string', default: '4010' },
    host: { type: 'string', default: '127.0.0.1' },
    errors: { type: 'boolean', default: false },
  },
});
if (!values.upstream || !URL.canParse(values.upstream)) {
  console.error('Usage: npm run contract:proxy -- --upstream <API base URL, e.g. https://staging.example.com/api> [--port 4010] [--errors]');
  process.exit(2);
}
const args = ['proxy', OPENAPI, values.upstream, '--port', values.port!, '--host', values.host!, '--errors', String(values.errors)];
const prism = spawn(join(root, 'node_modules/.bin/prism'), args, { stdio: ['ignore', 'pipe', 'pipe'] });

// Prism lists every route at start; keep what matters: violations, warnings, errors, and its address.
const route = /\[CLI\] .*info\s+(GET|POST|PUT|PATCH|DELETE)\s/;
for (const stream of [prism.stdout, prism.stderr]) {
  createInterface({ input: stream }).on('line', (line) => {
    if (route.test(line)) return;
    if (/Prism is listening/.test(line)) {
      console.log(line);
      console.log(
        `Validating proxy ready: set apiBase to 'http://${values.host}:${values.port}' in dist/h5/config.js. Violations print below${values.errors ? ' and answer 500' : ''}.`,
      );
      return;
    }
    console.log(line);
  });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => prism.kill(signal));
prism.on('exit', (code) => process.exit(code ?? 0));
