/**
 * Reconnect and recovery as asyncapi.yaml's Connection and Recovery sections describe them: the
 * server keeps nothing across connections, a reconnect carries the same token and is the user's
 * again, the client subscribes again and each topic's snapshot comes first, and what changed while
 * the connection was down is found over REST (events emitted meanwhile are lost).
 */
import Big from 'big.js';
import { isOk, messageOf, type Context } from './context.ts';
import { Connection, isSnapshot, privateEvents, type Chained, type Transport } from './realtime-connection.ts';

const GROUP = 'realtime recovery';

/** What the document leaves open; each a skip naming the sentence the contract could add. */
const UNPROMISED: Array<[string, string]> = [
  [
    'a private event emitted while disconnected is delivered after the reconnect',
    'asyncapi.yaml promises no delivery: "whatever was emitted while it was disconnected is lost" (Connection), and the client refetches over REST (checked above)',
  ],
  [
    'seq continues across connections',
    'asyncapi.yaml orders seq only "Within a connection" and says a snapshot "always replaces" the book or tickers; it does not say whether a new connection’s seq may be lower than the old one’s. Proposed sentence for Recovery: "seq values are comparable only within one connection: after a reconnect a client takes the snapshot’s seq as new, whether it is above or below the seq it held."',
  ],
];

const exchangeUsdt = async (ctx: Context, token: string): Promise<Big | undefined> => {
  const ex = await ctx.send('getWallet', { token });
  if (!isOk(ex)) return undefined;
  const wallet = messageOf<{ accounts: Array<{ kind: string; balances: Array<{ coin: string; available: string }> }> }>(ex);
  return new Big(wallet.accounts.find((a) => a.kind === 'exchange')?.balances.find((b) => b.coin === 'USDT')?.available ?? '0');
};

export async function recoveryChecks(
  ctx: Context,
  open: (c: Connection) => Connection,
  url: string,
  token: string,
  transport: Transport,
  symbol: string | undefined,
  waitMs: number,
): Promise<void> {
  const t = `[${transport}]`;
  const add = (check: string, complaint: string | undefined, detail?: string) =>
    ctx.results.add({ group: GROUP, check: `${t} ${check}`, status: complaint ? 'fail' : 'pass', detail: complaint ?? detail });
  const transfer = (from: string, to: string) => ctx.send('transfer', { token, body: { coin: 'USDT', from, to, amount: '1' } });

  const c = open(new Connection(url, transport, token));
  const first = await c.connected(waitMs);
  if (first) {
    add('connect with a session token', first);
    return;
  }
  const topics = ['tickers', ...(symbol ? [`depth:${symbol}`] : [])];
  await c.ack('subscribe', { topics }, waitMs);
  const before = await exchangeUsdt(ctx, token);

  // A lost transport, as a dropped network gives: the client sees a disconnect it did not ask for.
  const down = new Promise<void>((resolve) => c.socket.once('disconnect', () => resolve()));
  c.socket.io.engine.close();
  await down;
  const whileDown = await transfer('funds', 'exchange');
  c.socket.connect();
  add('after a forced disconnect, a reconnect with the same token is accepted', await c.connected(waitMs));
  if (!c.socket.connected) {
    if (isOk(whileDown)) await transfer('exchange', 'funds');
    return;
  }

  const after = await exchangeUsdt(ctx, token);
  add(
    'a change made while disconnected is found over REST after the reconnect (getWallet), as Recovery says',
    !isOk(whileDown)
      ? `the transfer made while disconnected failed (HTTP ${whileDown.status})`
      : before === undefined || after === undefined
        ? 'getWallet failed'
        : after.eq(before.plus(1))
          ? undefined
          : `exchange USDT went from ${before} to ${after} after a transfer of 1 made while disconnected`,
  );
  for (const [check, why] of UNPROMISED) ctx.skip(GROUP, `${t} ${check}`, why);

  // Private events reach a connection "from the moment it connects": the transfer back is heard.
  const heardCheck = "the reconnected connection hears the user's private events";
  if (isOk(whileDown)) {
    const mark = c.received.length;
    const back = await transfer('exchange', 'funds');
    if (!isOk(back)) add('the run moves back the 1 USDT it moved', `the transfer back answered HTTP ${back.status}`);
    const heard = await c.next((r) => r.event === 'balances', waitMs, mark);
    add(heardCheck, heard ? undefined : `no balances event within ${waitMs} ms of a transfer after the reconnect`);
  } else ctx.skip(GROUP, `${t} ${heardCheck}`, 'not caused: the transfer made while disconnected failed, so there is nothing to move back');

  // The server kept no subscription: nothing of a topic came before subscribing again.
  const early = c.received.filter((r) => r.connection === c.connectCount && !privateEvents.has(r.event)).map((r) => r.event);
  add(
    'no topic event arrives after the reconnect before subscribing again (the server keeps nothing across connections)',
    early.length ? `received ${[...new Set(early)].join(', ')} before subscribing again` : undefined,
  );

  const resubscribed = c.received.length;
  const ack = (await c.ack('subscribe', { topics }, waitMs)) as { ok?: boolean } | undefined;
  add('subscribing again after the reconnect is acknowledged', ack?.ok === true ? undefined : `got ${JSON.stringify(ack)}`);
  for (const topic of topics) {
    const event = topic.split(':')[0];
    const firstAfter = await c.next((r) => r.event === event, waitMs, resubscribed);
    const m = firstAfter?.payload as Chained | undefined;
    add(
      `after subscribing again, the first ${topic} message is a snapshot`,
      !firstAfter
        ? `no ${event} event within ${waitMs} ms of subscribing again`
        : isSnapshot(m)
          ? undefined
          : `the first ${event} message is ${JSON.stringify({ type: m?.type, seq: m?.seq, prevSeq: m?.prevSeq })}, not a snapshot with prevSeq equal to seq`,
    );
  }
}
