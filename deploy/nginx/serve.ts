/**
 * `npm run serve:prod`: the built app as production serves it, at https://localhost:8443/h5/ —
 * Debian's nginx with HTTP/2 and TLS (deploy/nginx/nginx.conf.template), in front of the mock
 * (started here on a free loopback port, trusting nginx's X-Forwarded-For) or of a real backend.
 *
 * Settings (environment):
 * - PORT: the HTTPS port (8443);
 * - UPSTREAM: host:port of the backend that answers /api, /socket.io, /__mock and /__docs; unset,
 *   the mock is started here (SEED, SCENARIO and the mock's other settings pass through to it);
 * - TLS_CERT and TLS_KEY: a real certificate and its key (PEM); unset, a self-signed one for
 *   localhost and 127.0.0.1 is made on the fly with openssl, valid for 30 days;
 * - H5_DIST: the built app (dist/h5).
 *
 * Used by the e2e tests too (`startNginx`), with the test worker's own mock as the upstream.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitForPort } from '../../scripts/net.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = resolve(here, '../..');
const BROTLI_STATIC = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export interface NginxOptions {
  /** The HTTPS port (0: a free one). */
  port: number;
  /** host:port of the backend. */
  upstream: string;
  /** The built app (its index.html inside). */
  dist: string;
  /** PEM certificate and key; a self-signed pair for localhost when absent. */
  cert?: string;
  key?: string;
}

export interface RunningNginx {
  /** `https://localhost:PORT` (no trailing slash). */
  origin: string;
  port: number;
  /** Whether .br files are sent as they are (Debian's libnginx-mod-http-brotli-static is installed). */
  brotli: boolean;
  stop(): Promise<void>;
}

/** The nginx executable, or a message saying how to get it. */
function nginxBinary(): string {
  for (const path of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(path)) return path;
  throw new Error("nginx is not installed: `sudo apt-get install nginx libnginx-mod-http-brotli-static` (Debian's nginx; .ci/run installs it).");
}

/** A self-signed certificate for localhost and 127.0.0.1 in `dir` (cert.pem, key.pem). */
function selfSigned(dir: string): { cert: string; key: string } {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '30',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr || made.error?.message}`);
  return { cert, key };
}

/** Starts nginx in the foreground with the repo's configuration filled in; `stop` ends it and removes its files. */
export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  const binary = nginxBinary();
  if (!existsSync(join(options.dist, 'index.html')))
    throw new Error(`The app is not built (${join(options.dist, 'index.html')} is missing): run \`npm run build\` first.`);
  const prefix = mkdtempSync(join(tmpdir(), 'h5-nginx-'));
  // nginx serves /h5/x from ROOT/h5/x: ROOT holds a link named h5 to the build, wherever it is.
  const root = join(prefix, 'www');
  mkdirSync(root);
  symlinkSync(resolve(options.dist), join(root, 'h5'));
  const tls = options.cert && options.key ? { cert: resolve(options.cert), key: resolve(options.key) } : selfSigned(prefix);
  const port = options.port || (await freePort());
  const brotli = existsSync(BROTLI_STATIC);
  const values: Record<string, string> = {
    PREFIX: prefix,
    ROOT: root,
    PORT: String(port),
    UPSTREAM: options.upstream,
    CERT: tls.cert,
    KEY: tls.key,
    LOAD_BROTLI: brotli ? `load_module ${BROTLI_STATIC};` : '# (no brotli module: .gz only)',
    BROTLI_STATIC: brotli ? 'brotli_static on;' : '',
    // As root, nginx would hand its workers to nobody, who may not read the build: keep this user.
    USER: process.getuid?.() === 0 ? `user ${userInfo().username};` : '',
  };
  const template = readFileSync(join(here, 'nginx.conf.template'), 'utf8');
  const config = template.replace(/\{\{([A-Z_]+)\}\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`nginx.conf.template: no value for {{${name}}}`);
    return values[name];
  });
  const configFile = join(prefix, 'nginx.conf');
  writeFileSync(configFile, config);
  const test = spawnSync(binary, ['-t', '-q', '-p', prefix, '-c', configFile, '-e', 'stderr'], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx refuses the configuration (${configFile}):\n${test.stderr}`);
  const child = spawn(binary, ['-p', prefix, '-c', configFile, '-e', 'stderr'], { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
  try {
    await waitForPort(port, 10_000, 'nginx');
  } catch (e) {
    child.kill('SIGTERM');
    throw e;
  }
  return {
    origin: `https://localhost:${port}`,
    port,
    brotli,
    async stop() {
      // SIGQUIT: finish what is in flight, then exit.
      child.kill('SIGQUIT');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/** The mock on a free loopback port, trusting the proxy in front of it on loopback. */
async function startMock(): Promise<{ upstream: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'mock-server/src/main.ts')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', TRUST_PROXY: 'loopback' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForPort(port, 30_000, 'The mock');
  return { upstream: `127.0.0.1:${port}`, child };
}

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 8443);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`PORT must be a port number, not "${process.env.PORT}"`);
  const mock = process.env.UPSTREAM ? null : await startMock();
  const nginx = await startNginx({
    port,
    upstream: process.env.UPSTREAM ?? mock!.upstream,
    dist: process.env.H5_DIST ?? join(repoRoot, 'dist/h5'),
    cert: process.env.TLS_CERT,
    key: process.env.TLS_KEY,
  });
  console.log(
    `The app over HTTPS and HTTP/2 (nginx): ${nginx.origin}/h5/  → ${process.env.UPSTREAM ? `backend ${process.env.UPSTREAM}` : 'the mock'}` +
      (process.env.TLS_CERT ? '' : '\n(a self-signed certificate made for this run: the browser asks once to trust it)'),
  );
  const stop = async () => {
    await nginx.stop();
    mock?.child.kill('SIGTERM');
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e: unknown) => {
    console.error((e as Error).message);
    process.exit(1);
  });
}
