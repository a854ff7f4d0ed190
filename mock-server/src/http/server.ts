/**
 * The HTTP adapter: fastify serving the built app under /h5/ (with history fallback), the API
 * under /api/ (one route per contract operation), the control API under /__mock/, and socket.io
 * at /socket.io/, all on one port.
 *
 * Web security lives here too, because it is about the wire, not the domain: the control API
 * answers only JSON bodies, only an allowed Host and never a foreign Origin; every response carries nosniff and a
 * referrer policy, the app (/h5/) a Content-Security-Policy; JSON bodies with __proto__ or
 * constructor keys, or nested too deep, are refused; `close()` ends Socket.IO clients and open
 * connections at once.
 */
import { existsSync, readFileSync } from 'node:fs';
import { isIP, type Socket as NetSocket } from 'node:net';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyCompress from '@fastify/compress';
import { controlTable, type ControlOperationId } from '../../../contracts/generated/control-operations.ts';
import { operationTable, type OperationId } from '../../../contracts/generated/operations.ts';
import { control } from '../core/control.ts';
import { MAX_BODY_DEPTH, MAX_CONTROL_BODY_DEPTH, parseJsonBody } from '../core/body.ts';
import { INJECTED_HEADER } from '../core/injected.ts';
import { envelopeError } from '../core/dispatch.ts';
import { WorldHost } from '../host.ts';
import { attachRealtime } from '../realtime/socket.ts';
import { registerDocs } from './docs/routes.ts';
import type { WorldOptions } from '../domain/world.ts';

export interface ServerOptions {
  /** Folder of the built app (index.html, assets/). */
  staticDir: string;
  world?: WorldOptions;
  logger?: boolean;
  /**
   * Serve the control API under /__mock/ (default true). `false` (env `MOCK_CONTROL=off`, for a
   * public demo): every /__mock/ request answers 404 and nothing else changes.
   */
  control?: boolean;
  /**
   * Host names the control API answers besides localhost, *.localhost and IP addresses (env `HOST`
   * and `ALLOWED_HOSTS`): a name, or `.example.com` for that name and every name under it.
   */
  allowedHosts?: readonly string[];
  /**
   * The proxies in front of this server whose X-Forwarded-For names the client (env `TRUST_PROXY`:
   * addresses, CIDR ranges or `loopback`, comma-separated), so that per-client attempt limits and a
   * logged-out client's idempotency keys are per client, not per proxy. Default: none.
   */
  trustProxy?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const FOREIGN_HOST_MESSAGE = 'The control API answers only requests whose Host is localhost, an IP address, HOST or a name in ALLOWED_HOSTS';

/** How long `app.close()` lets clients finish before it destroys the connections still open. */
const CLOSE_GRACE_MS = 2_000;

function isControl(req: FastifyRequest) {
  return req.url === '/__mock' || req.url.startsWith('/__mock/') || req.url.startsWith('/__mock?');
}

function isApp(req: FastifyRequest) {
  return req.url === '/h5' || req.url.startsWith('/h5/') || req.url.startsWith('/h5?');
}

/** A body that cannot be taken: answered with its own code and message (HTTP 400). */
class BodyError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly envelopeCode: 'malformed_body',
    message: string,
  ) {
    super(message);
  }
}

