/** News and system messages through dispatch: languages with fallback, messages from the domain's own events, reading, ownership, events. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { OperationId } from '../../../../contracts/generated/operations';
import * as validate from '../../../../contracts/generated/socket-validators.js';
import { WorldHost } from '../../host';
import type { World } from '../world';
import { control } from '../../core/control';
import { route, userRoom, type Delivery } from '../../core/realtime';
import { send } from '../../core/test-client';

let host: WorldHost;
let world: World;
let token: string | undefined;

const call = (operationId: OperationId, body?: unknown, query: Record<string, string> = {}, as = token) =>
  send(world, operationId, { body, query, token: as }).body;
const ok = (operationId: OperationId, body?: unknown, query: Record<string, string> = {}, as = token) => {
  const res = call(operationId, body, query, as);
  expect(res.type, JSON.stringify(res)).toBe('ok');
  return res.message;
};
const kinds = () => ok('listMessages').items.map((m: { kind: string }) => m.kind);

beforeEach(() => {
  host = new WorldHost({ seed: 8, freezeClock: true });
  world = host.world;
  token = ok('login', { account: 'demo@example.com', password: 'Demo1234' }, {}, undefined).token;
});

describe('news', () => {
  it('is listed newest first, in the reader language where written, else English', () => {
    const de = ok('listNews', undefined, { locale: 'de' });
    expect(de.total).toBeGreaterThanOrEqual(5);
    const times = de.items.map((a: { time: number }) => a.time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(de.items[0]).toMatchObject({ locale: 'de', title: 'Sekundenkontrakte sind verfügbar' });
    expect(de.items.find((a: { id: string }) => a.id === 'news_fees')).toMatchObject({ locale: 'de', title: 'Unsere Gebühren' });
    const fr = ok('listNews', undefined, { locale: 'fr' });
    expect(fr.items.find((a: { id: string }) => a.id === 'news_fees')).toMatchObject({ locale: 'en', title: 'Our fee schedule' });
    const article = ok('getNews', undefined, { id: 'news_second-contracts', locale: 'ar' });
    expect(article.locale).toBe('ar');
    expect(article.body).toContain('<p>');
    expect(call('getNews', undefined, { id: 'news_nope' }).code).toBe('not_found');
  });

  it('an article the control API publishes comes first, its HTML kept as given', async () => {
    const res = await control(host, 'mockNews', { title: 'Hostile', body: '<img src=x onerror="alert(1)">' });
    expect(res.status).toBe(200);
    const first = ok('listNews').items[0];
    expect(first).toMatchObject({ id: (res.body as { id: string }).id, title: 'Hostile', summary: '' });
    expect(ok('getNews', undefined, { id: first.id }).body).toBe('<img src=x onerror="alert(1)">');
  });
});

describe('system messages', () => {
  it("come from the user's own events: a welcome, then a credited deposit, each once", () => {
    expect(kinds()).toEqual(['welcome']);
    ok('sandboxDeposit', { coin: 'USDT', chain: 'TRC20', amount: '100' });
    expect(kinds()).toEqual(['welcome']);
    world.clock.advance(600_000);
    const list = ok('listMessages');
    expect(list.items[0]).toMatchObject({ kind: 'deposit_credited', params: { amount: '100.000000', coin: 'USDT' }, read: false });
    expect(list.unread).toBe(2);
    // The same record changing again (nothing here) never sends a second message.
    world.clock.advance(600_000);
    expect(kinds()).toEqual(['deposit_credited', 'welcome']);
  });

  it('an identity review decided sends its outcome', () => {
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const [front, back] = [ok('uploadImage', { image: png }).id, ok('uploadImage', { image: png }).id];
    ok('submitIdentity', { level: 'primary', realName: 'Alex Morgan', idType: 'id_card', idNumber: 'X1234000', frontImage: front, backImage: back });
    world.clock.advance(120_000);
    expect(kinds()[0]).toBe('identity_rejected');
  });

  it('are read one by one or all at once, and only by their owner', () => {
    ok('sandboxDeposit', { coin: 'USDT', chain: 'TRC20', amount: '100' });
    world.clock.advance(600_000);
    const [latest] = ok('listMessages').items;
    expect(ok('readMessage', { id: latest.id })).toMatchObject({ id: latest.id, read: true });
    expect(ok('listMessages').unread).toBe(1);
    ok('sendCode', { account: 'other@example.com', scene: 'register' }, {}, undefined);
    const other = ok(
      'register',
      { accountType: 'email', account: 'other@example.com', code: '123456', password: 'Other2026!', confirmPassword: 'Other2026!', agree: true },
      {},
      undefined,
    ).token;
    expect(call('readMessage', { id: latest.id }, {}, other).code).toBe('not_found');
    expect(ok('listMessages', undefined, {}, other).items.map((m: { kind: string }) => m.kind)).toEqual(['welcome']);
    expect(ok('readAllMessages')).toEqual({ unread: 0 });
    expect(ok('listMessages').items.every((m: { read: boolean }) => m.read)).toBe(true);
  });

  it('each new one is pushed to the user room with the unread count; the control API can announce', async () => {
    const deliveries: Delivery[] = [];
    route({ world: () => world, on: (event, listener) => world.events.on(event, listener), rooms: () => [], deliver: (d) => deliveries.push(d) });
    const res = await control(host, 'mockMessage', { account: 'DEMO@example.com', title: 'Maintenance tonight', body: 'From 02:00 UTC.' });
    expect(res.status).toBe(200);
    const [d] = deliveries.filter((x) => x.event === 'systemMessage');
    expect(d.room).toBe(userRoom(world.accounts.record(token).id));
    expect(validate.systemMessage(d.payload), JSON.stringify(validate.systemMessage.errors)).toBe(true);
    expect(d.payload).toMatchObject({ message: { kind: 'announcement', params: { title: 'Maintenance tonight' } }, unread: 2 });
    expect((await control(host, 'mockMessage', { account: 'nobody@example.com', title: 'x', body: 'y' })).status).toBe(400);
  });
});
