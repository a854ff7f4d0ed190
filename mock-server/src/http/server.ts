/**
 * The HTTP adapter: fastify serving the built app under /h5/ (with history fallback), the API
 * under /api/ (one route per contract operation), the control API under /__mock/, and socket.io
 * at /socket.io/, all on one port.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyCompress from '@fastify/compress';
import { controlTable, type ControlOperationId } from '../../../contracts/generated/control-operations.ts';
import { operationTable, type OperationId } from '../../../contracts/generated/operations.ts';
import { control } from '../core/control.ts';
import { dispatch, envelopeError } from '../core/dispatch.ts';
import { WorldHost } from '../host.ts';
import { attachRealtime } from '../realtime/socket.ts';
import type { WorldOptions } from '../domain/world.ts';

export interface ServerOptions {
  /** Folder of the built app (index.html, assets/). */
  staticDir: string;
  world?: WorldOptions;
  logger?: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function isControl(req: FastifyRequest) {
  return req.url.startsWith('/__mock/');
}

export async function createServer(options: ServerOptions): Promise<{ app: FastifyInstance; host: WorldHost; io: ReturnType<typeof attachRealtime> }> {
  const host = new WorldHost(options.world);
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 1024 * 1024, return503OnClosing: true });

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  // Every failure of parsing or routing answers in the contract's terms, never with a stack.
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, req, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    const code =
      status === 415 ? 'unsupported_media_type' : status === 413 ? 'body_too_large' : status === 400 ? 'malformed_body' : 'internal';
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
        const res = dispatch(host.world, {
          operationId: op.operationId as OperationId,
          path: op.path,
          token: auth ? auth.replace(/^Bearer\s+/i, '') : undefined,
          idempotencyKey: (req.headers['idempotency-key'] as string | undefined) || undefined,
          query: req.query as Record<string, string>,
          body: req.body ?? undefined,
        });
        if (res.delayMs) await sleep(res.delayMs);
        return reply.code(res.status).header('cache-control', 'no-store').send(res.body);
      },
    });
  }

  for (const op of Object.values(controlTable)) {
    app.route({
      method: op.method.toUpperCase() as 'GET',
      url: `/__mock${op.path}`,
      handler: async (req, reply) => {
        const res = control(host, op.operationId as ControlOperationId, req.body ?? undefined);
        return reply.code(res.status).send(res.body);
      },
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
      setHeaders: (res, path) => {
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const indexHtml = () => readFileSync(indexFile, 'utf8');

  app.get('/', (_req, reply) => reply.redirect('/h5/'));
  app.get('/favicon.ico', (_req, reply) => reply.code(204).send());
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    if (path.startsWith('/api/')) {
      return reply.code(404).send(envelopeError('not_found', `No operation ${req.method} ${path}`));
    }
    if (isControl(req)) return reply.code(404).send({ error: `No control operation ${req.method} ${path}` });
    if ((path === '/h5' || path.startsWith('/h5/')) && req.method === 'GET' && !/\.[a-z0-9]+$/i.test(path)) {
      if (!built) return reply.code(503).type('text/plain').send('The app is not built yet: run `npm run build`.');
      // History fallback: any /h5/... page is the app, which routes on the client.
      try {
        return reply.code(200).type('text/html').header('cache-control', 'no-cache').send(indexHtml());
      } catch {
        return reply.code(503).type('text/plain').send('The app is being rebuilt; reload in a moment.');
      }
    }
    return reply.code(404).type('text/plain').send('Not found');
  });

  const io = attachRealtime(app.server, host);
  app.addHook('onClose', async () => {
    host.stop();
    await io.close();
  });
  return { app, host, io };
}
