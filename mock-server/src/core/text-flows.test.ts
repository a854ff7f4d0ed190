/**
 * Issue 9 (items 14 and 17) through dispatch: free text that is stored and shown back (address
 * labels, real names, payment method names and accounts) is normalised and checked with the
 * shared rules of common/text.ts; payment method ids say nothing about other users.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { OperationId } from '../../../contracts/generated/operations';
import { World } from '../domain/world';
import { type Scenario } from '../domain/kernel/area';
import { ID_HEX } from '../domain/kernel/random';
import { sendFlat, type Envelope } from './test-client';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const ADDRESS = 'TXk3LoVgYqW9m4sQ1hXc8bP7nJd2rFa5Uy';
const RLO = '\u202E';

let world: World;

type Answer = Envelope & { status: number };

function fresh(seed = 7, scenario: Scenario = 'default') {
  world = new World({ seed, freezeClock: true, scenario });
}
beforeEach(() => fresh());

const req = (operationId: OperationId, body?: unknown, token?: string): Answer => sendFlat(world, operationId, { body, token });
const demo = () => req('login', { account: 'demo@example.com', password: 'Demo1234' }).message.token as string;

function register(account: string): string {
  req('sendCode', { account, scene: 'register' });
  const r = req('register', { accountType: 'email', account, password: 'Trade2026!', confirmPassword: 'Trade2026!', code: '123456', agree: true });
  return r.message.token as string;
}

/** A user whose identity is verified under `name`, ready to add payment methods. */
function verified(token: string, name = 'Alex Morgan'): string {
  const user = world.accounts.record(token);
  user.verification = 'verified';
  user.realName = name;
  return token;
}

