/** The account rules shared with the app (common/validation.ts), as the domain's errors. */
import type { ValidationKey } from '../../../../common/validation.ts';
import { DomainError, type ErrorCode } from '../kernel/errors.ts';

export const VALIDATION_MESSAGES: Record<ValidationKey, [ErrorCode, string]> = {
  required: ['field_required', 'Please fill in the required fields'],
  emailInvalid: ['invalid_account', 'Please input a valid phone number or valid email'],
  phoneInvalid: ['invalid_account', 'Please input a valid phone number or valid email'],
  passwordLength: ['password_length', 'The password must be 6 to 16 characters'],
  passwordTooSimple: ['password_too_simple', 'The password is too simple, please re-enter'],
  passwordMismatch: ['password_mismatch', 'The two passwords are inconsistent'],
  codeInvalid: ['wrong_code', 'The verification code is incorrect'],
  agreementRequired: ['agreement_required', 'Please read and accept the user agreement'],
  transactionPasswordFormat: ['transaction_password_format', 'The transaction password must be 6 digits'],
  transactionPasswordTooSimple: ['transaction_password_too_simple', 'The transaction password is too simple, avoid repeated or consecutive digits'],
};

export function fail(key: ValidationKey | null): void {
  if (key) throw new DomainError(...VALIDATION_MESSAGES[key]);
}
