/** `npm start` / `npm run serve`: the mock backend and the built app on one port. */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from './http/server.ts';

const port = Number(process.env.PORT ?? 8080);
const hostname = process.env.HOST ?? '0.0.0.0';
const seed = process.env.SEED ? Number(process.env.SEED) : undefined;
const staticDir = resolve(fileURLToPath(import.meta.url), '../../../dist/h5');

const { app, host } = await createServer({
  staticDir,
  world: { seed, freezeClock: process.env.FREEZE_CLOCK === 'true' },
  logger: process.env.LOG === 'true',
});
host.start();
await app.listen({ port, host: hostname });
const shown = hostname === '0.0.0.0' || hostname === '::' ? 'localhost' : hostname;
console.log(`Mock backend and app: http://${shown}:${port}/h5/  (API /api/, control /__mock/, seed ${host.world.seed})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
