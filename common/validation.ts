/**
 * Account rules shared by the web forms (instant feedback) and the mock domain (enforcement).
 * Pure TypeScript; each check returns an error key (see locales/en.json `validation.*`) or null.
 */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { PASSWORD_MAX, PASSWORD_MIN } from './password';

export { PASSWORD_MAX, PASSWORD_MIN };

export type ValidationKey =
  | 'required'
  | 'emailInvalid'
  | 'phoneInvalid'
  | 'passwordLength'
  | 'passwordTooSimple'
  | 'passwordMismatch'
  | 'codeInvalid'
  | 'agreementRequired'
  | 'transactionPasswordFormat'
  | 'transactionPasswordTooSimple';

/** Practical email check (RFC 5321 lengths, one @, a dotted domain with a 2+ letter TLD). */
export function checkEmail(value: string): ValidationKey | null {
  const v = value.trim();
  if (!v) return 'required';
  if (v.length > 254) return 'emailInvalid';
  const match = /^([A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64})@((?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63})$/.exec(v);
  if (!match) return 'emailInvalid';
  const local = match[1];
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) return 'emailInvalid';
  return null;
}

/** A phone number valid for its country; returns the E.164 form, or null when invalid. */
export function normalizePhone(value: string, country: string | undefined): string | null {
  const v = value.trim();
  if (!v) return null;
  const parsed = parsePhoneNumberFromString(v, (country || undefined) as CountryCode | undefined);
  return parsed && parsed.isValid() ? parsed.number : null;
}

export function checkPhone(value: string, country: string | undefined): ValidationKey | null {
  if (!value.trim()) return 'required';
  return normalizePhone(value, country) ? null : 'phoneInvalid';
}

const COMMON = new Set([
  'password',
  'password1',
  'passw0rd',
  'qwerty',
  'qwerty123',
  'qwertyuiop',
  'abc123',
  'abcd1234',
  'iloveyou',
  'letmein',
  'welcome',
  'admin123',
  'monkey',
  'dragon',
  'football',
  'baseball',
  'a123456',
  '1q2w3e4r',
  '1qaz2wsx',
  'zxcvbnm',
  'asdfghjkl',
  'aa123456',
  'qwe123',
  'trustno1',
]);

function isSequence(v: string): boolean {
  if (v.length < 3) return false;
  const codes = [...v].map((c) => c.charCodeAt(0));
  const step = codes[1] - codes[0];
  if (step !== 1 && step !== -1 && step !== 0) return false;
  return codes.every((c, i) => i === 0 || c - codes[i - 1] === step);
}

/**
 * 6 to 16 characters, at least two kinds of character (lower case, upper case, digits, symbols),
 * not one repeated or consecutive run (111111, 123456, abcdef) and not a well-known password.
 */
export function checkPassword(value: string): ValidationKey | null {
  if (!value) return 'required';
  const length = [...value].length; // code points, as the contract's maxLength counts them
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) return 'passwordLength';
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(value)).length;
  if (kinds < 2 || isSequence(value.toLowerCase()) || COMMON.has(value.toLowerCase())) return 'passwordTooSimple';
  return null;
}

export function checkConfirmation(password: string, confirmation: string): ValidationKey | null {
  if (!confirmation) return 'required';
  return password === confirmation ? null : 'passwordMismatch';
}

export function checkCode(value: string): ValidationKey | null {
  if (!value.trim()) return 'required';
  return /^[0-9]{6}$/.test(value.trim()) ? null : 'codeInvalid';
}

/** The transaction password: six digits, not one repeated or consecutive run (111111, 123456). */
export function checkTransactionPassword(value: string): ValidationKey | null {
  if (!value) return 'required';
  if (!/^[0-9]{6}$/.test(value)) return 'transactionPasswordFormat';
  return isSequence(value) ? 'transactionPasswordTooSimple' : null;
}
