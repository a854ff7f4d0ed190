/**
 * Images sent in chats through dispatch (issue #32, items 5 and 13): guests cannot fill the
 * server's image store and starve identity uploads; images go with the history they belong to (a
 * support conversation's or an order chat's capped history, an expired guest).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { OperationId } from '../../../contracts/generated/operations';
import { P2P_CHAT_HISTORY_MAX } from '../domain/fiat/model';
import { AGENT_DELAYS, SUPPORT_LIMITS } from '../domain/support/support';
import { UPLOAD_LIMITS } from '../domain/kernel/uploads';
import type { World } from '../domain/world';
import { WorldHost } from '../host';
import { send } from './test-client';
import { dataUrl, PNG, pngOfSize } from './test-images';

const MB = 1024 * 1024;
const SMALL = dataUrl('image/png', PNG);

let world: World;
let demo: string;

const call = (operationId: OperationId, as: string | undefined, body?: unknown, query: Record<string, string> = {}, client?: string) =>
  send(world, operationId, { body, query, token: as, client }).body;
const ok = (operationId: OperationId, as: string | undefined, body?: unknown, query: Record<string, string> = {}, client?: string) => {
  const res = call(operationId, as, body, query, client);
  expect(res.type, JSON.stringify(res)).toBe('ok');
  return res.message;
};
const guest = (client = '10.0.0.1') => ok('startSupportGuest', undefined, {}, {}, client).key as string;
/** Whether `as` can still open the upload. */
const readable = (as: string, id: string) => call('getUpload', as, undefined, { id }).type === 'ok';

beforeEach(() => {
  world = new WorldHost({ seed: 5, freezeClock: true }).world;
  demo = ok('login', undefined, { account: 'demo@example.com', password: 'Demo1234' }).token;
});

describe('what chats keep', () => {
  it('three guests sending 4.9 MB images keep at most 10 MB each and 25 MB together: users still upload ID photos and send chat images', () => {
    const big = pngOfSize(Math.round(4.9 * MB));
    const refused: string[] = [];
    const sent = new Map<string, string[]>();
    for (const key of [guest(), guest(), guest()]) {
      sent.set(key, []);
      for (let i = 0; i < 11; i++) {
        const up = call('uploadImage', key, { image: big });
        if (up.type !== 'ok') refused.push(up.code!);
        else sent.get(key)!.push(ok('sendSupportMessage', key, { image: up.message.id }).image);
      }
    }
    // A user's identity photos and a chat image still find room.
    const [front, back] = [ok('uploadImage', demo, { image: big }).id, ok('uploadImage', demo, { image: big }).id];
    ok('submitIdentity', demo, { level: 'primary', realName: 'Alex Morgan', idType: 'id_card', idNumber: 'X1234567', frontImage: front, backImage: back });
    ok('sendSupportMessage', demo, { image: ok('uploadImage', demo, { image: big }).id });
    // Each guest kept its newest images within its 10 MB; all guests together stayed within 25 MB.
    let kept = 0;
    for (const [key, ids] of sent) {
      const mine = ids.filter((id) => readable(key, id));
      expect(mine).toEqual(ids.slice(-mine.length));
      expect(mine.length * 4.9 * MB).toBeLessThanOrEqual(UPLOAD_LIMITS.bytesPerGuest);
      kept += mine.length;
    }
    expect(kept * 4.9 * MB).toBeLessThanOrEqual(UPLOAD_LIMITS.guestsBytes);
    expect(refused.length).toBeGreaterThan(0);
    expect(new Set(refused)).toEqual(new Set(['upload_capacity']));
    expect(world.uploads.usage().bytes).toBeLessThanOrEqual(UPLOAD_LIMITS.guestsBytes + 3 * 4.9 * MB + 1);
  });

  it(`a support conversation keeps its newest ${SUPPORT_LIMITS.historyMax} messages, and the image of a dropped message is removed`, () => {
    const image = ok('sendSupportMessage', demo, { image: ok('uploadImage', demo, { image: SMALL }).id }).image;
    // 20 questions a minute (the flood limit); the agent answers each minute's burst once.
    for (let i = 0; i < SUPPORT_LIMITS.historyMax; i++) {
      if (i % 20 === 0) world.clock.advance(60_000);
      ok('sendSupportMessage', demo, { text: `question ${i} about a deposit` });
    }
    world.clock.advance(AGENT_DELAYS.reply);
    const history = ok('getSupportChat', demo, undefined, { limit: '100' });
    expect(history.hasMore).toBe(true);
    expect(history.messages.at(-1).kind).toBe('deposit');
    expect(readable(demo, image)).toBe(false);
    expect(world.uploads.usage()).toMatchObject({ count: 0, bytes: 0 });
  });

  it(`an order chat keeps its newest ${P2P_CHAT_HISTORY_MAX} messages, and the images of dropped ones go for both sides`, () => {
    const order = ok('placeP2pOrder', demo, {
      adId: ok('listP2pAds', undefined, undefined, { side: 'buy', coin: 'USDT', fiat: 'USD' }).items[0].id,
      amount: '40',
    });
    ok('actOnP2pOrder', demo, { id: order.id, action: 'pay' });
    const receipt = ok('sendP2pMessage', demo, { id: order.id, text: 'Receipt', image: ok('uploadImage', demo, { image: SMALL }).id }).image;
    const record = world.fiat.orders.get(order.id)!;
    const seller = record.seller;
    expect(readable(demo, receipt)).toBe(true);
    // The order stays paid (this merchant never confirms): 20 messages a minute a side would grow its chat for ever.
    for (let i = 0; i < P2P_CHAT_HISTORY_MAX; i++) world.fiat.say(record, i % 2 ? 'buyer' : 'seller', { text: `note ${i}` });
    const chat = ok('listP2pMessages', demo, undefined, { id: order.id });
    expect(chat).toHaveLength(P2P_CHAT_HISTORY_MAX);
    expect(chat[0].text).toBe('note 0');
    expect(readable(demo, receipt)).toBe(false);
    expect(() => world.uploads.get(seller, receipt)).toThrow(expect.objectContaining({ code: 'not_found' }));
    expect(world.uploads.usage().count).toBe(0);
  });

  it(`a guest unused for ${SUPPORT_LIMITS.guestIdleMs / 3_600_000} hours is forgotten with its conversation and images; a guest in use is kept`, () => {
    const [idle, busy] = [guest(), guest()];
    const idleImage = ok('sendSupportMessage', idle, { image: ok('uploadImage', idle, { image: SMALL }).id }).image;
    const busyImage = ok('sendSupportMessage', busy, { image: ok('uploadImage', busy, { image: SMALL }).id }).image;
    world.clock.advance(SUPPORT_LIMITS.guestIdleMs - 60_000);
    ok('getSupportUnread', busy);
    world.clock.advance(60_000);
    expect(call('getSupportChat', idle).code).toBe('not_logged_in');
    expect(call('getUpload', idle, undefined, { id: idleImage }).code).toBe('not_logged_in');
    expect(ok('startSupportGuest', undefined, { key: idle })).not.toEqual({ key: idle });
    expect(readable(busy, busyImage)).toBe(true);
    expect(world.uploads.usage().count).toBe(1);
    world.clock.advance(SUPPORT_LIMITS.guestIdleMs);
    expect(call('getSupportChat', busy).code).toBe('not_logged_in');
    expect(world.uploads.usage().count).toBe(0);
  });
});
