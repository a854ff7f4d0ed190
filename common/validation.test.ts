import { describe, expect, it } from 'vitest';
import { checkCode, checkConfirmation, checkEmail, checkPassword, checkPhone, normalizePhone } from './validation';

describe('email', () => {
  it.each(['demo@example.com', 'first.last+tag@sub.example.co.uk', 'A_B@example.io'])('accepts %s', (v) => {
    expect(checkEmail(v)).toBeNull();
  });
  it.each(['', 'plain', 'a@b', 'a@b.c', 'two@@example.com', '.dot@example.com', 'a..b@example.com', 'a b@example.com', 'x@-bad.com'])('rejects %j', (v) => {
    expect(checkEmail(v)).not.toBeNull();
  });
  it('says required for an empty value', () => {
    expect(checkEmail('  ')).toBe('required');
  });
});

describe('phone, per country', () => {
  it('accepts valid national numbers and returns E.164', () => {
    expect(normalizePhone('(201) 555-0123', 'US')).toBe('+12015550123');
    expect(normalizePhone('13812345678', 'CN')).toBe('+8613812345678');
    expect(normalizePhone('030 12345678', 'DE')).toBe('+493012345678');
  });
  it('accepts an international number whatever the selected country', () => {
    expect(normalizePhone('+44 20 7946 0958', 'US')).toBe('+442079460958');
  });
  it('rejects what is not a number of that country (the spec rule was one country only)', () => {
    expect(checkPhone('13812345678', 'US')).toBe('phoneInvalid');
    expect(checkPhone('12', 'DE')).toBe('phoneInvalid');
    expect(checkPhone('', 'US')).toBe('required');
  });
});

describe('password', () => {
  it('needs 6 to 16 characters', () => {
    expect(checkPassword('Ab1')).toBe('passwordLength');
    expect(checkPassword('Ab1Ab1Ab1Ab1Ab1Ab')).toBe('passwordLength');
    expect(checkPassword('Demo1234')).toBeNull();
  });
  it.each(['123456', 'abcdef', 'aaaaaaaa', 'password', 'Password', 'onlyletters', '987654'])('rejects too simple %s', (v) => {
    expect(checkPassword(v)).toBe('passwordTooSimple');
  });
  it('checks the confirmation', () => {
    expect(checkConfirmation('Demo1234', 'Demo1235')).toBe('passwordMismatch');
    expect(checkConfirmation('Demo1234', '')).toBe('required');
    expect(checkConfirmation('Demo1234', 'Demo1234')).toBeNull();
  });
});

describe('verification code', () => {
  it('is six digits', () => {
    expect(checkCode('123456')).toBeNull();
    expect(checkCode('12345')).toBe('codeInvalid');
    expect(checkCode('12a456')).toBe('codeInvalid');
  });
});
