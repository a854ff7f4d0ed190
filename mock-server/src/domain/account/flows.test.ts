/** Issue 3 flows through dispatch: passwords, transaction password, uploads, identity, payment methods, agents. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { OperationId } from '../../../../contracts/generated/operations';
import { World } from '../world';
import { type Scenario } from '../kernel/area';
import { send } from '../../core/test-client';

let world: World;
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const HAND_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPQiDoBAAH4AUspz9deAAAAAElFTkSuQmCC';
const GIF = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

function fresh(scenario: Scenario = 'default') {
  world = new World({ seed: 5, freezeClock: true, scenario });
}
beforeEach(() => fresh());

const req = (operationId: OperationId, body?: unknown, token?: string) => send(world, operationId, { body, token }).body;
const login = (password = 'Demo1234') => req('login', { account: 'demo@example.com', password });
const token = () => login().message.token as string;

describe('forgot password', () => {
  it('code → ticket → new password; the old password and old sessions stop working', () => {
    const old = token();
    req('sendCode', { account: 'demo@example.com', scene: 'forget_password' });
    expect(req('checkCode', { account: 'demo@example.com', scene: 'forget_password', code: '111111' }).code).toBe('wrong_code');
    const ticket = req('checkCode', { account: 'demo@example.com', scene: 'forget_password', code: '123456' }).message.ticket;
    expect(req('resetPassword', { ticket, password: 'Weak', confirmPassword: 'Weak' }).type).toBe('error');
    expect(req('resetPassword', { ticket, password: 'Fresh2026!', confirmPassword: 'Fresh2026?' }).code).toBe('password_mismatch');
    expect(req('resetPassword', { ticket, password: 'Fresh2026!', confirmPassword: 'Fresh2026!' }).type).toBe('ok');
    expect(login().code).toBe('wrong_credentials');
    expect(login('Fresh2026!').type).toBe('ok');
    expect(req('getCurrentUser', undefined, old).type).toBe('999');
    expect(req('resetPassword', { ticket, password: 'Other2026!', confirmPassword: 'Other2026!' }).code).toBe('ticket_invalid');
  });

  it('kills a code after 5 wrong tries', () => {
    req('sendCode', { account: 'demo@example.com', scene: 'forget_password' });
    const check = (code: string) => req('checkCode', { account: 'demo@example.com', scene: 'forget_password', code }).code;
    for (let i = 0; i < 4; i++) expect(check('111111')).toBe('wrong_code');
    expect(check('111111')).toBe('code_attempts');
    expect(check('123456')).toBe('code_not_sent');
  });

  it('refuses used codes', () => {
    req('sendCode', { account: 'demo@example.com', scene: 'forget_password' });
    req('checkCode', { account: 'demo@example.com', scene: 'forget_password', code: '123456' });
    expect(req('checkCode', { account: 'demo@example.com', scene: 'forget_password', code: '123456' }).code).toBe('code_not_sent');
  });

  it('the security scene needs the logged-in user, and only for their own account', () => {
    expect(req('checkCode', { scene: 'security', code: '123456' }).type).toBe('999');
    expect(req('sendCode', { account: 'demo@example.com', scene: 'security' }).type).toBe('999');
    const t = token();
    req('sendCode', { account: 'x@example.com', scene: 'register' });
    req('register', { accountType: 'email', account: 'x@example.com', password: 'Trade2026!', confirmPassword: 'Trade2026!', code: '123456', agree: true });
    expect(req('sendCode', { account: 'x@example.com', scene: 'security' }, t).code).toBe('not_your_account');
    req('sendCode', { account: 'demo@example.com', scene: 'security' }, t);
    const ticket = req('checkCode', { scene: 'security', code: '123456' }, t).message.ticket;
    expect(req('resetPassword', { ticket, password: 'Fresh2026!', confirmPassword: 'Fresh2026!' }).type).toBe('999');
    expect(req('resetPassword', { ticket, password: 'Fresh2026!', confirmPassword: 'Fresh2026!' }, t).type).toBe('ok');
    expect(req('getCurrentUser', undefined, t).type).toBe('ok');
  });
});

describe('login and transaction passwords', () => {
  it('changes the login password only with the right current one', () => {
    const t = token();
    expect(req('changePassword', { oldPassword: 'Nope1234', password: 'Fresh2026!', confirmPassword: 'Fresh2026!' }, t).code).toBe('wrong_old_password');
    expect(req('changePassword', { oldPassword: 'Demo1234', password: 'Demo1234', confirmPassword: 'Demo1234' }, t).code).toBe('password_unchanged');
    expect(req('changePassword', { oldPassword: 'Demo1234', password: 'Fresh2026!', confirmPassword: 'Fresh2026!' }, t).type).toBe('ok');
    expect(login('Fresh2026!').type).toBe('ok');
  });

  it('sets the transaction password once freely, then changes it only with a code', () => {
    const t = token();
    expect(req('setTransactionPassword', { password: '123456', confirmPassword: '123456' }, t).code).toBe('transaction_password_too_simple');
    expect(req('setTransactionPassword', { password: '482915', confirmPassword: '482916' }, t).code).toBe('password_mismatch');
    expect(req('setTransactionPassword', { password: '482915', confirmPassword: '482915' }, t).message.hasTransactionPassword).toBe(true);
    expect(req('setTransactionPassword', { password: '739201', confirmPassword: '739201' }, t).code).toBe('code_required');
    req('sendCode', { account: 'demo@example.com', scene: 'security' }, t);
    expect(req('setTransactionPassword', { password: '739201', confirmPassword: '739201', code: '123456' }, t).type).toBe('ok');
    const user = world.accounts.record(t);
    expect(() => world.accounts.checkTransactionPassword(user, '482915')).toThrow('Incorrect transaction password');
    expect(() => world.accounts.checkTransactionPassword(user, '739201')).not.toThrow();
  });
});

describe('uploads', () => {
  it('accepts JPEG/PNG/WebP by content and refuses other types and oversized files', () => {
    const t = token();
    expect(req('uploadImage', { image: PNG }, t).message).toMatchObject({ contentType: 'image/png', size: 70 });
    expect(req('uploadImage', { image: GIF }, t).code).toBe('upload_type');
    expect(req('uploadImage', { image: PNG.replace('image/png', 'text/plain') }, t).code).toBe('upload_type');
    expect(req('uploadImage', { image: 'not a data url' }, t).code).toBe('upload_invalid');
    const big = `data:image/png;base64,iVBORw0KGgo${'A'.repeat(7_000_000)}`;
    expect(req('uploadImage', { image: big }, t).code).toBe('upload_too_large');
    expect(req('uploadImage', { image: PNG }).type).toBe('999');
  });

  it('gives an image back to its uploader only', () => {
    const t = token();
    const id = req('uploadImage', { image: PNG }, t).message.id;
    const get = (token?: string) => send(world, 'getUpload', { token, query: { id } }).body;
    expect(get(t).message).toEqual({ id, contentType: 'image/png', size: 70, image: PNG });
    req('sendCode', { account: 'x@example.com', scene: 'register' });
    req('register', { accountType: 'email', account: 'x@example.com', password: 'Trade2026!', confirmPassword: 'Trade2026!', code: '123456', agree: true });
    const other = req('login', { account: 'x@example.com', password: 'Trade2026!' }).message.token;
    expect(get(other).code).toBe('not_found');
    expect(get().type).toBe('999');
  });
});

function verify(t: string, idNumber = 'X1234567') {
  const front = req('uploadImage', { image: PNG }, t).message.id;
  const back = req('uploadImage', { image: PNG }, t).message.id;
  return req('submitIdentity', { level: 'primary', realName: 'Alex  Morgan', idType: 'id_card', idNumber, frontImage: front, backImage: back }, t);
}

describe('identity verification', () => {
  it('goes pending → verified after the review delay and raises the withdrawal limit', () => {
    const t = token();
    expect(req('getCurrentUser', undefined, t).message).toMatchObject({ verification: 'none', merchantLevel: 'mobile', withdrawalLimit: '2000.00' });
    expect(verify(t).message).toMatchObject({ verification: 'pending', realName: 'Alex Morgan' });
    expect(verify(t).code).toBe('review_pending');
    world.clock.advance(59_000);
    expect(req('getCurrentUser', undefined, t).message.verification).toBe('pending');
    world.clock.advance(1_000);
    expect(req('getCurrentUser', undefined, t).message).toMatchObject({ verification: 'verified', merchantLevel: 'realName', withdrawalLimit: '50000.00' });
    expect(req('submitIdentity', { level: 'advanced' }, t)).toMatchObject({ code: 'field_required', params: { field: 'handImage' } });
    expect(req('submitIdentity', { level: 'advanced', handImage: 'up_nope' }, t).code).toBe('upload_missing');
    // The ID photo again is not a hand-held photo: rejected with the reason; another photo passes.
    const again = req('uploadImage', { image: PNG }, t).message.id;
    expect(req('submitIdentity', { level: 'advanced', handImage: again }, t).message.advancedVerification).toBe('pending');
    world.clock.advance(60_000);
    expect(req('getCurrentUser', undefined, t).message).toMatchObject({
      advancedVerification: 'rejected',
      advancedVerificationReason: 'The photo must show you holding your ID, not the ID alone',
      advancedVerificationReasonCode: 'not_hand_held',
      merchantLevel: 'realName',
    });
    const hand = req('uploadImage', { image: HAND_PNG }, t).message.id;
    expect(req('submitIdentity', { level: 'advanced', handImage: hand }, t).message.advancedVerification).toBe('pending');
    world.clock.advance(60_000);
    expect(req('getCurrentUser', undefined, t).message).toMatchObject({ merchantLevel: 'advanced', withdrawalLimit: '500000.00' });
  });

  it('rejects with a reason (ID ending 000) and accepts a new submission', () => {
    fresh('instant-review');
    const t = token();
    expect(verify(t, 'X1234000').message).toMatchObject({
      verification: 'rejected',
      verificationReason: 'The ID photos are unclear, please upload them again',
      verificationReasonCode: 'photos_unclear',
    });
    expect(verify(t).message.verification).toBe('verified');
  });

  it('needs every part, and photos of this user', () => {
    const t = token();
    expect(req('submitIdentity', { level: 'primary', idNumber: 'X1234', frontImage: 'a', backImage: 'b' }, t).code).toBe('field_required');
    expect(
      req('submitIdentity', { level: 'primary', realName: 'Alex Morgan', idType: 'id_card', idNumber: 'X1234', frontImage: 'up_nope', backImage: 'b' }, t).code,
    ).toBe('upload_missing');
    expect(req('submitIdentity', { level: 'advanced', handImage: 'x' }, t).code).toBe('primary_required');
  });
});

describe('payment methods', () => {
  it('need verified real-name authentication (998), then the same name', () => {
    const t = token();
    const bank = { type: 'bank', country: 'BR', realName: 'Alex Morgan', bankName: 'Banco do Brasil', accountNumber: '0012 3456 78' };
    expect(req('addPaymentMethod', bank, t)).toMatchObject({ type: '998', code: 'real_name_required' });
    fresh('instant-review');
    const t2 = token();
    verify(t2);
    expect(req('addPaymentMethod', { ...bank, realName: 'Someone Else' }, t2).code).toBe('name_mismatch');
    const added = req('addPaymentMethod', { ...bank, realName: 'alex morgan' }, t2).message;
    expect(added).toMatchObject({ type: 'bank', accountNumber: '******5678', status: 'verified' });
    expect(req('addPaymentMethod', bank, t2).code).toBe('duplicate_method');
  });

  it('require the fields of their type and are reviewed on the clock', () => {
    const t = token();
    world.accounts.record(t).verification = 'verified';
    world.accounts.record(t).realName = 'Alex Morgan';
    const base = { country: 'CN', realName: 'Alex Morgan' };
    // The fields a type needs are a rule of the request schema: HTTP 400 naming the first one missing.
    expect(req('addPaymentMethod', { ...base, type: 'alipay', alipayAccount: 'alex@example.com' }, t)).toMatchObject({
      code: 'field_required',
      params: { field: 'qrImage' },
    });
    expect(req('addPaymentMethod', { ...base, type: 'wechat', wechatAccount: 'alexm' }, t)).toMatchObject({
      code: 'field_required',
      params: { field: 'wechatNickname' },
    });
    const qr = req('uploadImage', { image: PNG }, t).message.id;
    const alipay = req('addPaymentMethod', { ...base, type: 'alipay', alipayAccount: 'alex@example.com', qrImage: qr }, t).message;
    const pix = req('addPaymentMethod', { ...base, country: 'BR', type: 'pix', pixKey: 'key-000' }, t).message;
    expect([alipay.status, pix.status]).toEqual(['pending', 'pending']);
    world.clock.advance(120_000);
    const list = req('listPaymentMethods', undefined, t).message as Array<{ id: string; status: string; reason?: string }>;
    expect(list.map((m) => m.status)).toEqual(['rejected', 'verified']);
    expect(list[0]).toMatchObject({ reason: expect.stringContaining('could not be verified'), reasonCode: 'account_unverifiable' });
    expect(req('removePaymentMethod', { id: alipay.id }, t).type).toBe('ok');
    expect(req('listPaymentMethods', undefined, t).message).toHaveLength(1);
    expect(req('removePaymentMethod', { id: alipay.id }, t).code).toBe('not_found');
  });
});

describe('authorization code', () => {
  it('makes a user an agent with a valid code only', () => {
    const t = token();
    expect(req('redeemAuthorizationCode', { code: 'WRONG1' }, t).code).toBe('authorization_code_invalid');
    expect(req('redeemAuthorizationCode', { code: 'agent2026' }, t).message.role).toBe('agent');
    expect(req('redeemAuthorizationCode', { code: 'AGENT2026' }, t).code).toBe('already_agent');
  });
});
