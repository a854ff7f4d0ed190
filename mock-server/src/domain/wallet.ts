/**
 * Money in and out, all through the ledger: deposits confirmed block by block, voucher recharges
 * reviewed, withdrawals with an address book, reviewed then confirmed, transfers between a user's
 * accounts, and flash exchange at a firm quote. Records (what the user sees) keep their status.
 */
import Big from 'big.js';
import { checkText, textErrorMessage, TEXT_RULES } from '../../../common/text.ts';
import type { components } from '../../../contracts/generated/openapi.ts';
import type { Accounts, UserRecord } from './accounts.ts';
import { chainInfo, checkAddress, COINS, coinInfo, makeAddress, parseAmount, type Chain } from './coins.ts';
import { DomainError } from './errors.ts';
import { ACCOUNT_KINDS, insufficient, Ledger, SYSTEM, type AccountKind } from './ledger.ts';
import type { Market } from './market.ts';
import { OwnedIds, Rng } from './random.ts';
import type { Scheduler } from './scheduler.ts';
import type { Uploads } from './uploads.ts';

type Schemas = components['schemas'];
export type WalletRecord = Schemas['Record'];

/** Virtual time between two blocks of every chain (a confirmation each). */
export const BLOCK_MS = 10_000;
export const WITHDRAWAL_REVIEW_MS = 30_000;
export const RECHARGE_REVIEW_MS = 60_000;
export const QUOTE_TTL_MS = 10_000;
export const FLASH_FEE = new Big('0.001');
export const FLASH_SPREAD = new Big('0.002');
const DAY = 24 * 60 * 60_000;

export interface WalletEvents {
  record: (userId: string, record: WalletRecord) => void;
}

export class Wallet {
  private readonly records = new Map<string, WalletRecord[]>();
  private readonly addresses = new Map<string, Array<Schemas['WithdrawAddress']>>();
  private readonly quotes = new Map<string, Schemas['FlashQuote'] & { owner: string; used: boolean }>();
  private readonly ids: OwnedIds;

  constructor(
    private readonly seed: number,
    readonly ledger: Ledger,
    private readonly accounts: Accounts,
    private readonly uploads: Uploads,
    private readonly market: Market,
    private readonly scheduler: Scheduler,
    private readonly now: () => number,
    private readonly onRecord: (userId: string, record: WalletRecord) => void,
    private readonly review: (delay: number, decide: (at: number) => void) => void,
  ) {
    this.ids = new OwnedIds(seed);
  }

  private id(prefix: string, owner: string): string {
    return this.ids.next(prefix, owner);
  }

  private add(userId: string, record: WalletRecord): WalletRecord {
    const list = this.records.get(userId) ?? [];
    list.push(record);
    this.records.set(userId, list);
    this.onRecord(userId, { ...record });
    return { ...record };
  }

  private changed(userId: string, record: WalletRecord): void {
    this.onRecord(userId, { ...record });
  }

  /** USDT per unit of a coin at the last price. */
  price(coin: string): Big {
    if (coin === 'USDT') return new Big(1);
    return new Big(this.market.ticker(`${coin}/USDT`).last);
  }

  // ---- balances -------------------------------------------------------------------------

  view(token: string | undefined): Schemas['Wallet'] {
    const user = this.accounts.record(token);
    let total = new Big(0);
    const accounts = ACCOUNT_KINDS.map((kind) => {
      let kindTotal = new Big(0);
      const balances = COINS.map(({ coin, precision }) => {
        const b = this.ledger.balance(user.id, kind, coin);
        const value = b.available.plus(b.frozen).times(this.price(coin)).round(2, Big.roundDown);
        kindTotal = kindTotal.plus(value);
        return { coin, available: b.available.toFixed(precision), frozen: b.frozen.toFixed(precision), usdtValue: value.toFixed(2) };
      });
      total = total.plus(kindTotal);
      return { kind, usdtTotal: kindTotal.toFixed(2), balances };
    });
    return { usdtTotal: total.toFixed(2), accounts };
  }

  /** Scenario helper: money that arrived before the world started. */
  seedBalance(userId: string, coin: string, amount: string): void {
    this.ledger.post(this.id('seed', userId), 'deposit', [
      { owner: SYSTEM.external, kind: 'funds', coin, available: new Big(amount).neg() },
      { owner: userId, kind: 'funds', coin, available: new Big(amount) },
    ]);
  }

  // ---- deposits -------------------------------------------------------------------------

  depositAddress(token: string | undefined, coin: string, chain: Chain): Schemas['DepositAddress'] {
    const user = this.accounts.record(token);
    const info = chainInfo(coin, chain);
    return { coin, chain, address: this.addressOf(user.id, chain), minDeposit: info.minDeposit, confirmations: info.depositConfirmations };
  }

