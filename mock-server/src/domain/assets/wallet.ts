/**
 * Money in, all through the ledger: balances and their USDT value, deposits confirmed block by
 * block, voucher recharges reviewed, and the records of a user. Withdrawals (withdrawals.ts) and
 * transfers and flash exchange (exchange.ts) share the same dependencies (WalletDeps).
 */
import Big from 'big.js';
import type { components } from '../../../../contracts/generated/openapi.ts';
import type { UserBalance } from '../../../../contracts/generated/socket.ts';
import type { Accounts } from '../account/accounts.ts';
import { chainInfo, coinAmount, COINS, makeAddress, parseAmount, type Chain } from './coins.ts';
import * as dec from '../kernel/decimals.ts';
import { deepFreeze } from '../kernel/frozen.ts';
import { DomainError } from '../kernel/errors.ts';
import { ACCOUNT_KINDS, type AccountKind, Ledger, SYSTEM } from '../kernel/ledger.ts';
import { paged } from '../kernel/paging.ts';
import type { Market } from '../market/market.ts';
import { Rng } from '../kernel/random.ts';
import type { RecordBook, RecordQuery, WalletRecord } from './records.ts';
import type { Scheduler } from '../kernel/scheduler.ts';
import type { Uploads } from '../kernel/uploads.ts';

type Schemas = components['schemas'];
export type { WalletRecord };

/** Virtual time between two blocks of every chain (a confirmation each). */
export const BLOCK_MS = 10_000;
const RECHARGE_REVIEW_MS = 60_000;

/** What the money modules need from the world. */
export interface WalletDeps {
  seed: number;
  ledger: Ledger;
  accounts: Accounts;
  uploads: Uploads;
  market: Market;
  scheduler: Scheduler;
  records: RecordBook;
  now: () => number;
  /** A review decided `delay` of virtual time from now (at once in the instant-review scenario). */
  review: (delay: number, decide: (at: number) => void) => void;
}

/** USDT per unit of a coin at the last price. */
export function usdtPrice(market: Market, coin: string): Big {
  if (coin === 'USDT') return new Big(1);
  return new Big(market.ticker(`${coin}/USDT`).last);
}

/** A user's deposit address on a chain: derived from (seed, user, chain), the same every time. */
export function depositAddressOf(seed: number, userId: string, chain: Chain): string {
  return makeAddress(chain, new Rng(seed, `deposit-address:${userId}:${chain}`));
}

export class Wallet {
  private readonly ledger: Ledger;
  private readonly accounts: Accounts;
  private readonly records: RecordBook;

  constructor(private readonly deps: WalletDeps) {
    ({ ledger: this.ledger, accounts: this.accounts, records: this.records } = deps);
  }

  private id(prefix: string, owner: string): string {
    return this.records.id(prefix, owner);
  }

  private price(coin: string): Big {
    return usdtPrice(this.deps.market, coin);
  }

  // ---- balances -------------------------------------------------------------------------

  /** Each user's last wallet view, with the ledger version and the prices (tickers of a second) it was made at. */
  /** Every non-empty balance of a user, as decimal strings with the coin's precision (the `balances` event). */
  balancesOf(userId: string): UserBalance[] {
    return this.ledger
      .holdings(userId)
      .filter((h) => !h.available.eq(0) || !h.frozen.eq(0))
      .map((h) => ({ kind: h.kind, coin: h.coin, available: coinAmount(h.coin, h.available), frozen: coinAmount(h.coin, h.frozen) }));
  }

  private readonly views = new Map<string, { version: number; prices: unknown; view: Schemas['Wallet'] }>();

  view(userId: string): Schemas['Wallet'] {
    const version = this.ledger.version;
    const prices = this.deps.market.tickers();
    const cached = this.views.get(userId);
    if (cached && cached.version === version && cached.prices === prices) return cached.view;
    const view = deepFreeze(this.compute(userId));
    this.views.set(userId, { version, prices, view });
    return view;
  }

  private compute(userId: string): Schemas['Wallet'] {
    let total = new Big(0);
    const accounts = ACCOUNT_KINDS.map((kind) => {
      let kindTotal = new Big(0);
      const balances = COINS.map(({ coin }) => {
        const b = this.ledger.balance(userId, kind, coin);
        // Each value is truncated; the totals are the sums of the values shown.
        const value = dec.round(b.available.plus(b.frozen).times(this.price(coin)), dec.VALUE_DECIMALS, 'display');
        kindTotal = kindTotal.plus(value);
        return { coin, available: coinAmount(coin, b.available), frozen: coinAmount(coin, b.frozen), usdtValue: dec.usdt(value) };
      });
      total = total.plus(kindTotal);
      return { kind, usdtTotal: dec.usdt(kindTotal), balances };
    });
    return { usdtTotal: dec.usdt(total), accounts };
  }

  /** Scenario helper: money that arrived before the world started. */
  seedBalance(userId: string, coin: string, amount: string): void {
    this.ledger.post(this.id('seed', userId), 'deposit', [
      { owner: SYSTEM.external, kind: 'funds', coin, available: new Big(amount).neg() },
      { owner: userId, kind: 'funds', coin, available: new Big(amount) },
    ]);
  }

