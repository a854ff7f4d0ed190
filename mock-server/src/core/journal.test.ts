/**
 * The request/event journal: API requests, control calls and private socket events with a growing
 * seq, secrets redacted, bodies bounded, the last 5,000 kept; served as GET /__mock/journal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationTable, type OperationId } from '../../../contracts/generated/operations';
import { controlSchemas } from '../../../contracts/generated/control-schemas';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { WorldHost } from '../host';
import { startTestServer } from '../http/test-server';
import { control } from './control';
import { clip, Journal, JOURNAL_SIZE, redact } from './journal';

const call = (host: WorldHost, operationId: OperationId, token?: string, body?: unknown) =>
  host.dispatch({ operationId, path: operationTable[operationId].path, token, query: {}, body }).body as { type: string; message: any };

describe('the journal', () => {
  it('keeps API requests with status, envelope, virtual time and redacted bodies; control calls; private events', async () => {
    const host = new WorldHost({ seed: 2, freezeClock: true });
    const start = host.journal.last;
    const token = call(host, 'login', undefined, { account: 'demo@example.com', password: 'Demo1234' }).message.token as string;
    call(host, 'login', undefined, { account: 'demo@example.com', password: 'Wrong1234' });
    call(host, 'setTransactionPassword', token, { password: '258147', confirmPassword: '258147' });
    call(host, 'sandboxDeposit', token, { coin: 'USDT', chain: 'TRC20', amount: '50' });
    await control(host, 'mockClock', { advanceMs: 60_000 });
    const { body } = await control(host, 'mockJournal', undefined, { since: String(start) });
    const { entries, last } = body as { last: number; entries: Array<Record<string, unknown>> };
    expect(last).toBe(entries[entries.length - 1].seq);
    expect(entries.map((e) => e.seq)).toEqual(entries.map((_, i) => start + 1 + i));
    const api = entries.filter((e) => e.kind === 'api');
    expect(api.map((e) => [e.operationId, e.status, e.type, e.code ?? null])).toEqual([
      ['login', 200, 'ok', null],
      ['login', 200, 'error', 'wrong_credentials'],
      ['setTransactionPassword', 200, 'ok', null],
      ['sandboxDeposit', 200, 'ok', null],
    ]);
    expect(api[0]).toMatchObject({
      method: 'POST',
      path: '/api/sessions',
      time: host.world.start,
      body: '{"account":"demo@example.com","password":"[redacted]"}',
    });
    const text = JSON.stringify(entries);
    expect(text).not.toContain('Demo1234');
    expect(text).not.toContain('Wrong1234');
    expect(text).not.toContain('258147');
    expect(text).not.toContain(token);
    expect(entries.find((e) => e.kind === 'control')).toMatchObject({ operationId: 'mockClock', method: 'POST', path: '/__mock/clock', status: 200 });
    const events = entries.filter((e) => e.kind === 'event');
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(['record', 'balances', 'systemMessage']));
    expect(events.every((e) => String(e.room).startsWith('user:'))).toBe(true);
    // The answer matches the contract.
    const validate = new Ajv2020({ strict: false }).compile(controlSchemas.mockJournal.response!);
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  });

  it('answers `limit` entries after `since`, keeps the last 5,000, and its seq only grows (across resets)', async () => {
    const journal = new Journal(5);
    for (let i = 0; i < 8; i++) journal.add({ kind: 'control', time: i, real: i });
    expect(journal.last).toBe(8);
    expect(journal.since(0).map((e) => e.seq)).toEqual([4, 5, 6, 7, 8]);
    expect(journal.since(5, 2).map((e) => e.seq)).toEqual([6, 7]);
    expect(journal.since(8)).toEqual([]);
    expect(journal.since(0, 0)).toEqual([]);
    expect(JOURNAL_SIZE).toBe(5000);
    const host = new WorldHost({ seed: 2, freezeClock: true });
    await control(host, 'mockState', undefined);
    const before = host.journal.last;
    await control(host, 'mockReset', { seed: 3 });
    expect(host.journal.last).toBeGreaterThan(before);
    expect((await control(host, 'mockJournal', undefined, { since: 'x' })).status).toBe(400);
    expect((await control(host, 'mockJournal', undefined, { limit: '5001' })).status).toBe(400);
    expect((await control(host, 'mockJournal', undefined, { since: '99999999999999999999' })).status).toBe(400);
  });

  it('keeps no personal data: id numbers, names, bank and payment accounts, loan contacts and addresses are redacted', () => {
    const host = new WorldHost({ seed: 2, freezeClock: true });
    const start = host.journal.last;
    const token = call(host, 'login', undefined, { account: 'demo@example.com', password: 'Demo1234' }).message.token as string;
    const personal = {
      realName: 'Alex Q. Morgan',
      idNumber: 'X99887766',
      accountNumber: '0012 3456 7890',
      alipayAccount: 'alex.alipay@example.net',
      wechatAccount: 'alex_wechat_77',
      wechatNickname: 'AlexTheTrader',
      contact: 'alex.home@example.net',
      address: '1 Harbor Street, Springfield',
      emergencyName: 'Sam Morgan',
      emergencyPhone: '+1 555 0199',
      wallet: 'TXYZabcdefghijkmnopqrstuvwxyz12345',
    };
    call(host, 'submitIdentity', token, {
      level: 'primary',
      realName: personal.realName,
      idType: 'id_card',
      idNumber: personal.idNumber,
      frontImage: 'up_1',
      backImage: 'up_2',
    });
    call(host, 'addPaymentMethod', token, {
      type: 'bank',
      country: 'BR',
      realName: personal.realName,
      bankName: 'Banco do Brasil',
      accountNumber: personal.accountNumber,
    });
    call(host, 'addPaymentMethod', token, {
      type: 'alipay',
      country: 'CN',
      realName: personal.realName,
      alipayAccount: personal.alipayAccount,
      qrImage: 'up_3',
    });
    call(host, 'addPaymentMethod', token, {
      type: 'wechat',
      country: 'CN',
      realName: personal.realName,
      wechatNickname: personal.wechatNickname,
      wechatAccount: personal.wechatAccount,
      qrImage: 'up_4',
    });
    call(host, 'applyLoan', token, {
      productId: 'ln_credit',
      amount: '3000',
      days: 90,
      method: 'instalments',
      emergencyName: personal.emergencyName,
      emergencyPhone: personal.emergencyPhone,
      contact: personal.contact,
      address: personal.address,
    });
    call(host, 'addAddress', token, { coin: 'USDT', chain: 'TRC20', address: personal.wallet, label: 'mine', code: '123456' });
    const text = JSON.stringify(host.journal.since(start, 100));
    for (const [field, value] of Object.entries(personal)) expect(text, field).not.toContain(value);
    // What a reader needs to follow the requests stays: whose they were and what kind.
    expect(text).toContain('demo@example.com');
    expect(text).toContain('Banco do Brasil');
    expect(text).toContain('\\"type\\":\\"wechat\\"');
  });

  it('redacts every secret-named field at any depth and bounds the text', () => {
    expect(
      redact({ a: { password: 'x', newPassword: 'y', code: '123456', token: 't', ticket: 'k', key: 'g', inviteCode: 'DEMO01' }, list: [{ secret: 1 }] }),
    ).toEqual({
      a: {
        password: '[redacted]',
        newPassword: '[redacted]',
        code: '[redacted]',
        token: '[redacted]',
        ticket: '[redacted]',
        key: '[redacted]',
        inviteCode: 'DEMO01',
      },
      list: [{ secret: '[redacted]' }],
    });
    expect(clip({ text: 'x'.repeat(5000) })).toHaveLength(2000);
    expect(clip({ image: `data:image/png;base64,${'A'.repeat(9000)}` })).toBe('{"image":"data:image/png;base64,[9022 characters]"}');
  });
});

describe('over HTTP', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer({ seed: 4, freezeClock: true });
  });
  afterAll(async () => {
    await server.app.close();
  });

  it('GET /__mock/journal?since=&limit= reads its query; the API requests are in it', async () => {
    const since = ((await (await fetch(`${server.base}/__mock/journal?limit=0`)).json()) as { last: number }).last;
    await fetch(`${server.base}/api/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'demo@example.com', password: 'Demo1234' }),
    });
    const res = await fetch(`${server.base}/__mock/journal?since=${since}&limit=10`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { entries: Array<{ operationId: string }> };
    expect(body.entries.map((e) => e.operationId)).toEqual(['login']);
    expect((await fetch(`${server.base}/__mock/journal?since=-1`)).status).toBe(400);
  });

  it('snapshot and restore round-trip; restore takes a body over 1 MiB (up to 32 MiB), other control calls do not', async () => {
    const snapshot = await (await fetch(`${server.base}/__mock/snapshot`)).json();
    const post = (path: string, body: string) =>
      fetch(`${server.base}/__mock${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const restored = await post('/restore', JSON.stringify(snapshot));
    expect(restored.status).toBe(200);
    const big = JSON.stringify({ ...snapshot, padding: 'x'.repeat(2 * 1024 * 1024) });
    const tooBigForNews = await post('/news', JSON.stringify({ title: 't', body: 'x'.repeat(2 * 1024 * 1024) }));
    expect(tooBigForNews.status).toBe(413);
    const refused = await post('/restore', big);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toMatch(/additional properties/);
  });
});