describe('withdrawal address labels', () => {
  const add = (t: string, label: string | undefined, address = ADDRESS) => {
    req('sendCode', { account: 'demo@example.com', scene: 'security' }, t);
    return req('addAddress', { coin: 'USDT', chain: 'TRC20', address, code: '123456', ...(label === undefined ? {} : { label }) }, t);
  };

  it.each([
    ['a right-to-left override', `cold${RLO}txt.exe`],
    ['an isolate', 'cold\u2067wallet\u2069'],
    ['NUL', 'cold\u0000'],
    ['a line feed', 'cold\nwallet'],
    ['a C1 control', 'cold\u009bwallet'],
    ['a lone surrogate', 'cold\uD83D'],
  ])('refuses %s with text_invalid_characters', (_, label) => {
    const t = demo();
    expect(add(t, label)).toMatchObject({ status: 200, type: 'error', code: 'text_invalid_characters', params: { field: 'label' } });
    expect(req('listAddresses', undefined, t).message).toEqual([]);
  });

  it('refuses a label of only spaces or invisible characters (it is not silently dropped)', () => {
    const t = demo();
    expect(add(t, '    ')).toMatchObject({ type: 'error', code: 'text_empty', params: { field: 'label' } });
    expect(add(t, '\u200B\u200D\uFEFF')).toMatchObject({ code: 'text_empty', params: { field: 'label' } });
    expect(add(t, '\u00A0\u3000')).toMatchObject({ code: 'text_empty' });
    expect(req('listAddresses', undefined, t).message).toEqual([]);
  });

  it('an empty label field is no label', () => {
    const t = demo();
    const added = add(t, '').message;
    expect(added).not.toHaveProperty('label');
  });

  it('stores the normalised label: NFC, white space collapsed, trimmed', () => {
    const t = demo();
    expect(add(t, '  Cafe\u0301   cold\u00A0wallet ').message.label).toBe('Café cold wallet');
    expect(req('listAddresses', undefined, t).message[0].label).toBe('Café cold wallet');
  });

  it('keeps emoji, CJK and Arabic labels', () => {
    const t = demo();
    expect(add(t, '冷钱包 🧊 محفظة').message.label).toBe('冷钱包 🧊 محفظة');
  });

  it('bounds the normalised length in characters: text_too_long with {max}', () => {
    const t = demo();
    // 32 characters on the wire (within the contract's maxLength), 64 once composed to NFC:
    // U+0958 DEVANAGARI LETTER QA is a composition exclusion and decomposes to two characters.
    expect(add(t, '\u0958'.repeat(32))).toMatchObject({ code: 'text_too_long', params: { field: 'label', max: 32 } });
    // 32 emoji are 64 UTF-16 units but 32 characters: fine.
    expect(add(t, '💰'.repeat(32)).type).toBe('ok');
    // Over the contract's maxLength on the wire: the request itself is refused.
    expect(add(t, 'a'.repeat(33), 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toMatchObject({ status: 400, code: 'invalid_request' });
  });
});

describe('the real name of identity verification', () => {
  const submit = (t: string, realName: string) => {
    const front = req('uploadImage', { image: PNG }, t).message.id;
    const back = req('uploadImage', { image: PNG }, t).message.id;
    return req('submitIdentity', { level: 'primary', realName, idType: 'id_card', idNumber: 'X1234567', frontImage: front, backImage: back }, t);
  };

  it('refuses bidi controls, control characters and lone surrogates', () => {
    const t = demo();
    expect(submit(t, `Alex ${RLO}nagroM`)).toMatchObject({ code: 'text_invalid_characters', params: { field: 'realName' } });
    expect(submit(t, 'Alex\u0007Morgan')).toMatchObject({ code: 'text_invalid_characters' });
    expect(submit(t, 'Alex \uDC00')).toMatchObject({ code: 'text_invalid_characters' });
    expect(req('getCurrentUser', undefined, t).message.verification).toBe('none');
  });

  it('refuses names of only invisible characters, and names shorter than 2 characters once normalised', () => {
    const t = demo();
    expect(submit(t, '\u200B\u200B\u200B')).toMatchObject({ code: 'text_empty', params: { field: 'realName' } });
    expect(submit(t, '  A  ')).toMatchObject({ code: 'text_too_short', params: { field: 'realName', min: 2 } });
  });

  it('stores the normalised name and keeps names in any script', () => {
    const t = demo();
    expect(submit(t, ' Jose\u0301   Pe\u0301rez ').message.realName).toBe('José Pérez');
    fresh(7);
    expect(submit(demo(), '李明').message.realName).toBe('李明');
  });
});

describe('payment method free text', () => {
  const bank = { type: 'bank', country: 'BR', realName: 'Alex Morgan', bankName: 'Banco do Brasil', accountNumber: '0012 3456 78' };

  it.each([
    ['bankName', { ...bank, bankName: `Banco ${RLO}lisarB od` }, 'text_invalid_characters'],
    ['bankName', { ...bank, bankName: 'Banco\u0000do Brasil' }, 'text_invalid_characters'],
    ['bankName', { ...bank, bankName: '\u200B\u2060\u200B' }, 'text_empty'],
    ['realName', { ...bank, realName: 'Alex\u2066 Morgan' }, 'text_invalid_characters'],
    ['pixKey', { type: 'pix', country: 'BR', realName: 'Alex Morgan', pixKey: 'alex\u001b@example.com' }, 'text_invalid_characters'],
    ['wechatNickname', { type: 'wechat', country: 'CN', realName: 'Alex Morgan', wechatNickname: '\u3164\u3164', wechatAccount: 'alexm' }, 'text_empty'],
    [
      'wechatAccount',
      { type: 'wechat', country: 'CN', realName: 'Alex Morgan', wechatNickname: 'Alex', wechatAccount: 'alex\uD800m' },
      'text_invalid_characters',
    ],
    ['alipayAccount', { type: 'alipay', country: 'CN', realName: 'Alex Morgan', alipayAccount: 'al\u202Dex@example.com' }, 'text_invalid_characters'],
  ])('%s: %j is refused with its code', (field, body, code) => {
    const t = verified(demo());
    const qr = body.type === 'alipay' || body.type === 'wechat' ? { qrImage: req('uploadImage', { image: PNG }, t).message.id } : {};
    expect(req('addPaymentMethod', { ...body, ...qr }, t)).toMatchObject({ type: 'error', code, params: { field } });
    expect(req('listPaymentMethods', undefined, t).message).toEqual([]);
  });

  it('stores normalised text and compares the real name in its normalised form', () => {
    const t = verified(demo());
    const added = req('addPaymentMethod', { ...bank, realName: 'alex\u00A0\u00A0MORGAN', bankName: '  Itau\u0301   Unibanco ' }, t);
    expect(added.message).toMatchObject({ realName: 'alex MORGAN', bankName: 'Itaú Unibanco' });
  });

  it('keeps names and nicknames in any script, with emoji', () => {
    const t = verified(demo(), '王小明');
    const qr = req('uploadImage', { image: PNG }, t).message.id;
    const added = req(
      'addPaymentMethod',
      { type: 'wechat', country: 'CN', realName: '王小明', wechatNickname: '小明 🐼', wechatAccount: 'xiaoming_88', qrImage: qr },
      t,
    );
    expect(added.message).toMatchObject({ realName: '王小明', wechatNickname: '小明 🐼' });
  });
});

describe('payment method ids', () => {
  const pix = (t: string, key: string) => req('addPaymentMethod', { type: 'pix', country: 'BR', realName: 'Alex Morgan', pixKey: key }, t).message.id as string;

  /** Ids of the second user's methods, after the first user added `othersBefore` of theirs. */
  function secondUserIds(othersBefore: number): string[] {
    fresh(11);
    const a = verified(demo());
    for (let i = 0; i < othersBefore; i++) pix(a, `alex-${i}@example.com`);
    const b = verified(register('bea@example.com'));
    return [pix(b, 'bea-1@example.com'), pix(b, 'bea-2@example.com')];
  }

  it('do not reveal how many methods other users added', () => {
    const alone = secondUserIds(0);
    const afterOthers = secondUserIds(5);
    expect(afterOthers).toEqual(alone);
    for (const id of alone) expect(id).toMatch(new RegExp(`^pm_[0-9a-f]{${ID_HEX}}$`));
  });

  it('are deterministic for a seed and differ between users and seeds', () => {
    expect(secondUserIds(2)).toEqual(secondUserIds(2));
    fresh(11);
    const demoIds = [pix(verified(demo()), 'a@example.com'), pix(verified(demo()), 'b@example.com')];
    expect(demoIds).not.toEqual(secondUserIds(0));
    fresh(12);
    expect(pix(verified(demo()), 'a@example.com')).not.toBe(demoIds[0]);
  });

  it('are not reused after a removal', () => {
    fresh(11);
    const t = verified(demo());
    const first = pix(t, 'a@example.com');
    expect(req('removePaymentMethod', { id: first }, t).type).toBe('ok');
    const second = pix(t, 'a@example.com');
    expect(second).not.toBe(first);
  });
});
