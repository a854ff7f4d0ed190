/**
 * The realtime phase (contracts/asyncapi.yaml): connecting with and without a token, subscribing
 * to every topic for a few symbols, validating every event received for a while with the generated
 * strict validators, the refusals of bad topics, and that one user's private events never reach
 * another user's or an anonymous connection.
 */
import { io, type Socket } from 'socket.io-client';
import { socketEvents } from '../../codegen/generators/socket.ts';
import * as validators from '../../contracts/generated/socket-validators.js';
import { socketPath, type SubscriptionAck } from '../../contracts/generated/socket.ts';
import { isOk, messageOf, type Context } from './context.ts';
import { eventScaleProblems, scaleContextOf } from './scale.ts';

type Validator = ((data: unknown) => boolean) & { errors?: Array<{ instancePath: string; message?: string }> | null };
const validatorOf = (name: string) => (validators as unknown as Record<string, Validator | undefined>)[name];

const events = socketEvents();
const serverEvents = events.filter((e) => e.direction === 'serverToClient');
const privateEvents = new Set(serverEvents.filter((e) => e.room?.startsWith('user:')).map((e) => e.event));

interface Received {
  event: string;
  payload: unknown;
}

/** A connection that records every event it receives. */
class Connection {
  readonly received: Received[] = [];
  readonly socket: Socket;
  constructor(url: string, token?: string | number) {
    this.socket = io(url, { path: socketPath, transports: ['websocket'], reconnection: false, forceNew: true, auth: token === undefined ? {} : { token } });
    this.socket.onAny((event: string, payload: unknown) => this.received.push({ event, payload }));
  }
  connected(timeoutMs: number): Promise<string | undefined> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(`no connection within ${timeoutMs} ms`), timeoutMs);
      this.socket.once('connect', () => (clearTimeout(timer), resolve(undefined)));
      this.socket.once('connect_error', (e) => (clearTimeout(timer), resolve(`connect_error: ${e.message}`)));
    });
  }
  async ack(event: string, payload: unknown, timeoutMs: number): Promise<unknown> {
    try {
      return await this.socket.timeout(timeoutMs).emitWithAck(event, payload);
    } catch {
      return undefined;
    }
  }
  close() {
    this.socket.close();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function problems(name: string, payload: unknown): string[] {
  const validate = validatorOf(name);
  if (!validate) return [`the contract has no validator for ${name}`];
  if (validate(payload)) return [];
  return (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '(payload)'} ${e.message ?? ''}`);
}

export async function realtimePhase(ctx: Context): Promise<void> {
  if (!ctx.selected('realtime')) return;
  const url = ctx.options.socketUrl ?? new URL(ctx.options.apiBase).origin;
  const wait = Math.min(5_000, ctx.options.timeoutMs ?? 5_000);
  const group = (what: string) => `realtime ${what}`;
  const pass = (g: string, check: string, detail?: string) => ctx.results.add({ group: g, check, status: 'pass', detail });
  const fail = (g: string, check: string, detail: string) => ctx.results.add({ group: g, check, status: 'fail', detail });
  const verdict = (g: string, check: string, complaint: string | undefined, detail?: string) =>
    complaint ? fail(g, check, complaint) : pass(g, check, detail);
  const open: Connection[] = [];
  const connect = async (g: string, check: string, token?: string | number) => {
    const c = new Connection(url, token);
    open.push(c);
    const complaint = await c.connected(wait);
    verdict(g, check, complaint, 'connected');
    return complaint ? undefined : c;
  };

  try {
    // Topics for the first two symbols the server lists.
    const tickers = await ctx.send('listTickers');
    const symbols = isOk(tickers)
      ? messageOf<Array<{ symbol: string }>>(tickers)
          .slice(0, 2)
          .map((t) => t.symbol)
      : [];
    const topics = ['tickers', ...symbols.flatMap((s) => [`kline:${s}:1min`, `depth:${s}`, `trades:${s}`])];

    const anonymous = await connect(group('handshake'), 'connect without a token');
    await connect(group('handshake'), 'connect with a token that is no session (accepted as anonymous)', 'not-a-session-token');
    await connect(group('handshake'), 'connect with a token that is not a string (accepted as anonymous)', 12345);
    if (!anonymous) return;

    const ack = await anonymous.ack('subscribe', { topics }, wait);
    const ackProblems = ack === undefined ? [`no acknowledgement within ${wait} ms`] : problems('subscribeAck', ack);
    const a = ack as { ok?: boolean; topics?: string[]; refused?: string[] } | undefined;
    verdict(
      group('subscribe'),
      `subscribe to ${topics.length} topics`,
      ackProblems.length
        ? ackProblems.join('; ')
        : a?.ok !== true || a.topics?.join() !== topics.join()
          ? `expected every topic joined, got ${JSON.stringify(ack)}`
          : undefined,
      `joined ${a?.topics?.length ?? 0}`,
    );

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
      const answer = await anonymous.ack('subscribe', payload, wait);
      const p = answer === undefined ? [`no acknowledgement within ${wait} ms`] : problems('subscribeAck', answer);
      verdict(
        group('subscribe'),
        check,
        p.length ? p.join('; ') : expect(answer as SubscriptionAck | undefined) ? undefined : `got ${JSON.stringify(answer)}`,
        JSON.stringify(answer),
      );
    }

    // A private change of the first user, heard by the user and by nobody else.
    const token = await ctx.login(ctx.options.account);
    const mine = token ? await connect(group('private events'), 'connect with a session token', token) : undefined;
    const { token: otherToken, why } = await ctx.secondUser();
    const other = otherToken ? await connect(group('private events'), 'connect as a second user', otherToken) : undefined;
    await sleep(300);
    if (mine && token) {
      await ctx.send('transfer', { token, body: { coin: 'USDT', from: 'funds', to: 'exchange', amount: '1' } });
      await ctx.send('transfer', { token, body: { coin: 'USDT', from: 'exchange', to: 'funds', amount: '1' } });
    } else ctx.skip(group('private events'), 'a private change reaches only its user', `logging in as ${ctx.options.account.account} failed`);

    await sleep(ctx.options.listenMs);

    if (mine) {
      const heard = mine.received.filter((r) => r.event === 'balances').length;
      verdict(
        group('private events'),
        "the user's connection hears its balances change",
        heard ? undefined : `no balances event within ${ctx.options.listenMs} ms of two transfers`,
        `${heard} balances events`,
      );
    }
    for (const [who, c] of [
      ['an anonymous connection', anonymous],
      ['another user', other],
    ] as const) {
      if (!c) {
        ctx.skip(group('private events'), `${who} hears no private event`, why ?? 'no second user');
        continue;
      }
      const leaked = c.received.filter((r) => privateEvents.has(r.event)).map((r) => r.event);
      verdict(group('private events'), `${who} hears no private event`, leaked.length ? `received ${[...new Set(leaked)].join(', ')}` : undefined);
    }

    // Every topic sent its snapshot, and every event received matches the contract.
    const firstOf = (topic: string) =>
      anonymous.received.find((r) => {
        const p = r.payload as { symbol?: string; period?: string };
        if (topic === 'tickers') return r.event === 'tickers';
        const [kind, symbol, period] = topic.split(':');
        return r.event === kind && p?.symbol === symbol && (kind !== 'kline' || p.period === period);
      });
    for (const topic of topics) {
      const first = firstOf(topic);
      const depth = first?.payload as { type?: string; seq?: number; prevSeq?: number } | undefined;
      verdict(
        group('snapshots'),
        `${topic} sends its snapshot first`,
        !first
          ? `no ${topic.split(':')[0]} event within ${ctx.options.listenMs} ms`
          : (first.event === 'depth' || first.event === 'tickers') && (depth?.type !== 'snapshot' || depth.prevSeq !== depth.seq)
            ? `the first ${first.event} event is ${JSON.stringify({ type: depth?.type, seq: depth?.seq, prevSeq: depth?.prevSeq })}, not a snapshot with prevSeq equal to seq`
            : undefined,
      );
    }

    // The tickers stream chains: each update's prevSeq is the seq before it (one connection, no resubscription).
    const chain = anonymous.received.filter((r) => r.event === 'tickers').map((r) => r.payload as { type?: string; seq?: number; prevSeq?: number });
    const broken = chain.findIndex((m, i) => i > 0 && m.type === 'update' && m.prevSeq !== chain[i - 1].seq);
    verdict(
      group('tickers'),
      'each tickers update chains from the message before it (prevSeq is the previous seq)',
      broken > 0 ? `message ${broken} has prevSeq ${chain[broken].prevSeq} after seq ${chain[broken - 1].seq}` : undefined,
      `${chain.length} tickers events`,
    );

    const all = open.flatMap((c) => c.received);
    const known = new Set(serverEvents.map((e) => e.event));
    const scale = await scaleContextOf(ctx);
    for (const name of [...new Set(all.map((r) => r.event))].sort()) {
      const list = all.filter((r) => r.event === name);
      if (!known.has(name)) {
        fail(group(name), 'the event is in the contract', `${list.length} events named ${name}, which asyncapi.yaml does not define`);
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
    const unsubscribed = await anonymous.ack('unsubscribe', { topics }, wait);
    const up = unsubscribed === undefined ? [`no acknowledgement within ${wait} ms`] : problems('unsubscribeAck', unsubscribed);
    verdict(group('unsubscribe'), 'unsubscribe from every topic', up.length ? up.join('; ') : undefined);
  } finally {
    for (const c of open) c.close();
  }
}
