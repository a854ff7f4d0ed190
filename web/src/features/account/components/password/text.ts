/** Small helpers shared by the password pages: messages of validation keys, masked accounts. */
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../api/client';

/** Turns a validation key into its message: this feature's own wording first, then the shared one. */
export function useValidationText() {
  const { t } = useTranslation();
  return (key: string | null | undefined): string | null => (key ? t([`password.validation.${key}`, `validation.${key}`]) : null);
}

/** Server errors about the verification code, shown under the code field too (the toast fades). */
const CODE_ERRORS = new Set(['wrong_code', 'code_expired', 'code_not_sent', 'code_required']);

export function codeErrorOf(error: unknown): string | null {
  return error instanceof ApiError && error.details.code && CODE_ERRORS.has(error.details.code) ? error.message : null;
}

export function errorCodeOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.details.code : undefined;
}

/** demo@example.com → de••@example.com; +14155550123 → +141•••••123. */
export function maskAccount(account: string): string {
  const at = account.indexOf('@');
  if (at > 0) {
    const local = account.slice(0, at);
    const keep = local.length <= 2 ? 1 : 2;
    return `${local.slice(0, keep)}${'•'.repeat(Math.max(2, local.length - keep))}${account.slice(at)}`;
  }
  if (account.length <= 6) return `${account.slice(0, 1)}${'•'.repeat(account.length - 1)}`;
  const head = account.startsWith('+') ? 4 : 3;
  return `${account.slice(0, head)}${'•'.repeat(Math.max(3, account.length - head - 3))}${account.slice(-3)}`;
}
