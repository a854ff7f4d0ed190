/**
 * Withdrawals: the address book (added with a security code) and withdrawals from the funds
 * account, frozen on application, reviewed, then confirmed block by block, within the user's 24-hour
 * limit (by verification level) and behind the transaction password.
 */
import Big from 'big.js';
import { checkText, textErrorMessage, TEXT_RULES } from '../../../../common/text.ts';
import type { components } from '../../../../contracts/generated/openapi.ts';
import type { UserRecord } from '../account/accounts.ts';
import { chainInfo, checkAddress, coinAmount, parseAmount } from './coins.ts';
import { DomainError } from '../kernel/errors.ts';
import { insufficient, SYSTEM } from '../kernel/ledger.ts';
import { Rng } from '../kernel/random.ts';
import { BLOCK_MS, depositAddressOf, usdtPrice, type WalletDeps, type WalletRecord } from './wallet.ts';

type Schemas = components['schemas'];

const WITHDRAWAL_REVIEW_MS = 30_000;
const DAY = 24 * 60 * 60_000;

export class Withdrawals {
  private readonly addresses = new Map<string, Array<Schemas['WithdrawAddress']>>();

  constructor(private readonly deps: WalletDeps) {}

  listAddresses(userId: string): Array<Schemas['WithdrawAddress']> {
    return [...(this.addresses.get(userId) ?? [])].reverse();
  }

  addAddress(userId: string, req: Schemas['AddressRequest']): Schemas['WithdrawAddress'] {
    const user = this.deps.accounts.get(userId);
    chainInfo(req.coin, req.chain);
    const address = req.address.trim();
    checkAddress(req.chain, address);
    const list = this.addresses.get(user.id) ?? [];
    if (list.some((a) => a.coin === req.coin && a.chain === req.chain && a.address === address)) {
      throw new DomainError('duplicate_address', 'This address is already in your address book');
    }
    if (address === depositAddressOf(this.deps.seed, user.id, req.chain)) {
      throw new DomainError('own_address', 'This is your own deposit address');
    }
    // An empty label is no label; any other must be valid, visible text (common/text.ts): a label
    // of only spaces is refused, not dropped. Checked before the code is used up.
    const label = req.label ? checkText(req.label, TEXT_RULES.addressLabel) : null;
    if (label?.error) throw new DomainError(label.error.code, textErrorMessage(label.error, 'the label')).with({ field: 'label', ...label.error.params });
    this.deps.accounts.verifySecurityCode(user, req.code);
    const entry = {
      id: this.deps.records.id('ad', user.id),
      coin: req.coin,
      chain: req.chain,
      address,
      ...(label ? { label: label.value } : {}),
      createdAt: this.deps.now(),
    };
    list.push(entry);
    this.addresses.set(user.id, list);
    return { ...entry };
  }

  removeAddress(userId: string, id: string): string {
    const list = this.addresses.get(userId) ?? [];
    if (!list.some((a) => a.id === id)) throw new DomainError('not_found', 'This address does not exist');
    this.addresses.set(
      userId,
      list.filter((a) => a.id !== id),
    );
    return 'Removed';
  }

  /** USDT value withdrawn (or on the way) in the last 24 hours: what counts toward the 24 h limit. */
  withdrawnToday(userId: string): Big {
    const since = this.deps.now() - DAY;
    return this.deps.records
      .of(userId)
      .filter((r) => r.type === 'withdrawal' && r.time > since && r.status !== 'failure')
      .reduce((sum, r) => sum.plus(new Big(r.amount).abs().times(usdtPrice(this.deps.market, r.coin))), new Big(0));
  }