/** The media type of the request without parameters, lower case ('' when there is none). */
function mediaType(req: FastifyRequest): string {
  return (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
}

function hasBody(req: FastifyRequest): boolean {
  return req.headers['content-type'] !== undefined || req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** Whether an Origin header names the host:port the request was sent to (the page's own origin). */
function sameHost(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === new URL(`http://${host}`).host;
  } catch {
    return false; // `null` (sandboxed frames, file:) and anything unparsable are foreign
  }
}

/**
 * Whether the control API answers a request sent to `host` (its Host header). A page of another
 * site that rebinds its own name to this server's address (DNS rebinding) passes the Origin check,
 * since to the browser it is same-origin, but its Host is that name. As Vite's `server.allowedHosts`:
 * localhost and names under .localhost (browsers resolve them to loopback themselves), IP addresses
 * (no name to rebind), and the names `allowed` lists.
 */
export function hostAllowed(host: string | undefined, allowed: readonly string[]): boolean {
  if (!host) return false;
  let name: string;
  try {
    name = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  if (name === 'localhost' || name.endsWith('.localhost') || isIP(name.replace(/^\[(.*)\]$/, '$1'))) return true;
  return allowed.some((entry) => (entry.startsWith('.') ? name === entry.slice(1) || name.endsWith(entry) : name === entry));
}

/** A host name of ALLOWED_HOSTS (lower case, no port), `.` first for the name and every name under it. */
const HOST_NAME = /^\.?[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$/;

/** The names of a comma-separated setting (`ALLOWED_HOSTS`), for `allowedHosts`; throws on one that is not a host name. */
export function parseAllowedHosts(setting: string | undefined): string[] {
  const names = (setting ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const bad = names.find((n) => !HOST_NAME.test(n));
  if (bad !== undefined) throw new Error(`ALLOWED_HOSTS lists host names without a port, separated by commas ("example.test", ".example.test"), not "${bad}"`);
  return names;
}

/** proxy-addr's names for address ranges, which fastify's `trustProxy` understands. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * The proxies of a comma-separated setting (`TRUST_PROXY`), for `trustProxy`: IP addresses, CIDR
 * ranges (`10.0.0.0/8`) or loopback, linklocal, uniquelocal. Undefined when empty; throws on
 * anything else.
 */
export function parseTrustProxy(setting: string | undefined): string | undefined {
  const entries = (setting ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const bad = entries.find((entry) => {
    if (PROXY_RANGES.has(entry)) return false;
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address);
    if (!family || rest.length) return true;
    return bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
  });
  if (bad !== undefined)
    throw new Error(`TRUST_PROXY lists the proxies in front of the mock: IP addresses, CIDR ranges or loopback, separated by commas, not "${bad}"`);
  return entries.length ? entries.join(',') : undefined;
}

/** A Host header safe to repeat inside a header value: a name or an IP literal, and a port. */
const WELL_FORMED_HOST = /^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The Content-Security-Policy of the app. connect-src lists the WebSocket URLs of the host the
 * page was loaded from (Socket.IO upgrades to ws: or wss:; not every browser counts those as
 * 'self'). Styles need 'unsafe-inline': Mantine injects <style> elements at run time.
 */
function appContentSecurityPolicy(host: string | undefined): string {
  const ws = host && WELL_FORMED_HOST.test(host) ? ` ws://${host} wss://${host}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    `connect-src 'self'${ws}`,
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * The wire form of an API answer. An ok answer whose message is frozen (one the domain serves again
 * unchanged: settings, coins, a second's tickers, a book, a wallet until it changes) is encoded once
 * and its JSON kept with it; the bytes are those of `JSON.stringify(body)`. Anything else is left to
 * fastify's serializer.
 */
const jsonOf = new WeakMap<object, string>();
function encode(body: unknown): string | undefined {
  const envelope = body as { type?: unknown; message?: unknown } | null;
  const message = envelope?.message;
  if (envelope?.type !== 'ok' || typeof message !== 'object' || message === null || !Object.isFrozen(message)) return undefined;
  const keys = Object.keys(envelope);
  if (keys.length !== 2 || keys[0] !== 'type') return undefined;
  let json = jsonOf.get(message);
  if (json === undefined) jsonOf.set(message, (json = JSON.stringify(message)));
  return `{"type":"ok","message":${json}}`;
}

export async function createServer(options: ServerOptions): Promise<{ app: FastifyInstance; host: WorldHost; io: ReturnType<typeof attachRealtime> }> {
  const host = new WorldHost(options.world);
  const controlOn = options.control ?? true;
  const allowedHosts = options.allowedHosts ?? [];
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 1024 * 1024, return503OnClosing: true, trustProxy: options.trustProxy || false });

  // Bodies are form-encoded or JSON (contracts/openapi.yaml); fastify's own text/plain parser would
  // hand a string to the validators (a 400) instead of refusing the media type (415).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const parsed = parseJsonBody(body as string, isControl(req) ? MAX_CONTROL_BODY_DEPTH : MAX_BODY_DEPTH);
    if ('malformed' in parsed) return done(new BodyError('malformed_body', parsed.malformed), undefined);
    // `__proto__` and `constructor` keys stay own properties here; dispatch and control refuse them.
    done(null, parsed.value);
  });

  // nosniff and a referrer policy on every answer; the app's pages and files also get the CSP.
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (isApp(req)) reply.header('content-security-policy', appContentSecurityPolicy(req.headers.host));
    done(null, payload);
  });

  // Every failure of parsing or routing answers in the contract's terms, never with a stack.
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, req, reply) => {
    if (error instanceof BodyError) {
      if (isControl(req)) return reply.code(400).send({ error: error.message });
      return reply.code(400).send(envelopeError(error.envelopeCode, error.message));
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    const code = status === 415 ? 'unsupported_media_type' : status === 413 ? 'body_too_large' : status === 400 ? 'malformed_body' : 'internal';
    const message =
      status === 415
        ? 'Unsupported Content-Type: send application/x-www-form-urlencoded or application/json'
        : status === 413
          ? 'The request body is too large'
          : status === 400
            ? `Malformed request body: ${error.message}`
            : 'Internal server error';
    if (status === 500) req.log.error(error);
    if (isControl(req)) return reply.code(status).send({ error: message });
    return reply.code(status).send(envelopeError(code, message));
  });

  await app.register(fastifyCompress, { global: true, threshold: 1024 });

  for (const op of Object.values(operationTable)) {
    app.route({
      method: op.method.toUpperCase() as 'GET',
      url: `/api${op.path}`,
      ...('maxBodyBytes' in op ? { bodyLimit: op.maxBodyBytes } : {}),
      handler: async (req: FastifyRequest, reply: FastifyReply) => {
        const auth = req.headers.authorization;
        const res = host.dispatch({
          operationId: op.operationId as OperationId,
          path: op.path,
          token: auth ? auth.replace(/^Bearer\s+/i, '') : undefined,
          client: req.ip,
          idempotencyKey: (req.headers['idempotency-key'] as string | undefined) || undefined,
          query: req.query as Record<string, string>,
          body: req.body ?? undefined,
          form: mediaType(req) === 'application/x-www-form-urlencoded',
        });
        if (res.delayMs) await sleep(res.delayMs);
        if (res.injected) reply.header(INJECTED_HEADER, '1');
        reply.code(res.status).header('cache-control', 'no-store');
        const json = encode(res.body);
        return json === undefined ? reply.send(res.body) : reply.type('application/json; charset=utf-8').send(json);
      },
    });
  }

  if (controlOn) {
    for (const op of Object.values(controlTable)) {
      app.route({
        method: op.method.toUpperCase() as 'GET',
        url: `/__mock${op.path}`,
        ...('maxBodyBytes' in op ? { bodyLimit: op.maxBodyBytes } : {}),
        // Before the body is read: a page on another site can make a browser send a form
        // (form-encoded, multipart or text/plain, no preflight) or a no-cors fetch here, so only a
        // JSON body and no foreign Origin get through. Clients without Origin (curl, Node,
        // Playwright's request) and pages of this very host are fine. A page whose name was
        // rebound to this server is same-origin to the browser: its Host gives it away.
        onRequest: async (req, reply) => {
          if (!hostAllowed(req.headers.host, allowedHosts)) {
            return reply.code(403).send({ error: FOREIGN_HOST_MESSAGE });
          }
          const origin = req.headers.origin;
          if (origin !== undefined && !sameHost(origin, req.headers.host)) {
            return reply.code(403).send({ error: 'The control API refuses requests from other origins' });
          }
          if (hasBody(req) && mediaType(req) !== 'application/json') {
            return reply.code(415).send({ error: 'The control API accepts only application/json bodies' });
          }
        },
        handler: async (req, reply) => {
          const res = await control(host, op.operationId as ControlOperationId, req.body ?? undefined, req.query as Record<string, unknown>);
          return reply.code(res.status).send(res.body);
        },
      });
    }
  } else {
    // Turned off: 404 before anything is read, whatever the method, path or body.
    app.addHook('onRequest', async (req, reply) => {
      if (isControl(req)) return reply.code(404).send({ error: 'The control API is turned off on this server' });
    });
  }

  const indexFile = join(options.staticDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: options.staticDir,
      prefix: '/h5/',
      wildcard: false,
      index: false,
      // The build's .br and .gz beside each text file (web/build/precompress.ts): no compression per request.
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const indexHtml = () => readFileSync(indexFile, 'utf8');

  await registerDocs(app, { control: controlOn }); // the reference docs at /__docs/ (docs.ts)
  app.get('/', (_req, reply) => reply.redirect('/h5/'));
  app.get('/favicon.ico', (_req, reply) => reply.code(204).send());
  // History fallback: any /h5/... page (a path without a file extension) is the app, which routes on
  // the client. A route, not the not-found handler, so that the compression hook reaches it (index.html
  // with the static shell is 50 KB, 9 KB gzip). The built files' own routes (fastifyStatic) come first.
  const spa = async (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0];
    if (/\.[a-z0-9]+$/i.test(path)) return reply.code(404).type('text/plain').send('Not found');
    if (!built) return reply.code(503).type('text/plain').send('The app is not built yet: run `npm run build`.');
    try {
      return reply.code(200).type('text/html').header('cache-control', 'no-cache').send(indexHtml());
    } catch {
      return reply.code(503).type('text/plain').send('The app is being rebuilt; reload in a moment.');
    }
  };
  app.get('/h5', spa);
  app.get('/h5/*', spa);
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    if (path.startsWith('/api/')) {
      return reply.code(404).send(envelopeError('not_found', `No operation ${req.method} ${path}`));
    }
    if (isControl(req)) return reply.code(404).send({ error: `No control operation ${req.method} ${path}` });
    return reply.code(404).type('text/plain').send('Not found');
  });

  const io = attachRealtime(app.server, host);

  // Graceful close. Socket.IO clients (WebSockets, pending long-polls) and idle keep-alive
  // connections would keep the HTTP server open for minutes (until keepAliveTimeout or the
  // clients' own timeouts), so `close()` ends them itself: the world stops ticking; every Socket.IO
  // client is disconnected ("transport close": a client reconnects to the next server by itself)
  // and engine.io closed; idle connections are closed as they become idle; whatever is still open
  // after CLOSE_GRACE_MS (a request delayed by a fault, a peer that never answers the WebSocket
  // close) is destroyed.
  const connections = new Set<NetSocket>();
  app.server.on('connection', (socket: NetSocket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  let ioClosed: Promise<void> | undefined;
  const closeRealtime = async () => {
    host.stop();
    if (ioClosed) return ioClosed;
    const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
    const force = setTimeout(() => {
      for (const socket of connections) socket.destroy();
    }, CLOSE_GRACE_MS);
    sweep.unref();
    force.unref();
    // io.close() disconnects the clients, closes engine.io, then closes the HTTP server and waits
    // for its connections to end; fastify's own server.close() afterwards finds it closed.
    ioClosed = io.close().finally(() => {
      clearInterval(sweep);
      clearTimeout(force);
    });
    return ioClosed;
  };
  app.addHook('preClose', closeRealtime);
  app.addHook('onClose', closeRealtime);
  return { app, host, io };
}