  private addressOf(userId: string, chain: Chain): string {
    return makeAddress(chain, new Rng(this.seed, `deposit-address:${userId}:${chain}`));
  }

  wireDetails(token: string | undefined): Schemas['WireDetails'] {
    const user = this.accounts.record(token);
    return {
      available: true,
      currency: 'USD',
      bankName: 'First Harbor Bank',
      accountNumber: '104477120034',
      accountName: 'H5 Exchange Ltd',
      bankAddress: '1 Harbor Street, Wilmington DE 19801, USA',
      transferCode: `W${user.inviteCode}`,
      companyAddress: '8 Market Lane, Wilmington DE 19801, USA',
    };
  }

  /** An incoming chain transfer: confirming now, then credited (or not) at the chain's confirmations. */
  incomingDeposit(userId: string, coin: string, chain: Chain, amountText: string): WalletRecord {
    const info = chainInfo(coin, chain);
    const amount = parseAmount(amountText, coin);
    const id = this.id('dp', userId);
    const rng = new Rng(this.seed, `txid:${id}`);
    const record = this.add(userId, {
      id,
      type: 'deposit',
      coin,
      chain,
      accountKind: 'funds',
      amount: amount.toString(),
      fee: '0',
      status: 'confirming',
      confirmations: 0,
      requiredConfirmations: info.depositConfirmations,
      address: this.addressOf(userId, chain),
      txid: rng.hex(64),
      time: this.now(),
    });
    const stored = this.find(userId, record.id);
    const confirm = (at: number) => {
      stored.confirmations = (stored.confirmations ?? 0) + 1;
      if (stored.confirmations < info.depositConfirmations) {
        this.changed(userId, stored);
        return this.scheduler.at(at + BLOCK_MS, confirm);
      }
      if (amount.lt(info.minDeposit)) {
        stored.status = 'not_credited';
        stored.reason = `Below the minimum deposit of ${info.minDeposit} ${coin}: not credited`;
      } else {
        this.ledger.post(stored.id, 'deposit', [
          { owner: SYSTEM.external, kind: 'funds', coin, available: amount.neg() },
          { owner: userId, kind: 'funds', coin, available: amount },
        ]);
        stored.status = 'credited';
      }
      this.changed(userId, stored);
    };
    this.scheduler.at(this.now() + BLOCK_MS, confirm);
    return record;
  }

  sandboxDeposit(token: string | undefined, req: Schemas['SandboxDepositRequest']): WalletRecord {
    return this.incomingDeposit(this.accounts.record(token).id, req.coin, req.chain, req.amount);
  }

  /**
   * A voucher recharge: reviewed, then credited when the amount received matches. The mock
   * receives the amount applied for, except amounts whose whole part ends in 7, received one unit
   * short (a mismatch), so both outcomes can be shown.
   */
  recharge(token: string | undefined, req: Schemas['RechargeRequest']): WalletRecord {
    const user = this.accounts.record(token);
    chainInfo(req.coin, req.chain);
    const amount = parseAmount(req.amount, req.coin);
    this.uploads.claim(user.id, req.voucher, 'payment voucher');
    if (req.address.trim() !== this.addressOf(user.id, req.chain)) {
      throw new DomainError('address_mismatch', 'This is not your deposit address for this coin and network');
    }
    const record = this.add(user.id, {
      id: this.id('rc', user.id),
      type: 'recharge',
      coin: req.coin,
      chain: req.chain,
      accountKind: 'funds',
      amount: amount.toString(),
      fee: '0',
      status: 'reviewing',
      address: req.address.trim(),
      time: this.now(),
    });
    const stored = this.find(user.id, record.id);
    this.review(RECHARGE_REVIEW_MS, () => {
      const received = amount.round(0, Big.roundDown).mod(10).eq(7) ? amount.minus(1) : amount;
      if (!received.eq(amount)) {
        stored.status = 'failure';
        stored.reason = `The amount received (${received.toString()} ${req.coin}) does not match the application`;
      } else {
        this.ledger.post(stored.id, 'recharge', [
          { owner: SYSTEM.external, kind: 'funds', coin: req.coin, available: amount.neg() },
          { owner: user.id, kind: 'funds', coin: req.coin, available: amount },
        ]);
        stored.status = 'success';
      }
      this.changed(user.id, stored);
    });
    return record;
  }

  // ---- address book and withdrawals -----------------------------------------------------

  listAddresses(token: string | undefined): Array<Schemas['WithdrawAddress']> {
    const user = this.accounts.record(token);
    return [...(this.addresses.get(user.id) ?? [])].reverse();
  }

