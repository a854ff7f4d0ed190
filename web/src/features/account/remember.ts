/** "Remember account": the login identifier (never the password) kept in localStorage. */
import type { CountryCode } from 'libphonenumber-js/min';
import type { AccountKind } from '../../ui/account/AccountInput';

const KEY = 'remember_account';

interface RememberedAccount {
  kind: AccountKind;
  value: string;
  country?: CountryCode;
}

export function rememberedAccount(): RememberedAccount | null {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? 'null') as RememberedAccount | null;
    return v && (v.kind === 'email' || v.kind === 'phone') && typeof v.value === 'string' ? v : null;
  } catch {
    return null;
  }
}

export function rememberAccount(account: RememberedAccount): void {
  localStorage.setItem(KEY, JSON.stringify(account));
}

export function forgetAccount(): void {
  localStorage.removeItem(KEY);
}