  // ---- deposits -------------------------------------------------------------------------

  depositAddress(userId: string, coin: string, chain: Chain): Schemas['DepositAddress'] {
    const info = chainInfo(coin, chain);
    return { coin, chain, address: this.addressOf(userId, chain), minDeposit: coinAmount(coin, info.minDeposit), confirmations: info.depositConfirmations };
  }

  private addressOf(userId: string, chain: Chain): string {
    return depositAddressOf(this.deps.seed, userId, chain);
  }

  wireDetails(userId: string): Schemas['WireDetails'] {
    const user = this.accounts.get(userId);
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
    const rng = new Rng(this.deps.seed, `txid:${id}`);
    const record = this.records.add(userId, {
      id,
      type: 'deposit',
      coin,
      chain,
      accountKind: 'funds',
      amount: coinAmount(coin, amount),
      fee: coinAmount(coin, '0'),
      status: 'confirming',
      confirmations: 0,
      requiredConfirmations: info.depositConfirmations,
      address: this.addressOf(userId, chain),
      txid: rng.hex(64),
      time: this.deps.now(),
    });
    const stored = this.records.find(userId, record.id);
    const confirm = (at: number) => {
      stored.confirmations = (stored.confirmations ?? 0) + 1;
      if (stored.confirmations < info.depositConfirmations) {
        this.records.changed(userId, stored);
        return this.deps.scheduler.at(at + BLOCK_MS, confirm);
      }
      if (amount.lt(info.minDeposit)) {
        stored.status = 'not_credited';
        stored.reason = `Below the minimum deposit of ${info.minDeposit} ${coin}: not credited`;
        stored.reasonCode = 'below_min_deposit';
        stored.reasonParams = { min: coinAmount(coin, info.minDeposit), coin };
      } else {
        this.ledger.post(stored.id, 'deposit', [
          { owner: SYSTEM.external, kind: 'funds', coin, available: amount.neg() },
          { owner: userId, kind: 'funds', coin, available: amount },
        ]);
        stored.status = 'credited';
      }
      this.records.changed(userId, stored);
    };
    this.deps.scheduler.at(this.deps.now() + BLOCK_MS, confirm);
    return record;
  }

  sandboxDeposit(userId: string, req: Schemas['SandboxDepositRequest']): WalletRecord {
    return this.incomingDeposit(userId, req.coin, req.chain, req.amount);
  }

  /**
   * A voucher recharge: reviewed, then credited when the amount received matches. The mock
   * receives the amount applied for, except amounts whose whole part ends in 7, received one unit
   * short (a mismatch), so both outcomes can be shown.
   */
  recharge(userId: string, req: Schemas['RechargeRequest']): WalletRecord {
    chainInfo(req.coin, req.chain);
    const amount = parseAmount(req.amount, req.coin);
    this.deps.uploads.claim(userId, req.voucher, 'payment voucher');
    if (req.address.trim() !== this.addressOf(userId, req.chain)) {
      throw new DomainError('address_mismatch', 'This is not your deposit address for this coin and network');
    }
    const record = this.records.add(userId, {
      id: this.id('rc', userId),
      type: 'recharge',
      coin: req.coin,
      chain: req.chain,
      accountKind: 'funds',
      amount: coinAmount(req.coin, amount),
      fee: coinAmount(req.coin, '0'),
      status: 'reviewing',
      address: req.address.trim(),
      time: this.deps.now(),
    });
    const stored = this.records.find(userId, record.id);
    this.deps.review(RECHARGE_REVIEW_MS, () => {
      const received = amount.round(0, Big.roundDown).mod(10).eq(7) ? amount.minus(1) : amount;
      if (!received.eq(amount)) {
        stored.status = 'failure';
        stored.reason = `The amount received (${received.toFixed()} ${req.coin}) does not match the application`;
        stored.reasonCode = 'amount_mismatch';
        stored.reasonParams = { received: coinAmount(req.coin, received), coin: req.coin };
      } else {
        this.ledger.post(stored.id, 'recharge', [
          { owner: SYSTEM.external, kind: 'funds', coin: req.coin, available: amount.neg() },
          { owner: userId, kind: 'funds', coin: req.coin, available: amount },
        ]);
        stored.status = 'success';
      }
      this.records.changed(userId, stored);
    });
    return record;
  }

  list(userId: string, query: RecordQuery): Schemas['RecordPage'] {
    return this.records.page(userId, query);
  }

  /** The caller's balance log of one account (and coin), newest first. */
  balanceLog(userId: string, q: { kind: AccountKind; coin?: string; page?: number; pageSize?: number }): Schemas['BalanceLogPage'] {
    const entries = this.ledger.log(userId, q.kind, q.coin).reverse();
    const { items, ...page } = paged(entries, q);
    return {
      ...page,
      items: items.map((e) => ({
        id: `le_${e.seq}`,
        reason: e.reason,
        ref: e.ref,
        coin: e.coin,
        available: coinAmount(e.coin, e.available),
        frozen: coinAmount(e.coin, e.frozen),
        availableAfter: coinAmount(e.coin, e.availableAfter),
        frozenAfter: coinAmount(e.coin, e.frozenAfter),
        time: e.time,
      })),
    };
  }
}