  addAddress(token: string | undefined, req: Schemas['AddressRequest']): Schemas['WithdrawAddress'] {
    const user = this.accounts.record(token);
    chainInfo(req.coin, req.chain);
    const address = req.address.trim();
    checkAddress(req.chain, address);
    const list = this.addresses.get(user.id) ?? [];
    if (list.some((a) => a.coin === req.coin && a.chain === req.chain && a.address === address)) {
      throw new DomainError('duplicate_address', 'This address is already in your address book');
    }
    if (address === this.addressOf(user.id, req.chain)) {
      throw new DomainError('own_address', 'This is your own deposit address');
    }
    // An empty label is no label; any other must be valid, visible text (common/text.ts): a label
    // of only spaces is refused, not dropped. Checked before the code is used up.
    const label = req.label ? checkText(req.label, TEXT_RULES.addressLabel) : null;
    if (label?.error) throw new DomainError(label.error.code, textErrorMessage(label.error, 'the label')).with({ field: 'label', ...label.error.params });
    this.accounts.verifySecurityCode(user, req.code);
    const entry = {
      id: this.id('ad', user.id),
      coin: req.coin,
      chain: req.chain,
      address,
      ...(label ? { label: label.value } : {}),
      createdAt: this.now(),
    };
    list.push(entry);
    this.addresses.set(user.id, list);
    return { ...entry };
  }

  removeAddress(token: string | undefined, id: string): string {
    const user = this.accounts.record(token);
    const list = this.addresses.get(user.id) ?? [];
    if (!list.some((a) => a.id === id)) throw new DomainError('not_found', 'This address does not exist');
    this.addresses.set(user.id, list.filter((a) => a.id !== id));
    return 'Removed';
  }

  /** USDT value withdrawn (or on the way) in the last 24 hours. */
  private withdrawnToday(userId: string): Big {
    const since = this.now() - DAY;
    return (this.records.get(userId) ?? [])
      .filter((r) => r.type === 'withdrawal' && r.time > since && r.status !== 'failure')
      .reduce((sum, r) => sum.plus(new Big(r.amount).abs().times(this.price(r.coin))), new Big(0));
  }

  withdraw(token: string | undefined, req: Schemas['WithdrawRequest']): WalletRecord {
    const user = this.accounts.record(token);
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
    this.accounts.checkTransactionPassword(user, req.transactionPassword);
    if (this.ledger.balance(user.id, 'funds', req.coin).available.lt(amount.plus(fee))) throw insufficient();
    const view = this.accounts.view(user);
    if (this.withdrawnToday(user.id).plus(amount.times(this.price(req.coin))).gt(view.withdrawalLimit)) {
      throw new DomainError('limit_exceeded', `Over your 24-hour withdrawal limit of ${view.withdrawalLimit} USDT; verify your identity to raise it`).with({
        limit: view.withdrawalLimit,
        coin: 'USDT',
      });
    }
    const id = this.id('wd', user.id);
    const total = amount.plus(fee);
    this.ledger.post(id, 'freeze', [{ owner: user.id, kind: 'funds', coin: req.coin, available: total.neg(), frozen: total }]);
    const record = this.add(user.id, {
      id,
      type: 'withdrawal',
      coin: req.coin,
      chain: req.chain,
      accountKind: 'funds',
      amount: amount.neg().toString(),
      fee: fee.toString(),
      status: 'application',
      confirmations: 0,
      requiredConfirmations: info.withdrawConfirmations,
      address: target.address,
      time: this.now(),
    });
    this.reviewWithdrawal(user, this.find(user.id, id), amount, fee, info.withdrawConfirmations);
    return record;
  }

  /**
   * Reviewed after a delay (an address ending in "dead" is refused by the network: failure, the
   * frozen amount returns), then one confirmation per block up to the chain's count.
   */
  private reviewWithdrawal(user: UserRecord, record: WalletRecord, amount: Big, fee: Big, needed: number): void {
    const total = amount.plus(fee);
    const coin = record.coin;
    this.review(WITHDRAWAL_REVIEW_MS, (reviewedAt) => {
      if (record.address!.toLowerCase().endsWith('dead')) {
        this.ledger.post(record.id, 'unfreeze', [{ owner: user.id, kind: 'funds', coin, available: total, frozen: total.neg() }]);
        record.status = 'failure';
        record.reason = 'The address was refused by the network; the amount is back in your funds account';
        return this.changed(user.id, record);
      }
      record.status = 'confirming';
      record.txid = new Rng(this.seed, `wtx:${record.id}`).hex(64);
      this.changed(user.id, record);
      const confirm = (at: number) => {
        record.confirmations = (record.confirmations ?? 0) + 1;
        if (record.confirmations >= needed) {
          this.ledger.post(record.id, 'withdrawal', [
            { owner: user.id, kind: 'funds', coin, frozen: total.neg() },
            { owner: SYSTEM.external, kind: 'funds', coin, available: amount },
            { owner: SYSTEM.fees, kind: 'funds', coin, available: fee },
          ]);
          record.status = 'success';
        } else this.scheduler.at(at + BLOCK_MS, confirm);
        this.changed(user.id, record);
      };
      this.scheduler.at(reviewedAt + BLOCK_MS, confirm);
    });
  }

