/** System (no area of its own): the settings every client reads at start, gathered from the areas. */
import type { OpResult } from '../../../../contracts/generated/operations.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../../common/validation.ts';
import { WITHDRAWAL_LIMITS } from '../../domain/account/accounts.ts';
import { CODE_COOLDOWN_MS } from '../../domain/account/codes.ts';
import { deepFreeze } from '../../domain/kernel/frozen.ts';
import { UPLOAD_MAX_BYTES } from '../../domain/kernel/uploads.ts';
import { SPOT_FEE } from '../../domain/trade/trade.ts';
import { IDENTITY_REVIEW_MS } from '../../domain/identity/identity.ts';
import { PAYMENT_REVIEW_MS } from '../../domain/identity/payments.ts';
import { FIAT_RATES } from '../../domain/fiat/model.ts';
import type { Handlers } from '../operations.ts';

/** The settings every client reads at start: constants, so one object serves every call. */
const SETTINGS: OpResult<'getSettings'> = deepFreeze({
  siteName: 'H5 Exchange',
  appVersion: '1.0.0',
  defaultLocale: 'en',
  locales: ['en', 'es', 'de', 'fr', 'zh', 'jp', 'hk', 'it', 'sv', 'cr', 'pt', 'ko', 'th', 'ar', 'vi', 'tr', 'ru', 'bg', 'ro', 'br'],
  codeCooldownSeconds: CODE_COOLDOWN_MS / 1000,
  passwordMinLength: PASSWORD_MIN,
  passwordMaxLength: PASSWORD_MAX,
  uploadMaxBytes: UPLOAD_MAX_BYTES,
  identityReviewSeconds: IDENTITY_REVIEW_MS / 1000,
  paymentReviewSeconds: PAYMENT_REVIEW_MS / 1000,
  sandbox: true,
  withdrawalLimits: { ...WITHDRAWAL_LIMITS },
  fiatRates: { ...FIAT_RATES },
  spotFeeRate: SPOT_FEE.toString(),
});

export const system = {
  getSettings: () => SETTINGS,
} satisfies Partial<Handlers>;
