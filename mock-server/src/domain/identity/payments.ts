/**
 * Payment methods (collect-money information): bank card, PIX, Alipay, WeChat. Adding one needs
 * verified real-name authentication (998 otherwise) under the same name; each waits for a review.
 * The review is deterministic: an account or key ending in 000 is rejected, anything else verified.
 * Names, bank names and accounts are free text, normalised and checked by common/text.ts. Ids are
 * seeded hex derived from (owner, the owner's own count), so they say nothing about other users.
 */
import { checkText, normalizeText, textErrorMessage, TEXT_RULES, type TextRule } from '../../../../common/text.ts';
import type { components } from '../../../../contracts/generated/openapi.ts';
import type { Accounts } from '../account/accounts.ts';
import { DomainError } from '../kernel/errors.ts';
import type { OwnedIds } from '../kernel/random.ts';
import type { Uploads } from '../kernel/uploads.ts';

type Schemas = components['schemas'];
type PaymentMethod = Schemas['PaymentMethod'];
type Request = Schemas['PaymentMethodRequest'];

const MAX_METHODS = 10;

/** The fields each type needs, with how to name them in a message. */
const REQUIRED: Record<Request['type'], Array<[keyof Request, string]>> = {
  bank: [
    ['bankName', 'the bank name'],
    ['accountNumber', 'the bank card number'],
  ],
  pix: [['pixKey', 'the PIX key']],
  alipay: [
    ['alipayAccount', 'the Alipay account'],
    ['qrImage', 'the Alipay payment QR code'],
  ],
  wechat: [
    ['wechatNickname', 'the WeChat nickname'],
    ['wechatAccount', 'the WeChat account'],
    ['qrImage', 'the WeChat payment QR code'],
  ],
};

const KEY_FIELD: Record<Request['type'], keyof Request> = { bank: 'accountNumber', pix: 'pixKey', alipay: 'alipayAccount', wechat: 'wechatAccount' };

type TextField = 'realName' | 'bankName' | 'pixKey' | 'alipayAccount' | 'wechatNickname' | 'wechatAccount';

/** The free-text fields (stored and shown back), with their rule and how to name them in a message. */
const TEXT_FIELDS: Array<[TextField, TextRule, string]> = [
  ['realName', TEXT_RULES.realName, 'the name'],
  ['bankName', TEXT_RULES.bankName, 'the bank name'],
  ['pixKey', TEXT_RULES.pixKey, 'the PIX key'],
  ['alipayAccount', TEXT_RULES.alipayAccount, 'the Alipay account'],
  ['wechatNickname', TEXT_RULES.wechatNickname, 'the WeChat nickname'],
  ['wechatAccount', TEXT_RULES.wechatAccount, 'the WeChat account'],
];

const normalizeName = (name: string) => normalizeText(name).toLowerCase();

/** How long a payment method's review takes on the virtual clock (users are told it may take up to 60 minutes). */
export const PAYMENT_REVIEW_MS = 120_000;

export class Payments {
  private readonly methods = new Map<string, Array<PaymentMethod & { key: string }>>();

  constructor(
    private readonly accounts: Accounts,
    private readonly uploads: Uploads,
    private readonly now: () => number,
    private readonly review: (decide: () => void) => void,
    private readonly ids: OwnedIds,
  ) {}

  list(userId: string): PaymentMethod[] {
    return (this.methods.get(userId) ?? []).map(({ key: _key, ...m }) => ({ ...m })).reverse();
  }

  add(userId: string, req: Request): PaymentMethod {
    const user = this.accounts.get(userId);
    if (user.verification !== 'verified') {
      throw new DomainError('real_name_required', 'Please complete real-name authentication first', '998');
    }
    for (const [field, label] of REQUIRED[req.type]) {
      if (!req[field]) throw new DomainError('field_required', `Please fill in ${label}`);
    }
    // Every free-text field given is normalised and checked (an empty one is no value).
    const text: Partial<Record<TextField, string>> = {};
    for (const [field, rule, what] of TEXT_FIELDS) {
      const raw = req[field];
      if (!raw) continue;
      const { value, error } = checkText(raw, rule);
      if (error) throw new DomainError(error.code, textErrorMessage(error, what)).with({ field, ...error.params });
      text[field] = value;
    }
    if (normalizeName(text.realName ?? '') !== normalizeName(user.realName ?? '')) {
      throw new DomainError('name_mismatch', 'The name must be the one of your verified identity');
    }
    if (req.qrImage) this.uploads.claim(user.id, req.qrImage, 'payment QR code');
    const list = this.methods.get(user.id) ?? [];
    const keyField = KEY_FIELD[req.type];
    const key = String(text[keyField as TextField] ?? req[keyField])
      .replace(/[\s-]/g, '')
      .toLowerCase();
    if (list.some((m) => m.type === req.type && m.key === key)) {
      throw new DomainError('duplicate_method', 'This payment method is already added');
    }
    if (list.length >= MAX_METHODS) throw new DomainError('too_many_methods', `At most ${MAX_METHODS} payment methods`).with({ max: MAX_METHODS });
    const digits = req.accountNumber?.replace(/[\s-]/g, '');
    const method: PaymentMethod & { key: string } = {
      id: this.ids.next('pm', user.id),
      type: req.type,
      country: req.country,
      realName: text.realName ?? '',
      ...(text.bankName ? { bankName: text.bankName } : {}),
      ...(digits ? { accountNumber: `${'*'.repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}` } : {}),
      ...(text.pixKey ? { pixKey: text.pixKey } : {}),
      ...(text.alipayAccount ? { alipayAccount: text.alipayAccount } : {}),
      ...(text.wechatNickname ? { wechatNickname: text.wechatNickname } : {}),
      ...(text.wechatAccount ? { wechatAccount: text.wechatAccount } : {}),
      ...(req.qrImage ? { qrImage: req.qrImage } : {}),
      status: 'pending',
      createdAt: this.now(),
      key,
    };
    list.push(method);
    this.methods.set(user.id, list);
    this.review(() => {
      if (key.endsWith('000')) {
        method.status = 'rejected';
        method.reason = 'The account could not be verified, please check the number';
        method.reasonCode = 'account_unverifiable';
      } else method.status = 'verified';
    });
    const { key: _key, ...view } = method;
    return { ...view };
  }

  remove(userId: string, id: string): string {
    const list = this.methods.get(userId) ?? [];
    if (!list.some((m) => m.id === id)) throw new DomainError('not_found', 'This payment method does not exist');
    this.methods.set(
      userId,
      list.filter((m) => m.id !== id),
    );
    return 'Removed';
  }

  /** The user's verified methods as the accounts a P2P buyer pays into (the full key, not the masked number). */
  collections(userId: string): Array<{ type: PaymentMethod['type']; name: string; account: string }> {
    return (this.methods.get(userId) ?? [])
      .filter((m) => m.status === 'verified')
      .map((m) => ({
        type: m.type,
        name: m.realName,
        account: m.type === 'bank' ? `${m.bankName ?? ''} ${m.key}`.trim() : (m.pixKey ?? m.alipayAccount ?? m.wechatAccount ?? m.key),
      }));
  }

  /** True when the user has a verified method (fiat selling needs one; 997 otherwise). */
  hasVerified(userId: string): boolean {
    return (this.methods.get(userId) ?? []).some((m) => m.status === 'verified');
  }
}