  // ---- transfers and flash exchange -------------------------------------------------------

  transfer(token: string | undefined, req: Schemas['TransferRequest']): WalletRecord {
    const user = this.accounts.record(token);
    coinInfo(req.coin);
    if (req.from === req.to) throw new DomainError('same_account', 'Choose two different accounts');
    const amount = parseAmount(req.amount, req.coin);
    const id = this.id('tf', user.id);
    this.ledger.post(id, 'transfer', [
      { owner: user.id, kind: req.from, coin: req.coin, available: amount.neg() },
      { owner: user.id, kind: req.to, coin: req.coin, available: amount },
    ]);
    return this.add(user.id, {
      id,
      type: 'transfer',
      coin: req.coin,
      accountKind: req.from,
      toAccountKind: req.to,
      amount: amount.neg().toString(),
      fee: '0',
      status: 'success',
      time: this.now(),
    });
  }

  quote(token: string | undefined, req: Schemas['FlashQuoteRequest']): Schemas['FlashQuote'] {
    const user = this.accounts.record(token);
    if (req.from === req.to) throw new DomainError('same_coin', 'Choose two different coins');
    const amount = parseAmount(req.amount, req.from);
    const to = coinInfo(req.to);
    const rate = this.price(req.from).div(this.price(req.to)).times(new Big(1).minus(FLASH_SPREAD)).round(8, Big.roundDown);
    const gross = amount.times(rate);
    const fee = gross.times(FLASH_FEE).round(to.precision, Big.roundUp);
    const receive = gross.minus(fee).round(to.precision, Big.roundDown);
    if (receive.lte(0)) throw new DomainError('amount_too_small', 'The amount is too small to exchange');
    if (this.ledger.balance(user.id, 'funds', req.from).available.lt(amount)) throw insufficient();
    const quote = {
      id: this.id('fq', user.id),
      from: req.from,
      to: req.to,
      amount: amount.toString(),
      rate: rate.toString(),
      fee: fee.toString(),
      receive: receive.toString(),
      expiresAt: this.now() + QUOTE_TTL_MS,
      validSeconds: QUOTE_TTL_MS / 1000,
    };
    // Quotes past their validity can never be used: forget them, so quoting leaves no garbage.
    for (const [id, q] of this.quotes) if (q.expiresAt < this.now()) this.quotes.delete(id);
    this.quotes.set(quote.id, { ...quote, owner: user.id, used: false });
    return quote;
  }

  exchange(token: string | undefined, quoteId: string): WalletRecord {
    const user = this.accounts.record(token);
    const q = this.quotes.get(quoteId);
    if (!q || q.owner !== user.id || q.used || q.expiresAt < this.now()) {
      throw new DomainError('quote_expired', 'The quote has expired, please get a new one');
    }
    const amount = new Big(q.amount);
    const receive = new Big(q.receive);
    const fee = new Big(q.fee);
    this.ledger.post(q.id, 'exchange', [
      { owner: user.id, kind: 'funds', coin: q.from, available: amount.neg() },
      { owner: SYSTEM.desk, kind: 'funds', coin: q.from, available: amount },
      { owner: SYSTEM.desk, kind: 'funds', coin: q.to, available: receive.plus(fee).neg() },
      { owner: user.id, kind: 'funds', coin: q.to, available: receive },
      { owner: SYSTEM.fees, kind: 'funds', coin: q.to, available: fee },
    ]);
    q.used = true;
    return this.add(user.id, {
      id: q.id.replace('fq_', 'fx_'),
      type: 'exchange',
      coin: q.from,
      toCoin: q.to,
      accountKind: 'funds',
      amount: amount.neg().toString(),
      toAmount: receive.toString(),
      fee: fee.toString(),
      status: 'success',
      time: this.now(),
    });
  }

  // ---- records ----------------------------------------------------------------------------

  private find(userId: string, id: string): WalletRecord {
    return (this.records.get(userId) ?? []).find((r) => r.id === id)!;
  }

  list(token: string | undefined, query: { type?: string; coin?: string; kind?: AccountKind; page?: number; pageSize?: number }): Schemas['RecordPage'] {
    const user = this.accounts.record(token);
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 20;
    const all = [...(this.records.get(user.id) ?? [])]
      .reverse()
      .filter((r) => !query.type || query.type === 'all' || r.type === query.type)
      .filter((r) => !query.coin || r.coin === query.coin || r.toCoin === query.coin)
      .filter((r) => !query.kind || r.accountKind === query.kind || r.toAccountKind === query.kind);
    return { items: all.slice((page - 1) * pageSize, page * pageSize).map((r) => ({ ...r })), page, pageSize, total: all.length };
  }
}
