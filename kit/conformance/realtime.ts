/**
 * The realtime phase (contracts/asyncapi.yaml), over each transport the app's client may use
 * (WebSocket, and HTTP long-polling where a WebSocket cannot open): connecting with and without a
 * token, subscribing to every topic for a few symbols and the refusals of bad topics; every private
 * event the contract declares, caused over REST and heard only by its user (realtime-causes.ts,
 * realtime-private.ts); reconnect and recovery (realtime-recovery.ts); and every event received
 * checked with the generated strict validators.
 */
import type { SubscriptionAck } from '../../contracts/generated/socket.ts';
import { isOk, messageOf, type Context } from './context.ts';
import { causePrivateEvents } from './realtime-causes.ts';
import { Connection, isSnapshot, problems, serverEvents, sleep, TRANSPORTS, until, type Chained, type Transport } from './realtime-connection.ts';
import { allHeard, privateVerdicts, type Listeners } from './realtime-private.ts';
import { recoveryChecks } from './realtime-recovery.ts';
import { eventScaleProblems, scaleContextOf } from './scale.ts';

export async function realtimePhase(ctx: Context): Promise<void> {
  if (!ctx.selected('realtime')) return;
  const url = ctx.options.socketUrl ?? new URL(ctx.options.apiBase).origin;
  const wait = Math.min(5_000, ctx.options.timeoutMs ?? 5_000);
  const group = (what: string) => `realtime ${what}`;
  const verdict = (g: string, check: string, complaint: string | undefined, detail?: string) =>
    ctx.results.add({ group: g, check, status: complaint ? 'fail' : 'pass', detail: complaint ?? detail });
  const open: Connection[] = [];
  const track = (c: Connection) => (open.push(c), c);
  const connect = async (g: string, check: string, transport: Transport, token?: string | number) => {
    const c = track(new Connection(url, transport, token));
    const complaint = await c.connected(wait);
    verdict(g, `[${transport}] ${check}`, complaint, 'connected');
    return complaint ? undefined : c;
  };
  const ackProblems = (name: string, ack: unknown) => (ack === undefined ? [`no acknowledgement within ${wait} ms`] : problems(name, ack));

  try {
    // Topics for the first two symbols the server lists.
    const tickers = await ctx.send('listTickers');
    const symbols = isOk(tickers)
      ? messageOf<Array<{ symbol: string }>>(tickers)
          .slice(0, 2)
          .map((t) => t.symbol)
      : [];
    const topics = ['tickers', ...symbols.flatMap((s) => [`kline:${s}:1min`, `depth:${s}`, `trades:${s}`])];

    const anonymous: Connection[] = [];
    for (const transport of TRANSPORTS) {
      const a = await connect(group('handshake'), 'connect without a token', transport);
      await connect(group('handshake'), 'connect with a token that is no session (accepted as anonymous)', transport, 'not-a-session-token');
      await connect(group('handshake'), 'connect with a token that is not a string (accepted as anonymous)', transport, 12345);
      if (!a) continue;
      anonymous.push(a);
      const ack = await a.ack('subscribe', { topics }, wait);
      const p = ackProblems('subscribeAck', ack);
      const got = ack as { ok?: boolean; topics?: string[] } | undefined;
      verdict(
        group('subscribe'),
        `[${transport}] subscribe to ${topics.length} topics`,
        p.length
          ? p.join('; ')
          : got?.ok !== true || got.topics?.join() !== topics.join()
            ? `expected every topic joined, got ${JSON.stringify(ack)}`
            : undefined,
        `joined ${got?.topics?.length ?? 0}`,
      );
    }
    if (!anonymous.length) return;

    // The refusals do not depend on the transport: checked once.
    for (const [check, payload, expect] of [
      ['a topic that matches no pattern is refused whole', { topics: ['nope'] }, (x?: SubscriptionAck) => x?.ok === false && x.topics?.length === 0],
      [
        'a topic of an unknown symbol is refused',
        { topics: ['kline:ZZZ/USDT:1min'] },
        (x?: SubscriptionAck) => x?.ok === false && x.refused?.includes('kline:ZZZ/USDT:1min'),
      ],
      ['a payload that is not a SubscriptionRequest is refused', 'tickers', (x?: SubscriptionAck) => x?.ok === false && x.topics?.length === 0],
      ['more than 50 topics are refused', { topics: Array.from({ length: 51 }, () => 'tickers') }, (x?: SubscriptionAck) => x?.ok === false],
    ] as const) {
      const answer = await anonymous[0].ack('subscribe', payload, wait);
      const p = ackProblems('subscribeAck', answer);
      verdict(
        group('subscribe'),
        check,
        p.length ? p.join('; ') : expect(answer as SubscriptionAck | undefined) ? undefined : `got ${JSON.stringify(answer)}`,
        JSON.stringify(answer),
      );
    }

    // Private events: caused over REST, heard by their user over each transport, and by nobody else.
    const token = await ctx.login(ctx.options.account);
    const listeners: Listeners = { anonymous, mine: [], others: [] };
    if (token) {
      const second = await ctx.secondUser();
      for (const transport of TRANSPORTS) {
        const mine = await connect(group('private events'), 'connect with a session token', transport, token);
        if (mine) listeners.mine.push(mine);
        const other = second.token ? await connect(group('private events'), 'connect as a second user', transport, second.token) : undefined;
        if (other) listeners.others.push(other);
      }
      await sleep(200);
      const plan = await causePrivateEvents(ctx, token, second);
      await until(() => allHeard(plan, listeners), ctx.options.listenMs);
      privateVerdicts(ctx, plan, listeners, ctx.options.listenMs);
      for (const transport of TRANSPORTS) await recoveryChecks(ctx, track, url, token, transport, symbols[0], wait);
    } else {
      ctx.skip(group('private events'), 'private events', `logging in as ${ctx.options.account.account} failed`);
      await sleep(ctx.options.listenMs);
    }

    for (const a of anonymous) snapshotChecks(ctx, a, topics, ctx.options.listenMs);

    const all = open.flatMap((c) => c.received);
    const known = new Set(serverEvents.map((e) => e.event));
    const scale = await scaleContextOf(ctx);
    for (const name of [...new Set(all.map((r) => r.event))].sort()) {
      const list = all.filter((r) => r.event === name);
      if (!known.has(name)) {
        verdict(group(name), 'the event is in the contract', `${list.length} events named ${name}, which asyncapi.yaml does not define`);
        continue;
      }
      const bad = list.map((r) => [...problems(name, r.payload), ...eventScaleProblems(name, r.payload, scale)]).filter((p) => p.length);
      verdict(
        group(name),
        `every ${name} payload matches its schema`,
        bad.length ? `${bad.length} of ${list.length} broke it: ${bad[0].join('; ')}` : undefined,
        `${list.length} events`,
      );
    }
    for (const a of anonymous) {
      const p = ackProblems('unsubscribeAck', await a.ack('unsubscribe', { topics }, wait));
      verdict(group('unsubscribe'), `[${a.transport}] unsubscribe from every topic`, p.length ? p.join('; ') : undefined);
    }
  } finally {
    for (const c of open) c.close();
  }
}

