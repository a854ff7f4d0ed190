/** The support chat through dispatch and the realtime core: users and guests, the mock agent on the virtual clock, images, limits, ownership. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { OperationId } from '../../../../contracts/generated/operations';
import * as validate from '../../../../contracts/generated/socket-validators.js';
import { WorldHost } from '../../host';
import type { World } from '../world';
import { AGENT_DELAYS } from './support';
import { control } from '../../core/control';
import { route, tokenOwner, userRoom, type Delivery } from '../../core/realtime';
import { send } from '../../core/test-client';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

let host: WorldHost;
let world: World;
let demo: string;
let delivered: Delivery[];

const call = (operationId: OperationId, as: string | undefined, body?: unknown, query: Record<string, string> = {}, client?: string) =>
  send(world, operationId, { body, query, token: as, client }).body;
const ok = (operationId: OperationId, as: string | undefined, body?: unknown, query: Record<string, string> = {}) => {
  const res = call(operationId, as, body, query);
  expect(res.type, JSON.stringify(res)).toBe('ok');
  return res.message;
};
const guest = (key?: string) => ok('startSupportGuest', undefined, key ? { key } : {}).key as string;
const texts = (as: string): Array<[string, string | undefined]> =>
  ok('getSupportChat', as).messages.map((m: { from: string; kind?: string; text?: string }) => [m.from, m.kind ?? m.text]);

beforeEach(() => {
  host = new WorldHost({ seed: 5, freezeClock: true });
  world = host.world;
  demo = ok('login', undefined, { account: 'demo@example.com', password: 'Demo1234' }).token;
  delivered = [];
  route({ world: () => world, on: (e, l) => world.events.on(e, l), rooms: () => [], deliver: (d) => delivered.push(d) });
});

describe('support chat', () => {
  it('opens with a read greeting; the agent reads, types and answers a deposit question with a link, all on the virtual clock', () => {
    expect(ok('getSupportUnread', demo)).toEqual({ unread: 0 });
    expect(texts(demo)).toEqual([['agent', 'greeting']]);
    expect(ok('getSupportChat', demo).unread).toBe(0);
    const sent = ok('sendSupportMessage', demo, { text: '  How do I deposit USDT?  ' });
    expect(sent).toMatchObject({ from: 'user', text: 'How do I deposit USDT?', read: false });
    const room = userRoom(world.accounts.sessionUser(demo)!);
    const events = () => delivered.filter((d) => d.room === room && d.event.startsWith('support')).map((d) => d.event);
    expect(events()).toEqual(['supportMessage']);

    world.clock.advance(AGENT_DELAYS.read);
    expect(events()).toEqual(['supportMessage', 'supportRead', 'supportTyping']);
    expect(ok('getSupportChat', demo).messages[1].read).toBe(true);
    world.clock.advance(AGENT_DELAYS.reply - AGENT_DELAYS.read);
    expect(events()).toEqual(['supportMessage', 'supportRead', 'supportTyping', 'supportTyping', 'supportMessage']);
    const reply = delivered.filter((d) => d.event === 'supportMessage').at(-1)!;
    expect(reply.payload).toMatchObject({ message: { from: 'agent', kind: 'deposit', read: false }, unread: 1 });
    expect((reply.payload as { message: { text: string } }).message.text).toContain('/pages/assets/charge');
    for (const d of delivered.filter((x) => x.event.startsWith('support'))) expect(validate[d.event](d.payload), d.event).toBe(true);
    expect(ok('getSupportUnread', demo)).toEqual({ unread: 1 });
    expect(ok('readSupport', demo)).toEqual({ unread: 0 });
    expect(ok('getSupportUnread', demo)).toEqual({ unread: 0 });
  });

  it('answers withdrawals in other languages too, and hands anything else to a person', () => {
    ok('sendSupportMessage', demo, { text: 'Wie lange dauert eine Auszahlung?' });
    world.clock.advance(AGENT_DELAYS.reply);
    ok('sendSupportMessage', demo, { text: 'My order is stuck' });
    world.clock.advance(AGENT_DELAYS.reply);
    ok('sendSupportMessage', demo, { text: 'كيف أقوم بالإيداع' });
    world.clock.advance(AGENT_DELAYS.reply);
    expect(texts(demo).filter(([from]) => from === 'agent')).toEqual([
      ['agent', 'greeting'],
      ['agent', 'withdraw'],
      ['agent', 'handover'],
      ['agent', 'deposit'],
    ]);
  });

  it('answers an image and the question sent with it once, to the question; does not repeat a hand-over it just said', () => {
    const image = ok('uploadImage', demo, { image: PNG }).id;
    ok('sendSupportMessage', demo, { image });
    world.clock.advance(1000);
    ok('sendSupportMessage', demo, { text: 'The deposit I sent is missing' });
    world.clock.advance(AGENT_DELAYS.reply);
    expect(texts(demo).filter(([from]) => from === 'agent')).toEqual([
      ['agent', 'greeting'],
      ['agent', 'deposit'],
    ]);
    ok('sendSupportMessage', demo, { text: 'Something else' });
    world.clock.advance(AGENT_DELAYS.reply);
    ok('sendSupportMessage', demo, { text: 'Are you there?' });
    world.clock.advance(AGENT_DELAYS.reply);
    expect(texts(demo).filter(([from]) => from === 'agent')).toEqual([
      ['agent', 'greeting'],
      ['agent', 'deposit'],
      ['agent', 'handover'],
    ]);
    // The typing line ends when the agent has nothing new to say.
    expect(delivered.filter((d) => d.event === 'supportTyping').at(-1)!.payload).toEqual({ typing: false });
  });

  it('sends an image from the upload path, kept from then on; refuses blank messages, foreign uploads and floods', () => {
    const image = ok('uploadImage', demo, { image: PNG }).id;
    expect(ok('sendSupportMessage', demo, { image })).toMatchObject({ from: 'user', image });
    expect(call('sendSupportMessage', demo, { text: '   ' }).code).toBe('field_required');
    const other = guest();
    const theirs = ok('uploadImage', other, { image: PNG }).id;
    expect(call('sendSupportMessage', demo, { image: theirs }).code).toBe('upload_missing');
    expect(call('getUpload', demo, undefined, { id: theirs }).code).toBe('not_found');
    expect(ok('getUpload', other, undefined, { id: theirs }).image).toMatch(/^data:image\/png/);
    // 20 a minute: the one above counts.
    for (let i = 0; i < 19; i++) ok('sendSupportMessage', demo, { text: `line ${i}` });
    const flood = call('sendSupportMessage', demo, { text: 'one more' });
    expect(flood).toMatchObject({ code: 'too_many_attempts', params: { seconds: 60 } });
    world.clock.advance(60_000);
    ok('sendSupportMessage', demo, { text: 'later' });
  });

  it("a guest's key opens only the guest's own conversation, resumes on the same device, and reaches its socket room", () => {
    const key = guest();
    expect(guest(key)).toBe(key);
    expect(guest('g_unknown')).not.toBe('g_unknown');
    ok('sendSupportMessage', key, { text: 'hello from a guest' });
    expect(texts(key).map(([, t]) => t)).toEqual(['greeting', 'hello from a guest']);
    expect(texts(demo).map(([, t]) => t)).toEqual(['greeting']);
    // The key is nothing else: not a session.
    expect(call('getWallet', key).code).toBe('not_logged_in');
    expect(call('getSupportChat', 'g_forged').code).toBe('not_logged_in');
    expect(call('getSupportChat', undefined).code).toBe('not_logged_in');
    const owner = tokenOwner(world, key)!;
    expect(owner).toMatch(/^guest:/);
    world.clock.advance(AGENT_DELAYS.reply);
    expect(delivered.filter((d) => d.room === userRoom(owner) && d.event === 'supportMessage')).toHaveLength(2);
  });

  it('limits new guest keys to 20 per client per hour', () => {
    for (let i = 0; i < 20; i++) expect(call('startSupportGuest', undefined, {}, {}, '10.0.0.9').type).toBe('ok');
    expect(call('startSupportGuest', undefined, {}, {}, '10.0.0.9').code).toBe('too_many_attempts');
    expect(call('startSupportGuest', undefined, {}, {}, '10.0.0.8').type).toBe('ok');
  });

  it('pages back through a long conversation, oldest first', () => {
    for (let i = 0; i < 12; i++) {
      ok('sendSupportMessage', demo, { text: `question ${i} about a deposit` });
      world.clock.advance(AGENT_DELAYS.reply);
    }
    const last = ok('getSupportChat', demo, undefined, { limit: '10' });
    expect(last.hasMore).toBe(true);
    expect(last.messages).toHaveLength(10);
    const earlier = ok('getSupportChat', demo, undefined, { limit: '100', before: last.messages[0].id });
    expect(earlier.hasMore).toBe(false);
    expect(earlier.messages.length + last.messages.length).toBe(25);
    expect(call('getSupportChat', demo, undefined, { before: 'sm_nope' }).code).toBe('not_found');
  });

  it('the control API posts what a person types, to an account or to the latest conversation', async () => {
    const key = guest();
    ok('sendSupportMessage', key, { text: 'hi' });
    expect((await control(host, 'mockSupportReply', { text: 'A person here' })).status).toBe(200);
    expect(texts(key).at(-1)).toEqual(['agent', 'A person here']);
    expect((await control(host, 'mockSupportReply', { account: 'DEMO@example.com', text: 'See /pages/assets/tradeAccount' })).status).toBe(200);
    expect(texts(demo).at(-1)).toEqual(['agent', 'See /pages/assets/tradeAccount']);
    expect(ok('getSupportUnread', demo)).toEqual({ unread: 1 });
    expect((await control(host, 'mockSupportReply', { account: 'nobody@example.com', text: 'x' })).status).toBe(400);
  });
});
