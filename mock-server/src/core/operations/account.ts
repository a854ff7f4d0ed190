/** Account: settings, codes, registration, sessions and passwords. */
import type { OpResult } from '../../../../contracts/generated/operations.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../../common/validation.ts';
import { WITHDRAWAL_LIMITS } from '../../domain/account/accounts.ts';
import { CODE_COOLDOWN_MS } from '../../domain/account/codes.ts';
import { deepFreeze } from '../../domain/kernel/frozen.ts';
import { UPLOAD_MAX_BYTES } from '../../domain/kernel/uploads.ts';
import { SPOT_FEE } from '../../domain/trade/trade.ts';
import { IDENTITY_REVIEW_MS } from '../../domain/identity/identity.ts';
import { PAYMENT_REVIEW_MS } from '../../domain/identity/payments.ts';
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
  fiatRates: { USD: '1', EUR: '0.92', GBP: '0.79', CNY: '7.24', JPY: '151.8', KRW: '1368', BRL: '5.05', TRY: '32.4', RUB: '92.5', VND: '25350' },
  spotFeeRate: SPOT_FEE.toString(),
});

export const account = {
  getSettings: () => SETTINGS,
  sendCode: ({ world, body, token }) => world.accounts.sendCode(body, token),
  register: ({ world, body, client }) => world.accounts.register(body, client),
  login: ({ world, body, client }) => world.accounts.login(body, client),
  logout: ({ world, token }) => {
    world.accounts.logout(token);
    return 'Logged out';
  },
  getCurrentUser: ({ world, userId }) => world.accounts.view(world.accounts.get(userId)),
  checkCode: ({ world, body, token, client }) => world.accounts.checkCode(body, token, client),
  resetPassword: ({ world, body, token }) => world.accounts.resetPassword(body, token),
  changePassword: ({ world, body, userId, token, client }) => world.accounts.changePassword(userId, token, body, client),
  setTransactionPassword: ({ world, body, userId, client }) => world.accounts.setTransactionPassword(userId, body, client),
  redeemAuthorizationCode: ({ world, body, userId }) => world.accounts.redeemAuthorizationCode(userId, body.code),
} satisfies Partial<Handlers>;