  withdraw(userId: string, req: Schemas['WithdrawRequest']): WalletRecord {
    const user = this.deps.accounts.get(userId);
    const info = chainInfo(req.coin, req.chain);
    const book = this.addresses.get(user.id) ?? [];
    if (!book.length) throw new DomainError('address_required', 'Please set your withdrawal address first');
    const target = book.find((a) => a.id === req.addressId);
    if (!target || target.coin !== req.coin || target.chain !== req.chain) {
      throw new DomainError('address_unknown', 'Please choose a withdrawal address of this coin and network');
    }
    const amount = parseAmount(req.amount, req.coin);
    if (amount.lt(info.minWithdraw)) {
      throw new DomainError('below_minimum', `The minimum withdrawal is ${info.minWithdraw} ${req.coin}`).with({ amount: info.minWithdraw, coin: req.coin });
    }
    const fee = new Big(info.withdrawFee);
    this.deps.accounts.checkTransactionPassword(user, req.transactionPassword);
    if (this.deps.ledger.balance(user.id, 'funds', req.coin).available.lt(amount.plus(fee))) throw insufficient();
    const view = this.deps.accounts.view(user);
    if (
      this.withdrawnToday(user.id)
        .plus(amount.times(usdtPrice(this.deps.market, req.coin)))
        .gt(view.withdrawalLimit)
    ) {
      // A message (and its params) quotes the limit as people write it: 2000, not 2000.00.
      const limit = new Big(view.withdrawalLimit).toFixed();
      throw new DomainError('limit_exceeded', `Over your 24-hour withdrawal limit of ${limit} USDT; verify your identity to raise it`).with({
        limit,
        coin: 'USDT',
      });
    }
    const id = this.deps.records.id('wd', user.id);
    const total = amount.plus(fee);
    this.deps.ledger.post(id, 'freeze', [{ owner: user.id, kind: 'funds', coin: req.coin, available: total.neg(), frozen: total }]);
    const record = this.deps.records.add(user.id, {
      id,
      type: 'withdrawal',
      coin: req.coin,
      chain: req.chain,
      accountKind: 'funds',
      amount: coinAmount(req.coin, amount.neg()),
      fee: coinAmount(req.coin, fee),
      status: 'application',
      confirmations: 0,
      requiredConfirmations: info.withdrawConfirmations,
      address: target.address,
      time: this.deps.now(),
    });
    this.reviewWithdrawal(user, this.deps.records.find(user.id, id), amount, fee, info.withdrawConfirmations);
    return record;
  }

  /**
   * Reviewed after a delay (an address ending in "dead" is refused by the network: failure, the
   * frozen amount returns), then one confirmation per block up to the chain's count.
   */
  private reviewWithdrawal(user: UserRecord, record: WalletRecord, amount: Big, fee: Big, needed: number): void {
    const total = amount.plus(fee);
    const coin = record.coin;
    this.deps.review(WITHDRAWAL_REVIEW_MS, (reviewedAt) => {
      if (record.address!.toLowerCase().endsWith('dead')) {
        this.deps.ledger.post(record.id, 'unfreeze', [{ owner: user.id, kind: 'funds', coin, available: total, frozen: total.neg() }]);
        record.status = 'failure';
        record.reason = 'The address was refused by the network; the amount is back in your funds account';
        record.reasonCode = 'address_refused';
        return this.deps.records.changed(user.id, record);
      }
      record.status = 'confirming';
      record.txid = new Rng(this.deps.seed, `wtx:${record.id}`).hex(64);
      this.deps.records.changed(user.id, record);
      const confirm = (at: number) => {
        record.confirmations = (record.confirmations ?? 0) + 1;
        if (record.confirmations >= needed) {
          this.deps.ledger.post(record.id, 'withdrawal', [
            { owner: user.id, kind: 'funds', coin, frozen: total.neg() },
            { owner: SYSTEM.external, kind: 'funds', coin, available: amount },
            { owner: SYSTEM.fees, kind: 'funds', coin, available: fee },
          ]);
          record.status = 'success';
        } else this.deps.scheduler.at(at + BLOCK_MS, confirm);
        this.deps.records.changed(user.id, record);
      };
      this.deps.scheduler.at(reviewedAt + BLOCK_MS, confirm);
    });
  }
}