/** Every topic sent its snapshot first, and the tickers stream chains (one connection, no resubscription). */
function snapshotChecks(ctx: Context, a: Connection, topics: string[], listenMs: number) {
  const t = `[${a.transport}]`;
  const add = (group: string, check: string, complaint: string | undefined, detail?: string) =>
    ctx.results.add({ group, check, status: complaint ? 'fail' : 'pass', detail: complaint ?? detail });
  const firstOf = (topic: string) =>
    a.received.find((r) => {
      const p = r.payload as { symbol?: string; period?: string };
      if (topic === 'tickers') return r.event === 'tickers';
      const [kind, symbol, period] = topic.split(':');
      return r.event === kind && p?.symbol === symbol && (kind !== 'kline' || p.period === period);
    });
  for (const topic of topics) {
    const first = firstOf(topic);
    const m = first?.payload as Chained | undefined;
    add(
      'realtime snapshots',
      `${t} ${topic} sends its snapshot first`,
      !first
        ? `no ${topic.split(':')[0]} event within ${listenMs} ms`
        : (first.event === 'depth' || first.event === 'tickers') && !isSnapshot(m)
          ? `the first ${first.event} event is ${JSON.stringify({ type: m?.type, seq: m?.seq, prevSeq: m?.prevSeq })}, not a snapshot with prevSeq equal to seq`
          : undefined,
    );
  }
  const chain = a.received.filter((r) => r.event === 'tickers').map((r) => r.payload as Chained);
  const broken = chain.findIndex((m, i) => i > 0 && m.type === 'update' && m.prevSeq !== chain[i - 1].seq);
  add(
    'realtime tickers',
    `${t} each tickers update chains from the message before it (prevSeq is the previous seq)`,
    broken > 0 ? `message ${broken} has prevSeq ${chain[broken].prevSeq} after seq ${chain[broken - 1].seq}` : undefined,
    `${chain.length} tickers events`,
  );
}
