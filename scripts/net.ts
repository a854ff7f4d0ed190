/** Loopback ports for the scripts, benchmarks and tests that start a server of their own. */
import { createConnection, createServer, type AddressInfo } from 'node:net';

/** A port on 127.0.0.1 free at the time of asking. */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => ok(port));
    });
  });
}

/** Resolves once something accepts connections on 127.0.0.1:`port`, or fails after `ms`. */
export async function waitForPort(port: number, ms = 20_000, what = `port ${port}`): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    const open = await new Promise<boolean>((ok) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.end();
        ok(true);
      });
      socket.once('error', () => ok(false));
    });
    if (open) return;
    if (Date.now() > until) throw new Error(`${what} did not open within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
