/**
 * Payment methods (collect-money information): bank card, PIX, Alipay, WeChat. Adding one needs
 * verified real-name authentication (998 otherwise) under the same name; each waits for a review.
 * The review is deterministic: an account or key ending in 000 is rejected, anything else verified.
 */
import type { components } from '../../../contracts/generated/openapi.ts';
import type { Accounts } from './accounts.ts';
import { DomainError } from './errors.ts';
import type { Uploads } from './uploads.ts';

type Schemas = components['schemas'];
type PaymentMethod = Schemas['PaymentMethod'];
type Request = Schemas['PaymentMethodRequest'];

export const MAX_METHODS = 10;

/** The fields each type needs, with how to name them in a message. */
const REQUIRED: Record<Request['type'], Array<[keyof Request, string]>> = {
  bank: [['bankName', 'the bank name'], ['accountNumber', 'the bank card number']],
  pix: [['pixKey', 'the PIX key']],
  alipay: [['alipayAccount', 'the Alipay account'], ['qrImage', 'the Alipay payment QR code']],
  wechat: [['wechatNickname', 'the WeChat nickname'], ['wechatAccount', 'the WeChat account'], ['qrImage', 'the WeChat payment QR code']],
};

const KEY_FIELD: Record<Request['type'], keyof Request> = { bank: 'accountNumber', pix: 'pixKey', alipay: 'alipayAccount', wechat: 'wechatAccount' };

const normalizeName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

export class Payments {
  private readonly methods = new Map<string, Array<PaymentMethod & { key: string }>>();
  private counter = 0;

  constructor(
    private readonly accounts: Accounts,
    private readonly uploads: Uploads,
    private readonly now: () => number,
    private readonly review: (decide: () => void) => void,
  ) {}

  list(token: string | undefined): PaymentMethod[] {
    const user = this.accounts.record(token);
    return (this.methods.get(user.id) ?? []).map(({ key: _key, ...m }) => ({ ...m })).reverse();
  }

  add(token: string | undefined, req: Request): PaymentMethod {
    const user = this.accounts.record(token);
    if (user.verification !== 'verified') {
      throw new DomainError('real_name_required', 'Please complete real-name authentication first', '998');
    }
    for (const [field, label] of REQUIRED[req.type]) {
      if (!String(req[field] ?? '').trim()) throw new DomainError('field_required', `Please fill in ${label}`);
    }
    if (normalizeName(req.realName) !== normalizeName(user.realName ?? '')) {
      throw new DomainError('name_mismatch', 'The name must be the one of your verified identity');
    }
    if (req.qrImage) this.uploads.require(user.id, req.qrImage, 'payment QR code');
    const list = this.methods.get(user.id) ?? [];
    const key = String(req[KEY_FIELD[req.type]]).replace(/[\s-]/g, '').toLowerCase();
    if (list.some((m) => m.type === req.type && m.key === key)) {
      throw new DomainError('duplicate_method', 'This payment method is already added');
    }
    if (list.length >= MAX_METHODS) throw new DomainError('too_many_methods', `At most ${MAX_METHODS} payment methods`).with({ max: MAX_METHODS });
    const digits = req.accountNumber?.replace(/[\s-]/g, '');
    const method: PaymentMethod & { key: string } = {
      id: `pm_${++this.counter}`,
      type: req.type,
      country: req.country,
      realName: req.realName.trim(),
      ...(req.bankName ? { bankName: req.bankName.trim() } : {}),
      ...(digits ? { accountNumber: `${'*'.repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}` } : {}),
      ...(req.pixKey ? { pixKey: req.pixKey.trim() } : {}),
      ...(req.alipayAccount ? { alipayAccount: req.alipayAccount.trim() } : {}),
      ...(req.wechatNickname ? { wechatNickname: req.wechatNickname.trim() } : {}),
      ...(req.wechatAccount ? { wechatAccount: req.wechatAccount.trim() } : {}),
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
      } else method.status = 'verified';
    });
    const { key: _key, ...view } = method;
    return { ...view };
  }

  remove(token: string | undefined, id: string): string {
    const user = this.accounts.record(token);
    const list = this.methods.get(user.id) ?? [];
    if (!list.some((m) => m.id === id)) throw new DomainError('not_found', 'This payment method does not exist');
    this.methods.set(user.id, list.filter((m) => m.id !== id));
    return 'Removed';
  }

  /** True when the user has a verified method (fiat selling needs one; 997 otherwise). */
  hasVerified(userId: string): boolean {
    return (this.methods.get(userId) ?? []).some((m) => m.status === 'verified');
  }
}
